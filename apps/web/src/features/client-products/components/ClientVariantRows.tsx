import { useState } from 'react';
import { Button, Spinner, Table } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { BsChevronDown, BsChevronRight, BsTrash } from 'react-icons/bs';
import type { ProductLink } from '@primeur/shared';
import { useToast } from '../../../components/Toasts';
import { useUndoableDelete } from '../../../lib/use-undoable-delete';
import { useAddClientVariant, useClientVariants, useDeleteClientVariant } from '../api/client-variants';
import { AddClientVariantModal } from './AddClientVariantModal';
import { VariantFieldCells, VariantFieldHeaders } from './VariantFields';

interface Props {
  clientId: number;
  link: ProductLink;
  colSpan: number;
}

/**
 * Under a client's product row (spec §2 /intern/clients): a toggle that expands the variants the
 * client buys (origin, box, weight per piece, pieces per box, packaging, caliber), each with a
 * delete, and the add button whose modal lists supplier variants to copy.
 */
export function ClientVariantRows({ clientId, link, colSpan }: Props) {
  const { t } = useTranslation('priceList');
  const toast = useToast();
  const all = useClientVariants(clientId);
  const add = useAddClientVariant(clientId);
  const remove = useDeleteClientVariant(clientId);
  const [open, setOpen] = useState(false);
  const { hidden, deleteWithUndo } = useUndoableDelete(remove.mutate, () => toast.show('productDeleteError'));
  const onDelete = (id: number) => deleteWithUndo(id, t('clientVariants.deleted'));
  const [adding, setAdding] = useState(false);
  const variants = (all.data ?? []).filter((v) => v.clientProductList.id === link.id && !hidden.has(v.id));

  const onAdd = (supplierVariantId?: number) =>
    add.mutate(
      { productId: link.product.id, supplierVariantId },
      {
        onSuccess: () => {
          toast.show('dataModifiedSuccess');
          setAdding(false);
          setOpen(true);
        },
        onError: () => toast.show('dataModifiedError'),
      },
    );

  return (
    <tr className="table-light" data-testid={`client-variants-${link.product.code}`}>
      <td colSpan={colSpan} className="py-1">
        <Button variant="link" size="sm" className="p-0 link-success link-offset-1" aria-expanded={open} onClick={() => setOpen((o) => !o)}>
          {open ? <BsChevronDown aria-hidden="true" /> : <BsChevronRight aria-hidden="true" />} {t('clientVariants.title')} (
          {all.isPending ? '…' : variants.length})
        </Button>
        {open && (
          <div className="ps-3 pt-1">
            {variants.length === 0 ? (
              <p className="small text-body-secondary mb-1">{t('clientVariants.none')}</p>
            ) : (
              <Table size="sm" responsive className="mb-1 small nested-table">
                <thead>
                  <tr>
                    <VariantFieldHeaders />
                    <th scope="col">
                      <span className="visually-hidden">{t('clientVariants.delete')}</span>
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {variants.map((v) => (
                    <tr key={v.id} data-testid={`client-variant-${v.id}`}>
                      <VariantFieldCells variant={v} empty={t('clientVariants.any')} />
                      <td className="text-end">
                        <Button
                          size="sm"
                          variant="outline-danger"
                          className="py-0"
                          disabled={remove.isPending}
                          aria-label={t('clientVariants.delete')}
                          onClick={() => onDelete(v.id)}
                        >
                          <BsTrash aria-hidden="true" />
                        </Button>
                      </td>
                    </tr>
                  ))}
                </tbody>
              </Table>
            )}
            <Button size="sm" variant="outline-primary" className="py-0" onClick={() => setAdding(true)} disabled={add.isPending}>
              {add.isPending ? <Spinner size="sm" animation="border" /> : '+'} {t('clientVariants.add')}
            </Button>
          </div>
        )}
        {adding && <AddClientVariantModal link={link} busy={add.isPending} onCopy={onAdd} onHide={() => setAdding(false)} />}
      </td>
    </tr>
  );
}
