import { Fragment, useRef } from 'react';
import type { TFunction } from 'i18next';
import { Card, Table } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { AUCTIONS_SUMMARY_TOPIC, DEFAULT_PAGE_SIZE, formatDateTime, type AuctionItem, type LotListQuery, type Page } from '@primeur/shared';
import { AuctionLotSlot } from '../../../components/AuctionLotSlot';
import { Flag } from '../../../components/Flag';
import { LotTotal } from '../../../components/LotTotal';
import { QualityBadge, useLotFactRows } from '../../../components/LotFacts';
import { certificateOptions, LotTable, type LotColumn } from '../../../components/LotListControls';
import { LotFilterRow, lotListEmpty, useLotListPage } from '../../../components/LotFilterRow';
import { PagedCards } from '../../../components/PagedCards';
import { PageTitle } from '../../../components/PageTitle';
import { PhotoCarousel } from '../../../components/PhotoCarousel';
import { ReferenceLine } from '../../../components/MarketReference';
import { api } from '../../../lib/api';
import { countryName, euro } from '../../../lib/format';
import { useSession } from '../../../lib/session';
import { useStompTopic } from '../../../lib/use-stomp-topic';
import { articleNamesQuery, useArticleName } from '../api/article-names';
import { applySummary, auctionSummary } from '../api/live-auctions';
import { useWonAuctions } from '../api/won-auctions';
import { TimeLeft } from './TimeLeft';
import { useTimeLeft } from './time-left';
import { paths } from '../../../lib/routes';

type AuctionPageQuery = Pick<LotListQuery, 'page' | 'size' | 'q' | 'family' | 'origin' | 'sort' | 'qualityClass' | 'certificate'>;

export function auctionPageUrl(query: AuctionPageQuery) {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) if (value !== undefined && value !== '') params.set(key, String(value));
  return `/api/users/product/listActiveAuctionsWithBiggestOffer?${params.toString()}`;
}

// Under ['auctions', 'active'], so whatever refreshes the running auctions refreshes the pages too.
const pageKey = (query: AuctionPageQuery) => ['auctions', 'active', 'page', query] as const;

const FILTERS = ['q', 'family', 'origin', 'sort', 'qualityClass', 'certificate'] as const;

/**
 * /encheres: the running auctions, soonest end first, a page at a time (the server pages, searches
 * and filters by family and origin, decision 560; the page and the filters are in the address,
 * decision 632). Bids reach the
 * cards live through one subscription; each card has a watch button for buyers and suppliers.
 */
export function AuctionListPage() {
  const { t, i18n } = useTranslation('auctions');
  const { t: tc } = useTranslation('common');
  const { t: tm } = useTranslation('marketplace');
  const lng = i18n.resolvedLanguage ?? 'en';
  const articleName = useArticleName();
  const options = useQuery(articleNamesQuery);
  const qc = useQueryClient();
  const { user } = useSession();
  const lots = useLotListPage(FILTERS, user?.userId);
  const query: AuctionPageQuery = { page: lots.page, size: DEFAULT_PAGE_SIZE, ...lots.query };
  const list = useQuery({
    queryKey: pageKey(query),
    queryFn: () => api.get<Page<AuctionItem>>(auctionPageUrl(query)),
    placeholderData: keepPreviousData,
    // Bids reach the cards live; the slow poll only brings lots that start or end.
    refetchInterval: 60_000,
  });

  // One subscription for the whole list; a message updates its card in every cached page. Messages
  // of one lot may cross: an older offer never lowers a card.
  const lastOffer = useRef(new Map<number, number>());
  useStompTopic(
    AUCTIONS_SUMMARY_TOPIC,
    (payload) => {
      const parsed = auctionSummary.safeParse(payload);
      if (!parsed.success) return;
      const s = parsed.data;
      if ((lastOffer.current.get(s.productId) ?? 0) >= s.offerId) return;
      lastOffer.current.set(s.productId, s.offerId);
      qc.setQueriesData<Page<AuctionItem>>({ queryKey: ['auctions', 'active', 'page'] }, (old) => {
        if (!old) return old;
        const items = applySummary(old.items, s);
        return items === old.items || !items ? old : { ...old, items };
      });
    },
    { onReconnect: () => void list.refetch() },
  );

  return (
    <section>
      <PageTitle>{t('list.title')}</PageTitle>
      <LotFilterRow
        idPrefix="auction"
        lots={lots}
        search={[tc('lotSearch.label'), tc('lotSearch.placeholder')]}
        certificates={certificateOptions(options.data?.certificates, lng)}
      />
      <PagedCards
        list={list}
        params={lots}
        testId="auction"
        texts={{ loading: t('loading'), loadError: t('list.loadError'), total: (count) => tc('pager.total', { count }) }}
        empty={lotListEmpty(lots, tc('lotSearch.noMatch'), t('list.empty'))}
        table={
          lots.view === 'table'
            ? (items) => <LotTable items={items} rowKey={(i) => i.product.productId} columns={auctionColumns(t, tm, lng, articleName)} testId="auction-table" />
            : undefined
        }
        cardKey={(item) => item.product.productId}
        card={(item) => <AuctionCard item={item} />}
      />
      <WonAuctions />
    </section>
  );
}

/** The dense view's columns: the lot, its class, the current price, the pallets, the time left. */
function auctionColumns(
  t: TFunction<'auctions'>,
  tm: TFunction<'marketplace'>,
  lng: string,
  articleName: (p: AuctionItem['product']) => string,
): Array<LotColumn<AuctionItem>> {
  return [
    {
      key: 'lot',
      header: tm('list.cols.lot'),
      cell: ({ product: p }) => (
        <>
          <Link className="fw-semibold" to={paths.auctionRoom(p.productId)}>
            {p.name}
          </Link>
          <div className="small text-body-secondary">
            {articleName(p)} · <Flag code={p.origin.alpha2} /> {countryName(p.origin.alpha2, lng, p.origin.name)}
          </div>
        </>
      ),
    },
    { key: 'class', header: tm('lotFacts.qualityClass'), cell: ({ product: p }) => <QualityBadge value={p.qualityClass} /> },
    {
      key: 'price',
      header: t('list.biggestOffer'),
      numeric: true,
      cell: (item) => (item.amount === null ? t('list.noOffer') : euro(item.amount, lng, { perKg: true })),
    },
    { key: 'start', header: t('list.startingPrice'), numeric: true, wide: true, cell: ({ product: p }) => euro(p.price, lng, { perKg: true }) },
    {
      key: 'quantity',
      header: tm('list.cols.quantity'),
      wide: true,
      cell: (item) => <LotTotal pallets={item.product.quantity} netKgPerPallet={item.product.netKgPerPallet} pricePerKg={item.amount ?? item.product.price} />,
    },
    { key: 'ends', header: tm('list.cols.ends'), numeric: true, cell: ({ product: p }) => <RowTimeLeft endsAt={p.endsAt} startsAt={p.auctionStartDate} /> },
  ];
}

function RowTimeLeft({ endsAt, startsAt }: { endsAt: string | null; startsAt: string | null }) {
  const left = useTimeLeft(endsAt);
  const opensIn = useTimeLeft(startsAt);
  return <TimeLeft ms={opensIn > 0 ? opensIn : left} />;
}

function AuctionCard({ item }: { item: AuctionItem }) {
  const { t, i18n } = useTranslation(['auctions', 'room']);
  const p = item.product;
  const left = useTimeLeft(p.endsAt);
  // A lot whose auction has not opened yet counts to its opening, not to its close (decision 710).
  const opensIn = useTimeLeft(p.auctionStartDate);
  const articleName = useArticleName();
  const factRows = useLotFactRows();
  return (
    <Card className="h-100 shadow-sm" data-testid={`auction-card-${p.productId}`}>
      <PhotoCarousel productId={p.productId} photos={p.photos} alt={p.name} height={180} size="grid" />
      <Card.Body>
        <div className="text-body-secondary small">
          {articleName(p)} · <Flag code={p.origin.alpha2} /> {countryName(p.origin.alpha2, i18n.resolvedLanguage ?? 'en', p.origin.name)}
        </div>
        <Card.Title as="h2" className="h6">
          {p.name}
        </Card.Title>
        <dl className="facts small mb-0">
          <dt className="fw-normal text-body-secondary">{t('list.biggestOffer')}</dt>
          <dd className="mb-1 fw-semibold" data-testid="biggest-offer">
            {item.amount === null ? t('list.noOffer') : euro(item.amount, i18n.resolvedLanguage, { perKg: true })}
          </dd>
          {factRows(p).map(([label, value]) => (
            <Fragment key={label}>
              <dt className="fw-normal text-body-secondary">{label}</dt>
              <dd className="mb-1">{value}</dd>
            </Fragment>
          ))}
          <dt className="fw-normal text-body-secondary">{t('list.startingPrice')}</dt>
          <dd className="mb-1">{euro(p.price, i18n.resolvedLanguage, { perKg: true })}</dd>
          <dt className="fw-normal text-body-secondary">{t('details.quantity')}</dt>
          <dd className="mb-1">
            <LotTotal pallets={p.quantity} netKgPerPallet={p.netKgPerPallet} pricePerKg={item.amount ?? p.price} />
          </dd>
          <dt className="fw-normal text-body-secondary">{opensIn > 0 ? t('room:time.opensIn') : t('list.timeLeft')}</dt>
          <dd className="mb-1" data-testid="card-time">
            <TimeLeft ms={opensIn > 0 ? opensIn : left} />
          </dd>
        </dl>
        <ReferenceLine reference={p.reference} price={item.amount ?? p.price} />
      </Card.Body>
      <Card.Footer className="bg-transparent d-flex justify-content-between align-items-center gap-2">
        <Link className="btn btn-primary btn-sm" to={paths.auctionRoom(p.productId)}>
          {t('list.details')}
        </Link>
        <AuctionLotSlot place="auction-card" productId={p.productId} lot={p.name} />
      </Card.Footer>
    </Card>
  );
}

/** The winner's results: the auctions this buyer won, with the winning amount. */
function WonAuctions() {
  const { t, i18n } = useTranslation('auctions');
  const { user } = useSession();
  const { data } = useWonAuctions(user?.category === 'client');
  if (!data?.length) return null;
  return (
    <>
      <h2 className="h4 mt-5">{t('won.title')}</h2>
      <Table responsive size="sm" striped data-testid="won-table">
        <thead>
          <tr>
            <th>{t('won.lot')}</th>
            <th>{t('details.seller')}</th>
            <th>{t('won.closed')}</th>
            <th className="text-end">{t('won.amount')}</th>
          </tr>
        </thead>
        <tbody>
          {data.map((w) => (
            <tr key={w.product.productId}>
              <td>
                <Link to={paths.auctionRoom(w.product.productId)}>{w.product.name}</Link>
                {w.order ? (
                  <div className="small">
                    <Link to={paths.order(w.order.id)}>{t('orders:links.order', { number: w.order.number })}</Link>
                  </div>
                ) : null}
              </td>
              <td>{w.product.user.companyName}</td>
              <td>{w.product.endsAt ? formatDateTime(w.product.endsAt, i18n.resolvedLanguage) : '–'}</td>
              <td className="text-end text-nowrap">
                {euro(w.amount, i18n.resolvedLanguage, { perKg: true })} × {t('details.pallets', { count: w.product.quantity })}
              </td>
            </tr>
          ))}
        </tbody>
      </Table>
    </>
  );
}
