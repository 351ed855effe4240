import { Alert, Badge, Card } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { euro } from '../../../lib/format';
import { myStanding, type Me, type RoomDetails, type RoomOffer, type RoomState } from '../api/room';
import { AuctionResult } from './AuctionResult';
import { BidForm } from './BidForm';
import { countdownLabel } from './time-left';

export type Connection = 'live' | 'connecting' | 'reconnecting' | 'offline';

function ConnectionBadge({ connection }: { connection: Connection }) {
  const { t } = useTranslation('room');
  const bg = connection === 'live' ? 'success' : connection === 'offline' ? 'danger' : 'warning';
  return (
    <Badge bg={bg} text={bg === 'warning' ? 'dark' : undefined} data-testid="connection" data-state={connection} role="status">
      <span aria-hidden="true">● </span>
      {t(`connection.${connection}`)}
    </Badge>
  );
}

export interface PanelProps {
  details: RoomDetails;
  room: RoomState;
  offers: RoomOffer[] | undefined;
  me: Me | null;
  left: number;
  phase: 'not_started' | 'open' | 'ended';
  connection: Connection;
}

/** Countdown, connection, highest offer, bidders and reserve state; then the bid form, or the result once ended. */
export function AuctionPanel({ details: d, room, offers, me, left, phase, connection }: PanelProps) {
  const { t, i18n } = useTranslation(['auctions', 'room']);
  const lng = i18n.resolvedLanguage ?? 'en';
  const ended = phase === 'ended' || left <= 0;
  const standing = myStanding(room, offers, me);
  const stale = connection !== 'live';
  return (
    <Card className="shadow-sm mb-3" data-testid="auction-panel">
      <Card.Body>
        <div className="d-flex justify-content-between align-items-center gap-2">
          <div className="text-body-secondary small">{t('details.countdown')}</div>
          <ConnectionBadge connection={connection} />
        </div>
        {/* Tabular figures keep the ticking clock still without a monospace font's width; on a phone a
            long language ("2 T. 17 Std. 42 Min. 41 Sek.") wraps between units rather than overflow. */}
        <div className="fs-4 fw-semibold" style={{ fontVariantNumeric: 'tabular-nums' }} data-testid="countdown" aria-live="off">
          {room.endsAt ? countdownLabel(t, left) : '–'}
        </div>
        {ended ? <div className="small text-body-secondary">{t('details.ended')}</div> : null}
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
            {standing ? (
              <Alert variant={standing === 'leading' ? 'success' : 'warning'} className="mt-3 mb-0 py-2" data-testid="standing" data-state={standing}>
                {t(`room:standing.${standing}`)}
              </Alert>
            ) : null}
            <BidForm details={d} room={room} notStarted={phase === 'not_started'} />
          </>
        )}
      </Card.Body>
    </Card>
  );
}
