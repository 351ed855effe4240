import { Badge } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { formatMarketMoment, originalEndMs, SOFT_CLOSE_MAX_EXTENSION_MS, SOFT_CLOSE_WINDOW_MS, type Instant } from '@primeur/shared';
import { countdownLabel } from './time-left';

export type Connection = 'live' | 'connecting' | 'reconnecting' | 'offline';
export type Phase = 'not_started' | 'open' | 'ended';

const MINUTE = 60_000;

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

/** "Sun 29 Nov, 15:30 CET" in the reader's language, on the market's clock, the zone always named. */
export function useMarketMoment() {
  const { t, i18n } = useTranslation('room');
  return (value: Instant, now: number) => {
    const { text, zone } = formatMarketMoment(value, i18n.resolvedLanguage, now);
    return zone ? t('time.zoned', { time: text, zone }) : t('time.parisTime', { time: text });
  };
}

/**
 * Whole minutes the close was moved by soft close: the latest move a live message announced, else how
 * far the current close lies past the planned one (a page loaded after the move); 0 when it has not moved.
 */
export function extensionMinutes(startsAt: string, endsAt: string, lastExtensionMs = 0): number {
  const moved = Math.max(lastExtensionMs, Date.parse(endsAt) - originalEndMs(startsAt));
  return moved > 0 ? Math.ceil(moved / MINUTE) : 0;
}

export interface AuctionClockProps {
  startsAt: string;
  /** The current end (soft close only moves it later). */
  endsAt: string;
  /** The server's clock now (ms), ticking. */
  now: number;
  phase: Phase;
  connection: Connection;
  /** The latest soft-close move announced live (ms), 0 when none. */
  lastExtensionMs?: number;
}

/**
 * The time of an auction that people plan by (decision 710): before the start, the time until it
 * opens with the opening and closing moments; while open, the time left, the closing moment and the
 * soft-close rule, and "extended by n minutes" as soon as the close moves; once over, "Ended" and
 * when it closed — no live badge, no frozen zero.
 */
export function AuctionClock({ startsAt, endsAt, now, phase, connection, lastExtensionMs = 0 }: AuctionClockProps) {
  const { t } = useTranslation(['room', 'auctions']);
  const moment = useMarketMoment();
  const extended = extensionMinutes(startsAt, endsAt, lastExtensionMs);
  const label = phase === 'not_started' ? t('time.opensIn') : phase === 'open' ? t('time.timeLeft') : null;
  return (
    <div data-testid="auction-clock" data-phase={phase}>
      <div className="d-flex justify-content-between align-items-center gap-2">
        <div className="text-body-secondary small">{label}</div>
        {phase === 'ended' ? null : <ConnectionBadge connection={connection} />}
      </div>
      {/* Tabular figures keep the ticking clock still without a monospace font's width; on a phone a
          long language ("2 T. 17 Std. 42 Min. 41 Sek.") wraps between units rather than overflow. */}
      <div className="fs-4 fw-semibold" style={{ fontVariantNumeric: 'tabular-nums' }} data-testid="countdown" aria-live="off">
        {phase === 'not_started'
          ? countdownLabel(t, Date.parse(startsAt) - now)
          : phase === 'open'
            ? countdownLabel(t, Date.parse(endsAt) - now)
            : t('time.ended')}
      </div>
      <div className="small" data-testid="auction-times">
        {phase === 'not_started' ? <div data-testid="opens-at">{t('time.opens', { when: moment(startsAt, now) })}</div> : null}
        <div data-testid="closes-at">{t(phase === 'ended' ? 'time.closed' : 'time.closes', { when: moment(endsAt, now) })}</div>
      </div>
      {/* Announced politely: a screen reader hears that the close moved, once, not every second. */}
      <div aria-live="polite" className="small">
        {extended > 0 && phase === 'open' ? (
          <Badge bg="warning" text="dark" className="mt-1" data-testid="extended">
            {t('time.extended', { count: extended })}
          </Badge>
        ) : null}
      </div>
      {phase !== 'ended' ? (
        <p className="small text-body-secondary mb-0 mt-1" data-testid="soft-close-rule">
          {t('time.softClose', { window: SOFT_CLOSE_WINDOW_MS / MINUTE, cap: SOFT_CLOSE_MAX_EXTENSION_MS / MINUTE })}
        </p>
      ) : null}
    </div>
  );
}
