import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { AUCTION_DURATION_MS } from '@primeur/shared';
import { renderPage } from '../../../test/render';
import { AuctionClock, extensionMinutes, type AuctionClockProps } from './AuctionClock';

const MINUTE = 60_000;
const HOUR_MS = 3_600_000;
// Sunday 29 November 2026, 14:30 UTC = 15:30 in Paris (CET); the auction opened three days before.
const close = Date.parse('2026-11-29T14:30:00Z');
const start = new Date(close - AUCTION_DURATION_MS).toISOString();
const end = new Date(close).toISOString();

/** The router renders on its first tick: wait for the clock. */
async function clock(props: Partial<AuctionClockProps>, lng = 'en') {
  renderPage(<AuctionClock startsAt={start} endsAt={end} now={close - 20 * MINUTE} phase="open" connection="live" {...props} />, { lng });
  return screen.findByTestId('auction-clock');
}

describe('the auction clock', () => {
  it('before the start counts to the opening, not to the close, and writes both moments on the Paris clock', async () => {
    await clock({ now: Date.parse(start) - 9 * MINUTE - 12_000, phase: 'not_started' });
    expect(screen.getByText('Opens in')).toBeInTheDocument();
    expect(screen.getByTestId('countdown')).toHaveTextContent(/^0h 9m 12s$/);
    expect(screen.getByTestId('opens-at')).toHaveTextContent('Opens Thu 26 Nov, 15:30 CET');
    expect(screen.getByTestId('closes-at')).toHaveTextContent('Closes Sun 29 Nov, 15:30 CET');
    expect(screen.getByTestId('connection')).toBeInTheDocument();
  });

  it('while open shows the time left, the close in the reader’s language with the zone named, and the soft-close rule once', async () => {
    await clock({}, 'fr');
    expect(screen.getByText('Temps restant')).toBeInTheDocument();
    expect(screen.getByTestId('countdown').textContent).toBe('0\u00a0h 20\u00a0min 0\u00a0s');
    expect(screen.getByTestId('closes-at')).toHaveTextContent('Ferme dim. 29 nov., 15:30 (heure de Paris)');
    expect(screen.getAllByTestId('soft-close-rule')).toHaveLength(1);
    expect(screen.getByTestId('soft-close-rule')).toHaveTextContent('2 dernières minutes');
    expect(screen.queryByTestId('extended')).toBeNull();
  });

  it('says by how much the close moved as soon as a bid extends it', async () => {
    const moved = new Date(close + 2 * MINUTE).toISOString();
    await clock({ endsAt: moved, now: close - 30_000 });
    expect(screen.getByTestId('extended')).toHaveTextContent('Extended by 2 minutes');
    expect(screen.getByTestId('closes-at')).toHaveTextContent('Closes Sun 29 Nov, 15:32 CET');
    expect(screen.getByTestId('countdown')).toHaveTextContent('0h 2m 30s');
  });

  it('once over says "Ended" and when it closed: no frozen zero, no live badge', async () => {
    await clock({ now: close + 5000, phase: 'ended' }, 'de');
    expect(screen.getByTestId('countdown')).toHaveTextContent('Beendet');
    expect(screen.getByTestId('closes-at')).toHaveTextContent('Beendet So., 29. Nov., 15:30 MEZ');
    expect(screen.queryByTestId('connection')).toBeNull();
    expect(screen.queryByTestId('soft-close-rule')).toBeNull();
  });

  it('counts an extension in whole minutes past the planned close', () => {
    expect(extensionMinutes(start, end)).toBe(0);
    expect(extensionMinutes(start, new Date(close + 90_000).toISOString())).toBe(2);
    expect(extensionMinutes(start, new Date(close + 30 * MINUTE).toISOString())).toBe(30);
    // A live message says the latest bid moved the close by 1 min 40 s, although the close is still before the planned one.
    expect(extensionMinutes(start, new Date(close - HOUR_MS).toISOString(), 100_000)).toBe(2);
  });
});
