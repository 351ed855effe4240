import { useEffect, useState, type ReactNode } from 'react';
import { Badge } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { COUNTDOWN_REFRESH_MS, type AuctionResult, type SellerLot } from '@primeur/shared';
import { useEuro } from '../../../lib/format';
import { useLiveMyLots, useMyLots } from '../api/my-lots';
import { Countdown } from './Countdown';

/** Keeps the supplier's lot figures live: one /topic/auctions subscription for the whole page. */
export function SellerLotsLive({ children }: { children: ReactNode }) {
  useMyLots();
  useLiveMyLots();
  return <>{children}</>;
}

/** True once `end` has passed, checked as often as the countdowns tick. */
function usePast(end: string) {
  const [now, setNow] = useState(() => Date.now());
  const past = Date.parse(end) <= now;
  useEffect(() => {
    if (past) return;
    const id = setInterval(() => setNow(Date.now()), COUNTDOWN_REFRESH_MS);
    return () => clearInterval(id);
  }, [past]);
  return past;
}

/**
 * How the lot ended: the server's result once the close job has run, else what the figures already
 * say in the moments before it (no offer, reserve not met, or sold at the highest offer).
 */
export function outcomeOf(lot: SellerLot): { result: AuctionResult; amount: number | null; company: string | null } {
  if (lot.result) return { result: lot.result, amount: lot.finalAmount ?? lot.highest, company: lot.buyer?.companyName ?? null };
  if (lot.highest === null) return { result: 'NO_BIDS', amount: null, company: null };
  if (lot.reserveMet === false) return { result: 'RESERVE_NOT_MET', amount: null, company: null };
  return { result: 'SOLD', amount: lot.highest, company: null };
}

/** "Sold at €1.62/kg to Fruits SA", "Unsold — reserve not met", "No bids". */
function Outcome({ lot }: { lot: SellerLot }) {
  const { t } = useTranslation('alerts');
  const euro = useEuro();
  const o = outcomeOf(lot);
  const text =
    o.result === 'NO_BIDS'
      ? t('seller.noBids')
      : o.result === 'RESERVE_NOT_MET'
        ? t('seller.unsold')
        : o.company
          ? t('seller.sold', { amount: euro(o.amount, { perKg: true }), company: o.company })
          : t('seller.soldAt', { amount: euro(o.amount, { perKg: true }) });
  return (
    <span data-testid="seller-lot-result" data-result={o.result} className={o.result === 'SOLD' ? 'fw-semibold text-success' : undefined}>
      {text}
    </span>
  );
}

/** Highest offer, bidders, reserve state and time left of one of the supplier's auction lots; its result once over. */
export function SellerLotFigures({ productId }: { productId: number }) {
  const { data } = useMyLots();
  const lot = data?.find((l) => l.productId === productId);
  if (!lot) return null;
  return <Figures lot={lot} />;
}

function Figures({ lot }: { lot: SellerLot }) {
  const { t } = useTranslation('alerts');
  const euro = useEuro();
  const productId = lot.productId;
  const over = usePast(lot.endsAt) || lot.result !== null;
  const reserve = lot.reserveMet === null ? t('seller.noReserve') : lot.reserveMet ? t('seller.reserveMet') : t('seller.reserveNotMet');
  return (
    <dl className="facts small mb-0 mt-2 border-top pt-2" data-testid={`seller-lot-${productId}`}>
      <dt className="fw-normal text-body-secondary">{t('seller.highest')}</dt>
      <dd className="mb-1 fw-semibold" data-testid="seller-lot-highest">
        {lot.highest === null ? '–' : euro(lot.highest, { perKg: true })}
      </dd>
      <dt className="fw-normal text-body-secondary">{t('seller.bidders')}</dt>
      <dd className="mb-1" data-testid="seller-lot-bidders">
        {lot.bidders}
      </dd>
      <dt className="fw-normal text-body-secondary">{t('seller.reserve')}</dt>
      <dd className="mb-1">
        <Badge bg={lot.reserveMet === false ? 'warning' : lot.reserveMet ? 'success' : 'secondary'} text={lot.reserveMet === false ? 'dark' : undefined}>
          {reserve}
        </Badge>
      </dd>
      <dt className="fw-normal text-body-secondary">{over ? t('seller.result') : t('seller.timeLeft')}</dt>
      <dd className="mb-1">{over ? <Outcome lot={lot} /> : <Countdown end={lot.endsAt} />}</dd>
    </dl>
  );
}
