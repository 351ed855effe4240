import { Badge, Spinner, Tab, Table, Tabs } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { MyAuction, OrderRef } from '@primeur/shared';
import { LoadFailed } from '../../../components/LoadFailed';
import { PageTitle } from '../../../components/PageTitle';
import { useEuro } from '../../../lib/format';
import { useMyAuctions } from '../api/my-auctions';
import { useWonOrders } from '../api/won-orders';
import { Countdown } from './Countdown';
import { WatchButton } from './WatchButton';
import { paths } from '../../../lib/routes';

type TabKey = 'watching' | 'bidding' | 'won' | 'lost';
const TABS: TabKey[] = ['watching', 'bidding', 'won', 'lost'];

const isOpen = (a: MyAuction) => a.state === 'leading' || a.state === 'outbid' || (a.state === 'watching' && a.product.status === 'IN_AUCTION');

/**
 * The tabs a lot is listed under: every watched lot still running under "watching" (also when I bid
 * on it, as a watch list does), my bids on running lots under "bidding", then "won" and "lost". Each
 * tab's count is the number of its rows (decision 711).
 */
export function tabsOf(a: MyAuction): TabKey[] {
  if (a.state === 'won') return ['won'];
  // Nobody won a lot that ended under its reserve: it ends with my other lost auctions.
  if (a.state === 'lost' || a.state === 'reserve_not_met') return ['lost'];
  const tabs: TabKey[] = [];
  if (a.watched) tabs.push('watching');
  if (a.state === 'leading' || a.state === 'outbid') tabs.push('bidding');
  return tabs;
}

const STATE_VARIANT: Record<MyAuction['state'], string> = {
  watching: 'secondary',
  leading: 'success',
  outbid: 'warning',
  won: 'success',
  lost: 'secondary',
  reserve_not_met: 'secondary',
};

/** /user/auctions: the lots I watch, bid on, won and lost. */
export function MyAuctionsPage() {
  const { t } = useTranslation('alerts');
  const { data, isLoading, isError, isFetching, refetch } = useMyAuctions();
  const byTab = (tab: TabKey) => (data ?? []).filter((a) => tabsOf(a).includes(tab));
  return (
    <section>
      <PageTitle>{t('page.title')}</PageTitle>
      {isLoading ? <Spinner role="status" aria-label={t('page.loading')} /> : null}
      {isError ? <LoadFailed message={t('page.loadError')} onRetry={() => void refetch()} busy={isFetching} /> : null}
      {data ? (
        <Tabs defaultActiveKey="bidding" id="my-auctions-tabs" className="mb-3" mountOnEnter>
          {TABS.map((tab) => {
            const rows = byTab(tab);
            return (
              <Tab
                key={tab}
                eventKey={tab}
                title={
                  <>
                    {t(`page.tabs.${tab}`)}{' '}
                    <Badge bg="secondary" pill data-testid={`tab-count-${tab}`}>
                      {rows.length}
                    </Badge>
                  </>
                }
              >
                {rows.length === 0 ? <p className="text-body-secondary">{t(`page.empty.${tab}`)}</p> : <AuctionsTable rows={rows} tab={tab} />}
              </Tab>
            );
          })}
        </Tabs>
      ) : null}
    </section>
  );
}

function AuctionsTable({ rows, tab }: { rows: MyAuction[]; tab: TabKey }) {
  const { t } = useTranslation('alerts');
  const euro = useEuro();
  const over = tab === 'won' || tab === 'lost';
  const orders = useWonOrders(tab === 'won').data;
  return (
    <Table responsive size="sm" className="align-middle table-cards" data-testid={`my-auctions-${tab}`}>
      <thead>
        <tr>
          <th>{t('page.lot')}</th>
          <th>{t('page.seller')}</th>
          <th className="text-end">{over ? t('page.final') : t('page.highest')}</th>
          <th className="text-end">{t('page.myBid')}</th>
          <th>{t('page.state')}</th>
          <th>{t('page.timeLeft')}</th>
          <th />
        </tr>
      </thead>
      <tbody>
        {rows.map((a) => (
          <tr key={a.product.productId} data-testid={`my-auction-${a.product.productId}`}>
            <td>
              <Link to={paths.auctionRoom(a.product.productId)}>{a.product.name}</Link>
              <div className="small text-body-secondary">
                {t('page.bidders')}: {a.bidders}
              </div>
            </td>
            <td data-label={t('page.seller')}>{a.product.user.companyName}</td>
            <td className="text-end text-nowrap" data-label={over ? t('page.final') : t('page.highest')}>
              {over
                ? a.finalAmount === null
                  ? '–'
                  : euro(a.finalAmount, { perKg: true })
                : a.highest === null
                  ? t('page.noOffer')
                  : euro(a.highest, { perKg: true })}
            </td>
            <td className="text-end text-nowrap" data-label={t('page.myBid')}>
              {a.myBid === null ? '–' : euro(a.myBid, { perKg: true })}
              {a.myMax !== null ? <div className="small text-body-secondary">{t('page.myMax', { amount: euro(a.myMax, { perKg: true }) })}</div> : null}
            </td>
            <td data-label={t('page.state')}>
              <Badge bg={STATE_VARIANT[a.state]} text={STATE_VARIANT[a.state] === 'warning' ? 'dark' : undefined} data-testid="my-auction-state">
                {t(`page.states.${a.state === 'reserve_not_met' ? 'reserveNotMet' : a.state}`)}
              </Badge>
            </td>
            <td data-label={t('page.timeLeft')}>{isOpen(a) ? <Countdown end={a.product.endsAt} /> : t('page.ended')}</td>
            <td className="text-end">
              {over ? null : <WatchButton productId={a.product.productId} lot={a.product.name} />}
              {tab === 'won' ? <OrderLink order={orders?.get(a.product.productId)} /> : null}
            </td>
          </tr>
        ))}
      </tbody>
    </Table>
  );
}

/** A won lot's order (issue 21): the next step after winning. */
function OrderLink({ order }: { order: OrderRef | undefined }) {
  const { t } = useTranslation('orders');
  if (!order) return null;
  return (
    <Link className="btn btn-sm btn-outline-primary text-nowrap" to={paths.order(order.id)} data-testid="won-order">
      {t('links.order', { number: order.number })}
    </Link>
  );
}
