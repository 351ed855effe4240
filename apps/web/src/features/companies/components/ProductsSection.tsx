import { Fragment, useState } from 'react';
import { Button, Table } from 'react-bootstrap';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { ProductLink } from '@primeur/shared';
import { ProductRowSlot } from '../../../components/ProductRowSlot';
import type { CompanyKind } from '../api/get-company-options';
import { useDeleteProductLink } from '../api/product-links';
import { AddProductModal } from './AddProductModal';
import { articleName } from './article-label';
import { ConfirmModal } from './ConfirmModal';
import { useNotify } from './notify';
import { SectionHeading } from './SectionHeading';
import { paths } from '../../../lib/routes';

interface Props {
  kind: CompanyKind;
  ownerId: number;
  products: ProductLink[];
}

/** The products the company deals in: a table with a delete icon per row and the add-product modal. */
export function ProductsSection({ kind, ownerId, products }: Props) {
  const { t, i18n } = useTranslation('companies');
  const lng = i18n.resolvedLanguage ?? 'en';
  const notify = useNotify();
  const remove = useDeleteProductLink(kind);
  const [adding, setAdding] = useState(false);
  const [deleting, setDeleting] = useState<ProductLink | null>(null);
  const sorted = [...products].sort((a, b) => articleName(a.product, lng).localeCompare(articleName(b.product, lng), lng));

  const onDelete = async () => {
    if (!deleting) return;
    try {
      await remove.mutateAsync(deleting.id);
      notify.saved();
    } catch (err) {
      notify.failed(err, 'productDeleteError');
    } finally {
      setDeleting(null);
    }
  };

  return (
    <section className="mb-4" aria-labelledby="products-title">
      <SectionHeading id="products-title" title={t('products.title')} addLabel={t('products.add')} onAdd={() => setAdding(true)} />
      {products.length === 0 ? (
        <div className="border rounded p-3 text-center" data-testid="no-products">
          <p className="mb-2 text-body-secondary">{t('products.none')}</p>
          {kind === 'supplier' ? (
            <Link to={paths.supplierDetailsOf(ownerId)} className="btn btn-outline-primary">
              {t('products.configure')}
            </Link>
          ) : (
            <Button variant="outline-primary" onClick={() => setAdding(true)}>
              {t('products.configure')}
            </Button>
          )}
        </div>
      ) : (
        <Table size="sm" hover responsive className="align-middle" data-testid="products-table">
          <thead>
            <tr>
              <th scope="col">{t('products.article')}</th>
              <th scope="col">{t('products.code')}</th>
              <th scope="col">{t('products.family')}</th>
              <th scope="col">{t('products.subfamily')}</th>
              <th scope="col" className="text-end">
                <span className="visually-hidden">{t('common:actions.delete')}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {sorted.map((l) => (
              <Fragment key={l.id}>
                <tr data-testid={`product-row-${l.product.code}`}>
                  <td>{articleName(l.product, lng)}</td>
                  <td className="font-monospace small">{l.product.code}</td>
                  <td>{t(`catalog:families.${l.product.family}`)}</td>
                  <td>{t(`catalog:subfamilies.${l.product.subfamily}`, { defaultValue: l.product.subfamily })}</td>
                  <td className="text-end">
                    <Button
                      size="sm"
                      variant="link"
                      className="text-danger p-0"
                      aria-label={t('products.delete', { name: articleName(l.product, lng) })}
                      onClick={() => setDeleting(l)}
                    >
                      <svg width="16" height="16" viewBox="0 0 16 16" fill="currentColor" aria-hidden="true">
                        <path d="M5.5 5.5A.5.5 0 0 1 6 6v6a.5.5 0 0 1-1 0V6a.5.5 0 0 1 .5-.5m2.5 0a.5.5 0 0 1 .5.5v6a.5.5 0 0 1-1 0V6a.5.5 0 0 1 .5-.5m3 .5a.5.5 0 0 0-1 0v6a.5.5 0 0 0 1 0z" />
                        <path d="M14.5 3a1 1 0 0 1-1 1H13v9a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2V4h-.5a1 1 0 0 1-1-1V2a1 1 0 0 1 1-1H6a1 1 0 0 1 1-1h2a1 1 0 0 1 1 1h3.5a1 1 0 0 1 1 1zM4.118 4 4 4.059V13a1 1 0 0 0 1 1h6a1 1 0 0 0 1-1V4.059L11.882 4zM2.5 3h11V2h-11z" />
                      </svg>
                    </Button>
                  </td>
                </tr>
                <ProductRowSlot kind={kind} ownerId={ownerId} link={l} colSpan={5} />
              </Fragment>
            ))}
          </tbody>
        </Table>
      )}
      <AddProductModal kind={kind} ownerId={ownerId} linkedIds={products.map((p) => p.product.id)} show={adding} onHide={() => setAdding(false)} />
      <ConfirmModal
        show={!!deleting}
        title={t('products.deleteTitle')}
        body={deleting ? t('products.deleteBody', { name: articleName(deleting.product, lng) }) : ''}
        busy={remove.isPending}
        onConfirm={onDelete}
        onCancel={() => setDeleting(null)}
      />
    </section>
  );
}
