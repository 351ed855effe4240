import { useState } from 'react';
import { Alert, Form, Spinner } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import type { ProductLink, VariantAction } from '@primeur/shared';
import { PageTitle } from '../../../components/PageTitle';
import { useAddVariant } from '../api/add-variant';
import { useDeleteVariant } from '../api/delete-variant';
import { useEditVariant } from '../api/edit-variant';
import { useSupplier } from '../api/get-supplier';
import { useBoxes, useOrigins, usePackagings, useSupplierOptions } from '../api/lookups';
import { useSupplierVariants } from '../api/supplier-variants';
import { AddVariantModal } from './AddVariantModal';
import { ContactLinks } from './ContactLinks';
import { ProductTable } from './ProductTable';
import { useNotify } from './notify';

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
  const [adding, setAdding] = useState<ProductLink | null>(null);

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
      <Form.Group className="mb-4" style={{ maxWidth: 420 }} controlId="supplier-select">
        <Form.Label>{t('supplier')}</Form.Label>
        <Form.Select
          value={supplierId ?? ''}
          onChange={(e) => setParams(e.target.value ? { supplier: e.target.value } : {})}
        >
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
        <Alert variant="danger">{t('common:toasts.cantFetchData')}</Alert>
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
              variants={variants.data ?? []}
              origins={origins.data ?? []}
              packagings={packagings.data ?? []}
              boxes={boxes.data ?? []}
              save={save}
              onDelete={(id) => remove.mutate(id, { onSuccess: notify.saved, onError: notify.deleteFailed })}
              onAddVariant={setAdding}
            />
          ) : (
            <p className="text-muted">{t('details.noProducts')}</p>
          )}
          <AddVariantModal
            show={adding !== null}
            productName={adding ? adding.product.names[lng] || adding.product.article : ''}
            variants={(variants.data ?? []).filter((v) => v.supplierProductList.id === adding?.id)}
            busy={add.isPending}
            onHide={() => setAdding(null)}
            onAdd={onAdd}
          />
        </>
      )}
    </>
  );
}
