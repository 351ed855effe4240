import { Card } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { euro } from '../../../lib/format';
import { myStanding, type Me, type RoomDetails, type RoomOffer, type RoomState } from '../api/room';
import { AuctionResult } from './AuctionResult';
import { BidForm } from './BidForm';
import { AuctionClock, type Connection } from './AuctionClock';

export type { Connection } from './AuctionClock';

export interface PanelProps {
  details: RoomDetails;
  room: RoomState;
  offers: RoomOffer[] | undefined;
  me: Me | null;
  /** The server's clock now (ms), ticking. */
  now: number;
  phase: 'not_started' | 'open' | 'ended';
  connection: Connection;
}

/** Countdown, connection, highest offer, bidders and reserve state; then the bid form, or the result once ended. */
export function AuctionPanel({ details: d, room, offers, me, now, phase, connection }: PanelProps) {
  const { t, i18n } = useTranslation(['auctions', 'room']);
  const lng = i18n.resolvedLanguage ?? 'en';
  const ended = phase === 'ended';
  const standing = myStanding(room, offers, me);
  const stale = connection !== 'live';
  return (
    <Card className="shadow-sm mb-3" data-testid="auction-panel">
      <Card.Body>
        {d.auctionStartDate && room.endsAt ? (
          <AuctionClock
            startsAt={d.auctionStartDate}
            endsAt={room.endsAt}
            now={now}
            phase={phase}
            connection={connection}
            lastExtensionMs={room.lastExtensionMs}
          />
        ) : null}
        <div className="mt-2 d-flex flex-wrap align-items-baseline gap-2">
          <span>{t('room:highest')}:</span>
          <strong data-testid="highest" className="fs-5" data-stale={stale ? 'true' : undefined}>
            {room.highest === null ? t('list.noOffer') : euro(room.highest, lng, { perKg: true })}
          </strong>
          {stale && !ended ? (
            <span className="small text-warning-emphasis" data-testid="stale">
              ({t('room:connection.stale')})
            </span>
          ) : null}
        </div>
        <div className="small text-body-secondary d-flex flex-wrap gap-3 mt-1">
          <span data-testid="bidders">{t('room:bidders', { count: room.bidders })}</span>
          {room.reserveMet !== null ? (
            <span data-testid="reserve" className={room.reserveMet ? 'text-success' : undefined}>
              {room.reserveMet ? t('room:reserve.met') : t('room:reserve.notMet')}
            </span>
          ) : null}
        </div>
        {ended ? (
          <AuctionResult details={d} room={room} me={me} />
        ) : (
          <>
            <BidForm details={d} room={room} notStarted={phase === 'not_started'} standing={standing} />
          </>
        )}
      </Card.Body>
    </Card>
  );
}
