import { useMemo, useState } from 'react';
import { Button, Card } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { DEFAULT_PAGE_SIZE, FAMILIES, type AdminProduct } from '@primeur/shared';
import { PageTitle } from '../../../components/PageTitle';
import { PhotoCarousel } from '../../../components/PhotoCarousel';
import { LoadFailed } from '../../../components/LoadFailed';
import { FilterSelect, ListSearchForm, SearchField } from '../../../components/ListControls';
import { QualityBadge } from '../../../components/LotFacts';
import {
  certificateOptions,
  LotListFilters,
  LotTable,
  lotListExtras,
  NoMatch,
  useLotView,
  ViewToggleCol,
  type LotColumn,
} from '../../../components/LotListControls';
import { LotTotal } from '../../../components/LotTotal';
import { euro } from '../../../lib/format';
import { PagedCards } from '../../../components/PagedCards';
import { Pager, useClampPage } from '../../../components/Pager';
import { useListParams, useSearchInAddress } from '../../../lib/list-params';
import { useSession } from '../../../lib/session';
import { useActiveProducts } from '../api/active-products';
import { useFamilyOptions, useOriginOptions } from '../../../lib/lookups';
import { useFormOptions } from '../api/form-options';
import { ReferenceLine } from '../../../components/MarketReference';
import { OriginLabel, ProductFacts, useArticleName } from './ProductFacts';
import { PurchaseRequestModal } from './PurchaseRequestModal';

const FILTERS = ['q', 'family', 'article', 'origin', 'sort', 'qualityClass', 'certificate'] as const;
const NO_FILTERS = Object.fromEntries(FILTERS.map((k) => [k, ''])) as Record<(typeof FILTERS)[number], string>;

/**
 * /marketplace: the fixed-price lots on sale, a page at a time, with search and filters by family,
 * article and origin — all applied by the server (docs/api/lists.md). The page and the filters are
 * in the address, so a reload or a shared link shows the same lots (decision 632).
 */
export function MarketplacePage() {
  const { t, i18n } = useTranslation('marketplace');
  const { user } = useSession();
  const articleName = useArticleName();
  const { page, filters, setPage, setFilters } = useListParams(FILTERS);
  const { q, family, article, origin } = filters;
  const [search, setSearch] = useSearchInAddress(q, setFilters);
  const [requesting, setRequesting] = useState<AdminProduct | null>(null);
  const [view, setView] = useLotView(user?.userId);
  const lng = (i18n.resolvedLanguage ?? 'en') as 'en' | 'fr' | 'de' | 'es';
  const filtered = FILTERS.some((k) => k !== 'sort' && filters[k]);

  const list = useActiveProducts({
    page,
    size: DEFAULT_PAGE_SIZE,
    q: q || undefined,
    family: (family || undefined) as (typeof FAMILIES)[number] | undefined,
    articleId: article ? Number(article) : undefined,
    origin: origin || undefined,
    ...lotListExtras(filters),
  });
  useClampPage(page, list.data, setPage);
  const options = useFormOptions();

  const articles = useMemo(
    () =>
      (options.data?.articles ?? [])
        .filter((a) => !family || a.family === family)
        .map((a) => [String(a.id), a.names[lng] ?? a.article] as const)
        .sort((a, b) => a[1].localeCompare(b[1], lng)),
    [options.data, family, lng],
  );
  const origins = useOriginOptions();
  const families = useFamilyOptions();
  const columns: Array<LotColumn<AdminProduct>> = [
    {
      key: 'lot',
      header: t('list.cols.lot'),
      cell: (p) => (
        <>
          <div className="fw-semibold">{p.name}</div>
          <div className="small text-body-secondary">
            {articleName(p)}
            {p.variety ? ` · ${p.variety}` : ''}
          </div>
        </>
      ),
    },
    { key: 'class', header: t('lotFacts.qualityClass'), cell: (p) => <QualityBadge value={p.qualityClass} /> },
    { key: 'origin', header: t('fields.origin'), cell: (p) => <OriginLabel origin={p.origin} />, wide: true },
    { key: 'price', header: t('list.cols.price'), numeric: true, cell: (p) => euro(p.price, i18n.resolvedLanguage) },
    {
      key: 'quantity',
      header: t('list.cols.quantity'),
      wide: true,
      cell: (p) => <LotTotal pallets={p.quantity} netKgPerPallet={p.netKgPerPallet} pricePerKg={p.price} />,
    },
    { key: 'seller', header: t('list.cols.seller'), wide: true, cell: (p) => p.user.companyName },
    ...(user?.category === 'client'
      ? [
          {
            key: 'action',
            header: '',
            cell: (p: AdminProduct) => (
              <Button size="sm" onClick={() => setRequesting(p)} aria-label={`${t('marketplace.request')}: ${p.name}`}>
                {t('marketplace.request')}
              </Button>
            ),
          },
        ]
      : []),
  ];
  return (
    <section>
      <PageTitle>{t('marketplace.title')}</PageTitle>
      <ListSearchForm className="mb-4">
        <SearchField
          id="mkt-search"
          xs={12}
          md={4}
          label={t('marketplace.search')}
          placeholder={t('marketplace.searchPlaceholder')}
          value={search}
          onChange={setSearch}
        />
        <FilterSelect
          id="mkt-family"
          xs={12}
          sm={4}
          md={2}
          label={t('marketplace.family')}
          value={family}
          onChange={(v) => setFilters({ family: v, article: '' })}
          allLabel={t('marketplace.allFamilies')}
          options={families}
        />
        <FilterSelect
          id="mkt-article"
          xs={12}
          sm={4}
          md={3}
          label={t('marketplace.article')}
          value={article}
          onChange={(v) => setFilters({ article: v })}
          allLabel={t('marketplace.allArticles')}
          options={articles}
        />
        <FilterSelect
          id="mkt-origin"
          xs={12}
          sm={4}
          md={3}
          label={t('marketplace.origin')}
          value={origin}
          onChange={(v) => setFilters({ origin: v })}
          allLabel={t('marketplace.allOrigins')}
          options={origins}
        />
        <LotListFilters idPrefix="mkt" filters={filters} setFilters={setFilters} certificates={certificateOptions(options.data?.certificates, lng)} />
        <ViewToggleCol value={view} onChange={setView} />
      </ListSearchForm>
      <PagedCards
        list={list}
        loadingLabel={t('loading')}
        failed={<LoadFailed message={t('marketplace.loadError')} onRetry={() => void list.refetch()} />}
        empty={
          filtered ? (
            <NoMatch
              message={t('marketplace.empty')}
              onClear={() => {
                setSearch('');
                setFilters({ ...NO_FILTERS, sort: filters.sort });
              }}
            />
          ) : (
            <p>{t('marketplace.empty')}</p>
          )
        }
        table={view === 'table' ? (items) => <LotTable items={items} rowKey={(p) => p.productId} columns={columns} testId="market-table" /> : undefined}
        total={(count) => t('marketplace.total', { count })}
        cardKey={(p) => p.productId}
        card={(p) => (
          <Card className="h-100 shadow-sm" data-testid={`market-card-${p.productId}`}>
            <PhotoCarousel productId={p.productId} photos={p.photos} alt={p.name} height={180} size="grid" />
            <Card.Body>
              <div className="text-body-secondary small">{articleName(p)}</div>
              <Card.Title as="h2" className="h6">
                {p.name}
              </Card.Title>
              <ProductFacts product={p} />
              <ReferenceLine reference={p.reference} price={p.price} />
            </Card.Body>
            {user?.category === 'client' ? (
              <Card.Footer className="bg-transparent">
                <Button size="sm" onClick={() => setRequesting(p)}>
                  {t('marketplace.request')}
                </Button>
              </Card.Footer>
            ) : null}
          </Card>
        )}
        pager={(data) => <Pager page={page} size={data.size} total={data.total} onPage={setPage} busy={list.isPlaceholderData} testId="market-page" />}
      />
      {requesting ? <PurchaseRequestModal product={requesting} onClose={() => setRequesting(null)} /> : null}
    </section>
  );
}
