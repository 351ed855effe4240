import { useTranslation } from 'react-i18next';
import { formatDecimal, type ClientVariant } from '@primeur/shared';
import { countryName } from '../../../lib/format';
import { useCatalogLabels } from '../../../lib/lookups';

/** What a client's variant keeps of a supplier's (spec §2), in the order its tables show it. */
const FIELDS = ['origin', 'box', 'weightPiece', 'nbPiece', 'packaging', 'caliber'] as const;

/** The header cells of a variant's fields. */
export function VariantFieldHeaders() {
  const { t } = useTranslation('priceList');
  return FIELDS.map((f) => (
    <th key={f} scope="col">
      {t(`clientVariants.${f}`)}
    </th>
  ));
}

/** A variant's field cells; `empty` stands in for a field it leaves open. */
export function VariantFieldCells({ variant: v, empty }: { variant: Pick<ClientVariant, (typeof FIELDS)[number]>; empty: string }) {
  const { i18n } = useTranslation();
  const labels = useCatalogLabels();
  const lng = i18n.resolvedLanguage ?? 'en';
  return (
    <>
      <td>{v.origin ? countryName(v.origin.alpha2, lng, v.origin.name) : empty}</td>
      <td>{labels.box(v.box) || empty}</td>
      <td>{v.weightPiece === null ? empty : formatDecimal(v.weightPiece, lng)}</td>
      <td>{v.nbPiece}</td>
      <td>{labels.packaging(v.packaging) || empty}</td>
      <td>{v.caliber || empty}</td>
    </>
  );
}
