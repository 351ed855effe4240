import { useState } from 'react';
import { Button, Form, Modal, Spinner } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import type { ProductLink, VariantAction } from '@primeur/shared';
import { PageTitle } from '../../../components/PageTitle';
import { ExportCsvButton } from '../../../components/csv/ExportCsvButton';
import { ImportCsvDialog } from '../../../components/csv/ImportCsvDialog';
import { LoadFailed } from '../../../components/LoadFailed';
import { useSelection } from '../../../lib/bulk';
import { useUndoableDelete } from '../../../lib/use-undoable-delete';
import { useAddVariant } from '../api/add-variant';
import { useDeleteProductLink } from '../api/delete-product-link';
import { useDeleteVariant, useInvalidateVariants } from '../api/delete-variant';
import { useEditVariant } from '../api/edit-variant';
import { useSupplier } from '../api/get-supplier';
import { useBoxes, useCountries as useOrigins, usePackagings, useSupplierOptions } from '../../../lib/lookups';
import { useSupplierVariants } from '../api/supplier-variants';
import { AddVariantModal } from './AddVariantModal';
import { ContactLinks } from './ContactLinks';
import { ProductTable } from './ProductTable';
import { useNotify } from './notify';
import { paths } from '../../../lib/routes';

/** /intern/supplierDetails: one supplier's contacts and price list, edited in place (spec §2, §4). */
export function SupplierDetailsPage() {
  const { t, i18n } = useTranslation('supplier-products');
  const lng = (i18n.resolvedLanguage ?? 'en') as 'en' | 'fr' | 'de' | 'es';
  const [params, setParams] = useSearchParams();
  // The chosen supplier lives in the address, so a reload or a shared link shows the same list.
  const supplierId = Number(params.get('supplier')) || null;
  const options = useSupplierOptions();
  const supplier = useSupplier(supplierId);
  const variants = useSupplierVariants(supplierId);
  const origins = useOrigins();
  const packagings = usePackagings();
  const boxes = useBoxes();
  const edit = useEditVariant(supplierId ?? 0);
  const add = useAddVariant(supplierId ?? 0);
  const remove = useDeleteVariant(supplierId ?? 0);
  const notify = useNotify();
  const removeProduct = useDeleteProductLink(supplierId ?? 0);
  // A variant is a small thing to lose: it goes at once, with an undo toast, and is deleted when the toast closes.
  const { hidden, deleteWithUndo } = useUndoableDelete(remove.mutate, notify.deleteFailed);
  const onDeleteVariant = (id: number) => deleteWithUndo(id, t('deleteVariantDone'));
  // Bulk deletion (issue 26): ticked variants of this supplier; hidden while their undo toast runs.
  const selection = useSelection(String(supplierId));
  const invalidateVariants = useInvalidateVariants(supplierId ?? 0);
  const [bulkHidden, setBulkHidden] = useState<ReadonlySet<number>>(new Set());
  const bulk = {
    selection,
    onChanged: invalidateVariants,
    onHide: (ids: number[]) => setBulkHidden((s) => new Set([...s, ...ids])),
    onUnhide: (ids: number[]) => setBulkHidden((s) => new Set([...s].filter((id) => !ids.includes(id)))),
  };
  const [adding, setAdding] = useState<ProductLink | null>(null);
  const [removing, setRemoving] = useState<ProductLink | null>(null);
  const productName = (p: ProductLink | null) => (p ? p.product.names[lng] || p.product.article : '');

  const save = async (id: number, action: VariantAction, value: string) => {
    try {
      const v = await edit.mutateAsync({ action, id, value });
      notify.saved();
      return v;
    } catch (err) {
      notify.failed(err);
      throw err;
    }
  };

  const onAdd = (copyOf?: number) => {
    if (!adding) return;
    add.mutate(
      { productLinkId: adding.id, copyOf },
      {
        onSuccess: () => {
          notify.saved();
          setAdding(null);
        },
        onError: (err) => notify.failed(err),
      },
    );
  };

  const loading = supplier.isLoading || variants.isLoading;
  const failed = supplier.isError || variants.isError;
  return (
    <>
      <PageTitle>{t('details.title')}</PageTitle>
      <div className="d-flex flex-wrap gap-2 mb-3">
        <ExportCsvButton list="variants" filters={{ supplierId }} />
        <ImportCsvDialog kind="supplier-prices" />
      </div>
      <Form.Group className="mb-4" style={{ maxWidth: 420 }} controlId="supplier-select">
        <Form.Label>{t('supplier')}</Form.Label>
        <Form.Select value={supplierId ?? ''} onChange={(e) => setParams(e.target.value ? { supplier: e.target.value } : {})}>
          <option value="">{t('chooseSupplier')}</option>
          {(options.data ?? []).map((o) => (
            <option key={o.id} value={o.id}>
              {o.company}
            </option>
          ))}
        </Form.Select>
      </Form.Group>

      {supplierId === null ? null : loading ? (
        <Spinner animation="border" role="status" />
      ) : failed || !supplier.data ? (
        <LoadFailed
          message={t('common:toasts.cantFetchData')}
          busy={supplier.isFetching || variants.isFetching}
          onRetry={() => {
            void supplier.refetch();
            void variants.refetch();
          }}
        />
      ) : (
        <>
          <h2 className="h5">{t('details.contacts')}</h2>
          <div className="mb-4">
            <ContactLinks contacts={supplier.data.contacts} />
          </div>
          <h2 className="h5">{t('details.products')}</h2>
          {supplier.data.products.length ? (
            <ProductTable
              products={supplier.data.products}
              variants={(variants.data ?? []).filter((v) => !hidden.has(v.id) && !bulkHidden.has(v.id))}
              origins={origins.data ?? []}
              packagings={packagings.data ?? []}
              boxes={boxes.data ?? []}
              save={save}
              onDelete={onDeleteVariant}
              onAddVariant={setAdding}
              onDeleteProduct={setRemoving}
              bulk={bulk}
            />
          ) : (
            <p className="text-muted">
              {t('details.noProducts')} <Link to={paths.suppliers}>{t('details.openConfiguration')}</Link>
            </p>
          )}
          <AddVariantModal
            show={adding !== null}
            productName={productName(adding)}
            variants={(variants.data ?? []).filter((v) => v.supplierProductList.id === adding?.id)}
            busy={add.isPending}
            onHide={() => setAdding(null)}
            onAdd={onAdd}
          />
          {/* Removing a product takes its variants with it, so it is confirmed first. */}
          <Modal show={removing !== null} onHide={() => setRemoving(null)} centered>
            <Modal.Header closeButton>
              <Modal.Title>{t('deleteProduct.title', { product: productName(removing) })}</Modal.Title>
            </Modal.Header>
            <Modal.Body>{t('deleteProduct.body')}</Modal.Body>
            <Modal.Footer>
              <Button variant="secondary" onClick={() => setRemoving(null)}>
                {t('common:actions.cancel')}
              </Button>
              <Button
                variant="danger"
                disabled={removeProduct.isPending}
                onClick={() =>
                  removing &&
                  removeProduct.mutate(removing.id, {
                    onSuccess: () => {
                      notify.saved();
                      setRemoving(null);
                    },
                    onError: notify.deleteFailed,
                  })
                }
              >
                {t('common:actions.delete')}
              </Button>
            </Modal.Footer>
          </Modal>
        </>
      )}
    </>
  );
}
