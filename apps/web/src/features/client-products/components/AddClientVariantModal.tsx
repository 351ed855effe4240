import { Button, Modal, Spinner, Table } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import type { ProductLink } from '@primeur/shared';
import { useVariantSources } from '../api/client-variants';
import { VariantFieldCells, VariantFieldHeaders } from './VariantFields';

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
  const lng = (i18n.resolvedLanguage ?? 'en') as 'en' | 'fr' | 'de' | 'es';
  const sources = useVariantSources(link.product.id);
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
                <VariantFieldHeaders />
                <th scope="col" />
              </tr>
            </thead>
            <tbody>
              {sources.data.map((v) => (
                <tr key={v.id}>
                  <td>{v.supplier.company}</td>
                  <VariantFieldCells variant={v} empty="—" />
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
