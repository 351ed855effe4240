import { Fragment, useMemo, useState } from 'react';
import { Button, Form, InputGroup, Table } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { BsChevronDown, BsChevronRight, BsSearch, BsTrash } from 'react-icons/bs';
import { matchesSearch, VARIANT_ACTIONS, type Country, type CatalogItem, type ProductLink, type SupplierVariant, type VariantAction } from '@primeur/shared';
import { BulkBar } from '../../../components/BulkBar';
import type { Selection } from '../../../lib/bulk';
import { VariantRow } from './VariantRow';

interface Props {
  products: ProductLink[];
  variants: SupplierVariant[];
  origins: Country[];
  packagings: CatalogItem[];
  boxes: CatalogItem[];
  save(variantId: number, action: VariantAction, value: string): Promise<unknown>;
  onDelete(variantId: number): void;
  onAddVariant(link: ProductLink): void;
  onDeleteProduct(link: ProductLink): void;
  /** Bulk deletion of variants (issue 26): the ticked variants, and what to do around the deletion. */
  bulk: {
    selection: Selection;
    onChanged(): void;
    onHide(ids: number[]): void;
    onUnhide(ids: number[]): void;
  };
}

/** The variant table's columns: the fields the grid edits, in the same order, the two dates as one range. */
const VARIANT_COLUMNS = VARIANT_ACTIONS.filter((a): a is Exclude<VariantAction, 'startDate' | 'endDate'> => a !== 'startDate' && a !== 'endDate');

const fmtVolume = (n: number, lng: string) => new Intl.NumberFormat(lng, { maximumFractionDigits: 3 }).format(n);

/** The supplier's products with a name filter and the total volume; each row expands to its variants. */
export function ProductTable({ products, variants, origins, packagings, boxes, save, onDelete, onAddVariant, onDeleteProduct, bulk }: Props) {
  const { t, i18n } = useTranslation('supplier-products');
  const lng = (i18n.resolvedLanguage ?? 'en') as 'en' | 'fr' | 'de' | 'es';
  const [filter, setFilter] = useState('');
  const [open, setOpen] = useState<Set<number>>(new Set());
  const byLink = useMemo(() => {
    const m = new Map<number, SupplierVariant[]>();
    for (const v of variants) m.set(v.supplierProductList.id, [...(m.get(v.supplierProductList.id) ?? []), v]);
    return m;
  }, [variants]);
  const name = (p: ProductLink) => p.product.names[lng] || p.product.article;
  const shown = products.filter((p) => matchesSearch(filter, name(p), p.product.article)).sort((a, b) => name(a).localeCompare(name(b), lng));
  const volumeOf = (id: number) => (byLink.get(id) ?? []).reduce((s, v) => s + v.volume, 0);
  const total = shown.reduce((s, p) => s + volumeOf(p.id), 0);
  const { selection } = bulk;
  // "All on this page": every variant of the products the filter shows, folded or not.
  const shownVariantIds = shown.flatMap((p) => (byLink.get(p.id) ?? []).map((v) => v.id));
  const toggle = (id: number) =>
    setOpen((cur) => {
      const next = new Set(cur);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  return (
    <>
      <InputGroup className="mb-2" style={{ maxWidth: 360 }}>
        <InputGroup.Text>
          <BsSearch aria-hidden="true" />
        </InputGroup.Text>
        <Form.Control placeholder={t('details.filter')} aria-label={t('details.filter')} value={filter} onChange={(e) => setFilter(e.target.value)} />
      </InputGroup>
      <BulkBar
        list="variants"
        selection={selection}
        pageIds={shownVariantIds}
        actions={['delete']}
        onChanged={bulk.onChanged}
        onHide={bulk.onHide}
        onUnhide={bulk.onUnhide}
      />
      <Table hover size="sm" responsive className="align-middle">
        <thead>
          <tr>
            <th style={{ width: 80 }} />
            <th>{t('details.product')}</th>
            <th>{t('details.variants')}</th>
            <th>{t('details.volume')}</th>
            <th />
          </tr>
        </thead>
        <tbody>
          {shown.map((p) => {
            const list = byLink.get(p.id) ?? [];
            const isOpen = open.has(p.id);
            const ticked = list.filter((v) => selection.has(v.id)).length;
            return (
              <Fragment key={p.id}>
                <tr data-testid={`product-${p.product.code}`}>
                  <td className="text-nowrap">
                    <Form.Check
                      inline
                      id={`select-product-${p.id}`}
                      className="me-1"
                      aria-label={t('bulk:bar.selectRow', { name: name(p) })}
                      disabled={!list.length}
                      checked={list.length > 0 && ticked === list.length}
                      ref={(el: HTMLInputElement | null) => {
                        if (el) el.indeterminate = ticked > 0 && ticked < list.length;
                      }}
                      onChange={() =>
                        selection.setMany(
                          list.map((v) => v.id),
                          ticked < list.length,
                        )
                      }
                    />
                    <Button
                      size="sm"
                      variant="link"
                      aria-expanded={isOpen}
                      aria-label={t(isOpen ? 'details.collapse' : 'details.expand', { product: name(p) })}
                      onClick={() => toggle(p.id)}
                    >
                      {isOpen ? <BsChevronDown aria-hidden="true" /> : <BsChevronRight aria-hidden="true" />}
                    </Button>
                  </td>
                  <td>{name(p)}</td>
                  <td>{list.length}</td>
                  <td>{fmtVolume(volumeOf(p.id), lng)}</td>
                  <td className="text-end">
                    <Button size="sm" variant="outline-success" className="me-2" onClick={() => onAddVariant(p)}>
                      {t('addVariant.button')}
                    </Button>
                    <Button
                      size="sm"
                      variant="outline-danger"
                      onClick={() => onDeleteProduct(p)}
                      aria-label={t('deleteProduct.button', { product: name(p) })}
                      title={t('deleteProduct.button', { product: name(p) })}
                    >
                      <BsTrash aria-hidden="true" />
                    </Button>
                  </td>
                </tr>
                {isOpen ? (
                  <tr>
                    <td colSpan={5} className="bg-light">
                      {list.length ? (
                        <Table size="sm" responsive className="mb-0 bg-white nested-table">
                          <thead>
                            <tr>
                              <th />
                              {VARIANT_COLUMNS.map((f) => (
                                <th key={f} className="small">
                                  {t(`fields.${f}`)}
                                </th>
                              ))}
                              <th />
                            </tr>
                          </thead>
                          <tbody>
                            {list.map((v) => (
                              <VariantRow
                                key={v.id}
                                variant={v}
                                origins={origins}
                                packagings={packagings}
                                boxes={boxes}
                                save={(action, value) => save(v.id, action, value)}
                                onDelete={() => onDelete(v.id)}
                                selected={selection.has(v.id)}
                                onSelect={() => selection.toggle(v.id)}
                              />
                            ))}
                          </tbody>
                        </Table>
                      ) : (
                        <span className="text-muted">{t('details.noVariants')}</span>
                      )}
                    </td>
                  </tr>
                ) : null}
              </Fragment>
            );
          })}
        </tbody>
        <tfoot>
          <tr className="fw-semibold">
            <td />
            <td colSpan={2}>{t('details.totalVolume')}</td>
            <td data-testid="total-volume">{fmtVolume(total, lng)}</td>
            <td />
          </tr>
        </tfoot>
      </Table>
    </>
  );
}
