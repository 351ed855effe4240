import type { ReactNode } from 'react';
import { Badge } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { useEuro } from '../../../lib/format';
import { useLiveMyLots, useMyLots } from '../api/my-lots';
import { Countdown } from './Countdown';

/** Keeps the supplier's lot figures live: one /topic/auctions subscription for the whole page. */
export function SellerLotsLive({ children }: { children: ReactNode }) {
  useMyLots();
  useLiveMyLots();
  return <>{children}</>;
}

/** Highest offer, bidders, reserve state and time left of one of the supplier's auction lots. */
export function SellerLotFigures({ productId }: { productId: number }) {
  const { t } = useTranslation('alerts');
  const euro = useEuro();
  const { data } = useMyLots();
  const lot = data?.find((l) => l.productId === productId);
  if (!lot) return null;
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
      <dt className="fw-normal text-body-secondary">{t('seller.timeLeft')}</dt>
      <dd className="mb-1">
        <Countdown end={lot.endsAt} />
      </dd>
    </dl>
  );
}
