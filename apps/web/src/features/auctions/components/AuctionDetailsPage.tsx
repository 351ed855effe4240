import { Fragment, useEffect, useState } from 'react';
import { Alert, Card, Col, Row, Spinner } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { auctionPhase } from '@primeur/shared';
import { AuctionLotSlot } from '../../../components/AuctionLotSlot';
import { Flag } from '../../../components/Flag';
import { LoadFailed } from '../../../components/LoadFailed';
import { LotTotal } from '../../../components/LotTotal';
import { useLotFactRows } from '../../../components/LotFacts';
import { LotMarketReference } from '../../../components/MarketReference';
import { PageTitle } from '../../../components/PageTitle';
import { PhotoCarousel } from '../../../components/PhotoCarousel';
import { ApiError } from '../../../lib/api';
import { countryName, euro } from '../../../lib/format';
import { usePackagingName } from '../../../lib/lookups';
import { useSession } from '../../../lib/session';
import { useArticleName } from '../api/article-names';
import { useDetails } from '../api/details';
import { mergeOffers, offersKey, useOffers } from '../api/offers';
import { companiesByNumber, computeRoom, type Me, type RoomDetails, type RoomOffer } from '../api/room';
import { useLiveOffers } from '../api/use-live-offers';
import { AuctionPanel, type Connection } from './AuctionPanel';
import { OffersTable } from './OffersTable';
import { useServerNow } from './time-left';

/** navigator.onLine, followed. */
function useOnline() {
  const [online, setOnline] = useState(() => (typeof navigator === 'undefined' ? true : navigator.onLine));
  useEffect(() => {
    const on = () => setOnline(true);
    const off = () => setOnline(false);
    window.addEventListener('online', on);
    window.addEventListener('offline', off);
    return () => {
      window.removeEventListener('online', on);
      window.removeEventListener('offline', off);
    };
  }, []);
  return online;
}

/**
 * /encheres/details/{productId}: the live auction room. The page holds the offers and computes the
 * highest one, the next minimum and the current end from them: a live offer costs a watcher no
 * request (only a reconnection refetches the offers, to catch up). The countdown and the bid form
 * come first on a phone (decision 421).
 */
export function AuctionDetailsPage() {
  const { productId: raw } = useParams();
  const productId = /^\d+$/.test(raw ?? '') ? Number(raw) : Number.NaN;
  const valid = Number.isInteger(productId) && productId > 0;
  const { t, i18n } = useTranslation('auctions');
  const lng = i18n.resolvedLanguage ?? 'en';
  const qc = useQueryClient();
  const details = useDetails(productId);
  const d = details.data?.details as RoomDetails | undefined;
  const isAuction = !!d?.auctionStartDate;
  const offers = useOffers(productId);
  const { user } = useSession();
  // The seller and the operator read companies; a live message names a newcomer only by its number,
  // so they read the list again to learn it (buyers never get companies: nothing to learn).
  const privileged = !!user && (user.userId === d?.supplier || user.category === 'admin');
  const { status } = useLiveOffers(isAuction ? productId : Number.NaN, (offer) => {
    const known = companiesByNumber(qc.getQueryData<RoomOffer[]>(offersKey(productId))).has(offer.bidderNumber);
    qc.setQueryData<RoomOffer[]>(offersKey(productId), (list) => mergeOffers(list, offer));
    if (privileged && !offer.user && !known) void qc.invalidateQueries({ queryKey: offersKey(productId) });
  });
  const online = useOnline();
  const me: Me | null = user ? { userId: user.userId, bidderNumber: d?.myBidderNumber ?? null } : null;
  // Server clock − this clock, measured when the details arrived (the countdown follows the server).
  const offset = details.data ? Date.parse(details.data.details.serverTime) - details.data.receivedAt : 0;
  const room = d ? computeRoom(d, offers.data) : null;
  const now = useServerNow(offset);
  const phase = d?.auctionStartDate && room?.endsAt ? auctionPhase({ startsAt: d.auctionStartDate, endsAt: room.endsAt }, now) : null;
  // The moment the clock passes the close, the details are read again once: the server's phase and
  // result (winner, reserve) replace what the page inferred.
  const refetchDetails = details.refetch;
  const serverPhase = d?.phase;
  useEffect(() => {
    if (phase === 'ended' && serverPhase && serverPhase !== 'ended') void refetchDetails();
  }, [phase, serverPhase, refetchDetails]);
  const articleName = useArticleName();
  const packagingName = usePackagingName();
  const factRows = useLotFactRows();

  if (!valid || (details.error instanceof ApiError && details.error.status === 404)) {
    return <Alert variant="warning">{t('details.notFound')}</Alert>;
  }
  if (details.isLoading || !d || !room)
    return details.isError ? (
      <LoadFailed message={t('details.loadError')} onRetry={() => void details.refetch()} busy={details.isFetching} />
    ) : (
      <Spinner role="status" aria-label={t('loading')} />
    );

  const connection: Connection = !online ? 'offline' : status;

  return (
    <section>
      <div className="d-flex flex-wrap justify-content-between align-items-start gap-2 mb-4">
        <PageTitle className="h3 mb-0">{d.name}</PageTitle>
        {/* Watching is for a running (or coming) auction of another company. */}
        {isAuction && phase !== 'ended' && user?.userId !== d.supplier ? <AuctionLotSlot place="auction-page" productId={d.productId} lot={d.name} /> : null}
      </div>
      <Row className="g-4">
        {/* On a phone the auction panel comes right under the title, before the photos. */}
        <Col lg={7} className="order-2 order-lg-1">
          <Card className="shadow-sm overflow-hidden">
            <PhotoCarousel productId={d.productId} photos={d.photos} alt={d.name} height={380} size="detail" />
          </Card>
          <dl className="row mt-3">
            <dt className="col-sm-4">{t('details.article')}</dt>
            <dd className="col-sm-8">{articleName(d)}</dd>
            <dt className="col-sm-4">{t('details.seller')}</dt>
            <dd className="col-sm-8" data-testid="seller">
              {d.seller.companyName}
            </dd>
            {factRows(d).map(([label, value]) => (
              <Fragment key={label}>
                <dt className="col-sm-4">{label}</dt>
                <dd className="col-sm-8">{value}</dd>
              </Fragment>
            ))}
            <dt className="col-sm-4">{t('details.caliber')}</dt>
            <dd className="col-sm-8">{d.caliber || '–'}</dd>
            <dt className="col-sm-4">{t('details.origin')}</dt>
            <dd className="col-sm-8">
              <Flag code={d.origin.alpha2} /> {countryName(d.origin.alpha2, lng, d.origin.name)}
            </dd>
            <dt className="col-sm-4">{t('details.packaging')}</dt>
            <dd className="col-sm-8" data-testid="packaging">
              {packagingName(d.packaging)}
            </dd>
            <dt className="col-sm-4">{t('details.quantity')}</dt>
            <dd className="col-sm-8">
              <LotTotal pallets={d.quantity} netKgPerPallet={d.netKgPerPallet} pricePerKg={room.highest ?? d.price} />
            </dd>
            <dt className="col-sm-4">{t('details.startingPrice')}</dt>
            <dd className="col-sm-8">{euro(d.price, lng, { perKg: true })}</dd>
            <dt className="col-sm-4">{t('details.description')}</dt>
            <dd className="col-sm-8">{d.description || '–'}</dd>
          </dl>
        </Col>
        <Col lg={5} className="order-1 order-lg-2">
          {isAuction && phase ? (
            <>
              <AuctionPanel details={d} room={room} offers={offers.data} me={me} now={now} phase={phase} connection={connection} />
              <LotMarketReference productId={d.productId} price={room.highest ?? d.price} />
              <OffersTable offers={offers.data} me={me} />
            </>
          ) : (
            <>
              <Alert variant="secondary" data-testid="not-auction">
                {t('room:notAuction')}
              </Alert>
              <LotMarketReference productId={d.productId} price={d.price} />
            </>
          )}
        </Col>
      </Row>
    </section>
  );
}
