import { useMemo, useState } from 'react';
import { Button, Card } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { DEFAULT_PAGE_SIZE, type AdminProduct } from '@primeur/shared';
import { PageTitle } from '../../../components/PageTitle';
import { PhotoCarousel } from '../../../components/PhotoCarousel';
import { QualityBadge } from '../../../components/LotFacts';
import { certificateOptions, LotTable, type LotColumn } from '../../../components/LotListControls';
import { LotFilterRow, lotListEmpty, useLotListPage } from '../../../components/LotFilterRow';
import { LotTotal } from '../../../components/LotTotal';
import { euro } from '../../../lib/format';
import { PagedCards } from '../../../components/PagedCards';
import { pagedTexts } from '../../../components/PagedList';
import { useSession } from '../../../lib/session';
import { useActiveProducts } from '../api/active-products';
import { useFormOptions } from '../api/form-options';
import { ReferenceLine } from '../../../components/MarketReference';
import { OriginLabel, ProductFacts, useArticleName } from './ProductFacts';
import { PurchaseRequestModal } from './PurchaseRequestModal';
import { MyPurchaseRequests } from './MyPurchaseRequests';

const FILTERS = ['q', 'family', 'article', 'origin', 'sort', 'qualityClass', 'certificate'] as const;

/**
 * /marketplace: the fixed-price lots on sale, a page at a time, with search and filters by family,
 * article and origin — all applied by the server (docs/api/lists.md). The page and the filters are
 * in the address, so a reload or a shared link shows the same lots (decision 632).
 */
export function MarketplacePage() {
  const { t, i18n } = useTranslation('marketplace');
  const { user } = useSession();
  const articleName = useArticleName();
  const lots = useLotListPage(FILTERS, user?.userId);
  const { family, article } = lots.filters;
  const [requesting, setRequesting] = useState<AdminProduct | null>(null);
  const lng = (i18n.resolvedLanguage ?? 'en') as 'en' | 'fr' | 'de' | 'es';
  const { q, family: familyFilter, ...rest } = lots.query;
  const list = useActiveProducts({
    page: lots.page,
    size: DEFAULT_PAGE_SIZE,
    q,
    family: familyFilter,
    articleId: article ? Number(article) : undefined,
    ...rest,
  });
  const options = useFormOptions();

  const articles = useMemo(
    () =>
      (options.data?.articles ?? [])
        .filter((a) => !family || a.family === family)
        .map((a) => [String(a.id), a.names[lng] ?? a.article] as const)
        .sort((a, b) => a[1].localeCompare(b[1], lng)),
    [options.data, family, lng],
  );
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
      {user?.category === 'client' ? <MyPurchaseRequests /> : null}
      <LotFilterRow
        idPrefix="mkt"
        lots={lots}
        search={[t('marketplace.search'), t('marketplace.searchPlaceholder')]}
        articles={articles}
        certificates={certificateOptions(options.data?.certificates, lng)}
        className="mb-4"
      />
      <PagedCards
        list={list}
        params={lots}
        testId="market"
        texts={pagedTexts(t, 'marketplace')}
        empty={lotListEmpty(lots, t('marketplace.empty'), t('marketplace.empty'))}
        table={lots.view === 'table' ? (items) => <LotTable items={items} rowKey={(p) => p.productId} columns={columns} testId="market-table" /> : undefined}
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
      />
      {requesting ? <PurchaseRequestModal product={requesting} onClose={() => setRequesting(null)} /> : null}
    </section>
  );
}
