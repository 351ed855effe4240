import { Button, Modal, Spinner, Table } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import type { ProductLink } from '@primeur/shared';
import { countryName } from '../../../lib/format';
import { useCatalogLabels } from '../../../lib/lookups';
import { useVariantSources } from '../api/client-variants';

interface Props {
  link: ProductLink;
  busy: boolean;
  /** A supplier variant id to copy, or nothing for a variant that accepts any offer. */
  onCopy(supplierVariantId?: number): void;
  onHide(): void;
}

/** Lists the supplier variants of the product so one can be copied as the client's variant (spec §2). */
export function AddClientVariantModal({ link, busy, onCopy, onHide }: Props) {
  const { t, i18n } = useTranslation('priceList');
  const labels = useCatalogLabels();
  const lng = (i18n.resolvedLanguage ?? 'en') as 'en' | 'fr' | 'de' | 'es';
  const sources = useVariantSources(link.product.id);
  const dash = '—';
  return (
    <Modal show onHide={onHide} size="lg" centered>
      <Modal.Header closeButton>
        <Modal.Title as="h2" className="h5">
          {t('clientVariants.modalTitle', { product: link.product.names[lng] })}
        </Modal.Title>
      </Modal.Header>
      <Modal.Body>
        {sources.isPending ? (
          <Spinner animation="border" size="sm" />
        ) : !sources.data?.length ? (
          <p className="text-body-secondary">{t('clientVariants.noSupplierVariants')}</p>
        ) : (
          <Table size="sm" hover responsive className="small">
            <thead>
              <tr>
                <th scope="col">{t('clientVariants.supplier')}</th>
                <th scope="col">{t('clientVariants.origin')}</th>
                <th scope="col">{t('clientVariants.box')}</th>
                <th scope="col">{t('clientVariants.weightPiece')}</th>
                <th scope="col">{t('clientVariants.nbPiece')}</th>
                <th scope="col">{t('clientVariants.packaging')}</th>
                <th scope="col">{t('clientVariants.caliber')}</th>
                <th scope="col" />
              </tr>
            </thead>
            <tbody>
              {sources.data.map((v) => (
                <tr key={v.id}>
                  <td>{v.supplier.company}</td>
                  <td>{v.origin ? countryName(v.origin.alpha2, lng, v.origin.name) : dash}</td>
                  <td>{labels.box(v.box) || dash}</td>
                  <td>{v.weightPiece === null ? dash : String(v.weightPiece).replace('.', ',')}</td>
                  <td>{v.nbPiece}</td>
                  <td>{labels.packaging(v.packaging) || dash}</td>
                  <td>{v.caliber || dash}</td>
                  <td className="text-end">
                    <Button size="sm" className="py-0" disabled={busy} onClick={() => onCopy(v.id)}>
                      {t('clientVariants.copy')}
                    </Button>
                  </td>
                </tr>
              ))}
            </tbody>
          </Table>
        )}
      </Modal.Body>
      <Modal.Footer>
        <Button variant="outline-secondary" disabled={busy} onClick={() => onCopy()}>
          {t('clientVariants.blank')}
        </Button>
      </Modal.Footer>
    </Modal>
  );
}
