import { Button, Modal, Table } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import type { SupplierVariant } from '@primeur/shared';
import { Flag } from '../../../components/Flag';
import { useEuro } from '../../../lib/format';
import { useCatalogLabels } from '../../../lib/lookups';

interface Props {
  show: boolean;
  productName: string;
  variants: SupplierVariant[];
  busy: boolean;
  onHide(): void;
  /** `copyOf` undefined: a blank variant with the spec §3 defaults. */
  onAdd(copyOf?: number): void;
}

/** Add-variant: duplicate one of the product's variants, or start from a blank one (spec §2). */
export function AddVariantModal({ show, productName, variants, busy, onHide, onAdd }: Props) {
  const { t } = useTranslation('supplier-products');
  const euro = useEuro();
  const labels = useCatalogLabels();
  return (
    <Modal show={show} onHide={onHide} size="lg" centered>
      <Modal.Header closeButton>
        <Modal.Title>{t('addVariant.title', { product: productName })}</Modal.Title>
      </Modal.Header>
      <Modal.Body>
        {variants.length ? (
          <>
            <p className="text-muted">{t('addVariant.duplicateHint')}</p>
            <Table size="sm" hover responsive>
              <thead>
                <tr>
                  <th>{t('fields.origin')}</th>
                  <th>{t('fields.packaging')}</th>
                  <th>{t('fields.box')}</th>
                  <th>{t('fields.caliber')}</th>
                  <th>{t('fields.priceKg')}</th>
                  <th>{t('fields.volume')}</th>
                  <th>{t('fields.dates')}</th>
                  <th />
                </tr>
              </thead>
              <tbody>
                {variants.map((v) => (
                  <tr key={v.id}>
                    <td>{v.origin ? <Flag code={v.origin.alpha2} title={v.origin.name} /> : '–'}</td>
                    <td>{labels.packaging(v.packaging) || '–'}</td>
                    <td>{labels.box(v.box) || '–'}</td>
                    <td>{v.caliber || '–'}</td>
                    <td>{euro(v.priceKg)}</td>
                    <td>{v.volume}</td>
                    <td className="text-nowrap">
                      {v.startDate} → {v.endDate}
                    </td>
                    <td>
                      <Button size="sm" disabled={busy} onClick={() => onAdd(v.id)} data-testid={`duplicate-${v.id}`}>
                        {t('addVariant.duplicate')}
                      </Button>
                    </td>
                  </tr>
                ))}
              </tbody>
            </Table>
          </>
        ) : (
          <p className="text-muted">{t('addVariant.none')}</p>
        )}
      </Modal.Body>
      <Modal.Footer>
        <Button variant="secondary" onClick={onHide}>
          {t('common:actions.cancel')}
        </Button>
        <Button variant="success" disabled={busy} onClick={() => onAdd()}>
          {t('addVariant.blank')}
        </Button>
      </Modal.Footer>
    </Modal>
  );
}
