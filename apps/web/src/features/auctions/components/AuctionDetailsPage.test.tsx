import { act } from 'react';
import { beforeEach, describe, expect, it, type Mock } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import type { BidResult, Offer, OfferMessage, ProductDetails } from '@primeur/shared';
import { auctionDetails, auctionPageAnswers, germanBuyer } from '../../../test/fixtures';
import { withFakeLive } from '../../../test/fake-live';
import { renderPage } from '../../../test/render';
import { mergeOffers } from '../api/offers';
import { AuctionDetailsPage } from './AuctionDetailsPage';
import { splitDuration } from './time-left';

// The tab's live connection, replaced by one the test drives: it subscribes at once and lets the
// test deliver messages as the server would (one listener per topic, gone when the page leaves it).
const live = { listeners: new Map<string, { onMessage(p: unknown): void; onSubscribed?(r: boolean): void; onLost?(): void }>() };
withFakeLive({
  subscribe: (destination, listener) => {
    live.listeners.set(destination, listener as never);
    queueMicrotask(() => listener.onSubscribed?.(false));
    return () => live.listeners.delete(destination);
  },
});

const HOUR = 3_600_000;

function details(over: Partial<ProductDetails> & Record<string, unknown> = {}): ProductDetails {
  const now = Date.now();
  return auctionDetails({
    description: 'Sweet and seedless.',
    photos: '["a.png"]',
    endsAt: new Date(now + 2 * HOUR + 5 * 60_000).toISOString(),
    // The server's clock runs one hour ahead of this browser: the countdown must follow the server.
    serverTime: new Date(now + HOUR).toISOString(),
    highest: 1,
    nextMinimum: 1.01,
    bidders: 1,
    ...over,
  });
}

/** Another buyer, as a buyer sees it: a pseudonym only (issue 19). */
const other: Who = { bidderNumber: 2, bidderLabel: 'Bidder 2', mine: false };
const me: Who = { bidderNumber: 1, bidderLabel: 'You', mine: true };
const buyer = germanBuyer;
interface Who {
  bidderNumber: number;
  bidderLabel: string;
  mine: boolean;
  user?: { id: number; companyName: string };
}
const offer = (id: number, amount: number, who: Who = other, extra: Partial<Offer> = {}): Offer => ({
  id,
  date: new Date().toISOString(),
  amount,
  auto: false,
  ...who,
  ...extra,
});
/** A /topic/offers message: the bidder's number only, and the lot's state after the offer. */
const message = (id: number, amount: number, bidderNumber: number, extra: Partial<OfferMessage> = {}): OfferMessage => ({
  id,
  date: new Date().toISOString(),
  amount,
  auto: false,
  bidderNumber,
  bidderLabel: `Bidder ${bidderNumber}`,
  endsAt: new Date(Date.now() + 2 * HOUR).toISOString(),
  originalEndsAt: new Date(Date.now() + 2 * HOUR).toISOString(),
  extendedByMs: 0,
  highest: amount,
  bidders: 2,
  reserveMet: null,
  ...extra,
});
/** The answer to my bid (contract "Bid API"): my offer and where I stand. */
const answer = (id: number, amount: number, extra: Partial<BidResult> = {}): BidResult => ({
  ...offer(id, amount, me),
  endsAt: new Date(Date.now() + 2 * HOUR).toISOString(),
  originalEndsAt: new Date(Date.now() + 2 * HOUR).toISOString(),
  highest: amount,
  bidders: 2,
  reserveMet: null,
  leading: true,
  maxAmount: null,
  nextMinimum: amount + 0.02,
  ...extra,
});

type Answers = Record<string, unknown>;
function renderDetails(d: ProductDetails, { user = buyer, offers = [offer(9, 1)], answers = {} as Answers, lng = 'en' } = {}) {
  const view = renderPage(
    <Routes>
      <Route path="/encheres/details/:productId" element={<AuctionDetailsPage />} />
    </Routes>,
    {
      lng,
      path: '/encheres/details/5',
      answers: {
        ...auctionPageAnswers(user, d, offers),
        ...answers,
      },
    },
  );
  return { ...view, fetch: globalThis.fetch as Mock };
}

const requests = (fetch: Mock) => fetch.mock.calls.map(([url, init]) => `${(init as RequestInit | undefined)?.method ?? 'GET'} ${String(url)}`);
const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

beforeEach(() => live.listeners.clear());

describe('auction room', () => {
  it('counts down on the server clock, leaves the field empty with the next minimum as a hint, and lists the offers', async () => {
    renderDetails(details());
    // Ends 2 h 5 min after this clock = 1 h 5 min after the server's.
    // The first tick may come before the server's clock is known; the countdown then moves to it.
    await waitFor(() => expect(screen.getByTestId('countdown')).toHaveTextContent(/^1h (4|5)m \d+s$/), { timeout: 30_000 });
    const field = screen.getByLabelText('Your bid (€/kg)');
    expect(field).toHaveValue('');
    expect(field).toHaveAttribute('type', 'text');
    expect(field).toHaveAttribute('inputmode', 'decimal');
    expect(await screen.findByText('Bidder 2')).toBeInTheDocument();
    // Highest 1,00 → the 1–5 € band: next minimum 1,02 (computed from the offers held).
    expect(screen.getByTestId('bid-hint')).toHaveTextContent('Next minimum: €1.02/kg');
    expect(screen.getByTestId('highest')).toHaveTextContent('€1.00/kg');
    expect(screen.getByTestId('seller')).toHaveTextContent('Agrumi di Sicilia');
  });

  it('shows each offer’s time to the second on the market’s clock (Paris), in the reader’s language, and a countdown that wraps between units only', async () => {
    const at = '2026-11-23T15:04:52.400Z'; // 16:04:52 in Paris, whatever this machine's zone.
    renderDetails(details(), { lng: 'de', offers: [offer(9, 1, other, { date: at })] });
    expect(await screen.findByTestId('offer-time')).toHaveTextContent('23.11.2026, 16:04:52');
    // "0 T. 1 Std. …": each number is tied to its unit by a no-break space.
    expect(screen.getByTestId('countdown').textContent).toMatch(/^1\u00a0Std\. \d+\u00a0Min\. \d+\u00a0Sek\.$/);
  });

  it('takes a live offer without any request: highest, next minimum, standing and own rows follow from the offers held', async () => {
    const { fetch } = renderDetails(details(), { offers: [offer(9, 1, me)] });
    expect(await screen.findByTestId('standing')).toHaveTextContent('You lead');
    await waitFor(() => expect(screen.getByTestId('connection')).toHaveTextContent('Live'));
    const mine = screen.getAllByTestId('offer-row')[0]!;
    expect(mine).toHaveAttribute('data-mine', 'true');
    expect(within(mine).getByText('You')).toBeInTheDocument();
    // Let the first catch-up settle, then count.
    await waitFor(() => expect(requests(fetch).filter((r) => r.includes('/auction/offers/5')).length).toBeGreaterThanOrEqual(2));
    const before = fetch.mock.calls.length;

    const endsAt = new Date(Date.now() + 3 * HOUR).toISOString();
    act(() => live.listeners.get('/topic/offers/5')!.onMessage(message(10, 5.2, 2, { endsAt, auto: true, bidders: 2, reserveMet: true, highest: 5.2 })));

    expect(await screen.findByText('€5.20/kg', { selector: '[data-testid=highest]' })).toBeInTheDocument();
    expect(screen.getByTestId('standing')).toHaveTextContent('You have been outbid');
    // 5,20 is in the ≥ 5 band: + 0,05.
    expect(screen.getByTestId('bid-hint')).toHaveTextContent('Next minimum: €5.25/kg');
    expect(screen.getByTestId('bidders')).toHaveTextContent('2 bidders');
    expect(screen.getByTestId('reserve')).toHaveTextContent('Reserve met');
    expect(within(screen.getAllByTestId('offer-row')[0]!).getByText('auto')).toBeInTheDocument();
    // Soft close: the countdown follows the end the message carries (3 h from this clock = 2 h on the server's).
    await waitFor(() => expect(screen.getByTestId('countdown')).toHaveTextContent(/^(1h 59m|2h 0m) \d+s$/));
    expect(fetch.mock.calls.length).toBe(before);
  });

  it('marks the highest offer as possibly out of date while the connection is lost, and catches up when it is back', async () => {
    const list = [offer(9, 1)];
    const { fetch } = renderDetails(details(), { answers: { '/api/users/auction/offers/5': () => json(200, list) } });
    await waitFor(() => expect(screen.getByTestId('connection')).toHaveTextContent('Live'));
    expect(screen.queryByTestId('stale')).toBeNull();
    const listener = live.listeners.get('/topic/offers/5')!;
    act(() => listener.onLost!());
    expect(screen.getByTestId('connection')).toHaveTextContent('Reconnecting…');
    expect(screen.getByTestId('stale')).toHaveTextContent('may be out of date');
    // An offer lands while the page is cut off; the reconnection fetches it.
    list.unshift(offer(11, 1.4));
    const before = requests(fetch).filter((r) => r.includes('/auction/offers/5')).length;
    act(() => listener.onSubscribed!(true));
    expect(await screen.findByText('€1.40/kg', { selector: '[data-testid=highest]' })).toBeInTheDocument();
    expect(requests(fetch).filter((r) => r.includes('/auction/offers/5')).length).toBe(before + 1);
    expect(screen.queryByTestId('stale')).toBeNull();
  });

  it('a double-click sends one bid with a client-made idempotency key, then empties the field', async () => {
    const bids: RequestInit[] = [];
    // The server answers only once both clicks are in: the second lands while the first is in flight.
    let release!: () => void;
    const answered = new Promise<void>((r) => (release = r));
    const { fetch } = renderDetails(details(), {
      lng: 'fr',
      answers: {
        '/api/users/auction/offers/add/5': async (_url: string, init: RequestInit) => {
          bids.push(init);
          await answered;
          return json(200, answer(12, 1.1));
        },
      },
    });
    const field = await screen.findByLabelText('Votre offre (€/kg)');
    await userEvent.type(field, '1,10');
    await userEvent.dblClick(screen.getByTestId('bid-button'));
    release();
    await waitFor(() => expect(field).toHaveValue(''));
    expect(bids).toHaveLength(1);
    expect(JSON.parse(String(bids[0]!.body))).toEqual({ amount: 1.1 });
    expect((bids[0]!.headers as Record<string, string>)['Idempotency-Key']).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(screen.getByTestId('bid-hint')).toHaveTextContent('Minimum suivant : 1,12 €/kg');
    // One message from the answer, green because the bid leads; no toast on top of it.
    expect(await screen.findByTestId('bid-outcome')).toHaveTextContent('Vous êtes en tête à 1,10 €/kg.');
    expect(screen.queryByTestId('standing')).toBeNull();
    expect(screen.queryByTestId('toast-success')).toBeNull();
    expect(requests(fetch).filter((r) => r.startsWith('POST'))).toHaveLength(1);
  });

  it('sends a retry of a lost answer with the same key', async () => {
    let calls = 0;
    const keys: string[] = [];
    renderDetails(details(), {
      answers: {
        '/api/users/auction/offers/add/5': (_url: string, init: RequestInit) => {
          keys.push((init.headers as Record<string, string>)['Idempotency-Key']!);
          calls += 1;
          if (calls === 1) throw new TypeError('network down');
          return json(200, answer(12, 1.05));
        },
      },
    });
    await userEvent.type(await screen.findByLabelText('Your bid (€/kg)'), '1.05');
    await userEvent.click(screen.getByTestId('bid-button'));
    await waitFor(() => expect(calls).toBe(2), { timeout: 30_000 });
    expect(keys[0]).toBe(keys[1]);
  });

  it('asks for confirmation above the next minimum + 20 %, with the amount per kg and the quantity', async () => {
    const bids: unknown[] = [];
    renderDetails(details(), {
      lng: 'de',
      answers: {
        '/api/users/auction/offers/add/5': (_u: string, init: RequestInit) => (bids.push(JSON.parse(String(init.body))), json(200, answer(13, 3.1))),
      },
    });
    await userEvent.type(await screen.findByLabelText('Ihr Gebot (€/kg)'), '3,10');
    await userEvent.click(screen.getByTestId('bid-button'));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('Sie bieten 3,10 €/kg für 12 Paletten.');
    expect(bids).toHaveLength(0);
    await userEvent.click(within(dialog).getByTestId('confirm-bid-ok'));
    await waitFor(() => expect(bids).toEqual([{ amount: 3.1 }]));
  });

  it('refuses ambiguous input and amounts below the next minimum before sending, and explains ALREADY_HIGHEST', async () => {
    let posts = 0;
    renderDetails(details(), {
      answers: {
        '/api/users/auction/offers/add/5': () => (posts++, json(409, { error: 'You already lead.', code: 'ALREADY_HIGHEST' })),
      },
    });
    const field = await screen.findByLabelText('Your bid (€/kg)');
    await userEvent.type(field, '1,2,3');
    await userEvent.click(screen.getByTestId('bid-button'));
    expect(screen.getByTestId('bid-amount-problem')).toHaveTextContent('can be read two ways');
    await userEvent.clear(field);
    await userEvent.type(field, '1.00');
    await userEvent.click(screen.getByTestId('bid-button'));
    expect(screen.getByTestId('bid-error')).toHaveTextContent('Your bid must be at least €1.02/kg.');
    expect(posts).toBe(0);
    await userEvent.clear(field);
    await userEvent.type(field, '1.02');
    await userEvent.click(screen.getByTestId('bid-button'));
    expect(await screen.findByTestId('bid-error')).toHaveTextContent('You already hold the highest offer: you cannot outbid yourself.');
    expect(posts).toBe(1);
  });

  it('sends an optional maximum and shows the one the server keeps', async () => {
    const bids: unknown[] = [];
    renderDetails(details(), {
      answers: {
        '/api/users/auction/myBid/5': { maxAmount: 1.5, leading: false },
        '/api/users/auction/offers/add/5': (_u: string, init: RequestInit) => (
          bids.push(JSON.parse(String(init.body))),
          json(200, answer(14, 1.02, { maxAmount: 1.8 }))
        ),
      },
    });
    expect(await screen.findByTestId('my-max')).toHaveTextContent('Your maximum: €1.50/kg');
    await userEvent.click(screen.getByTestId('use-minimum'));
    expect(screen.getByLabelText('Your bid (€/kg)')).toHaveValue('1.02');
    await userEvent.type(screen.getByLabelText('Maximum for automatic bids (€/kg)'), '1.8');
    await userEvent.click(screen.getByTestId('bid-button'));
    await waitFor(() => expect(bids).toEqual([{ amount: 1.02, maxAmount: 1.8 }]));
  });

  it('disables the bid for the seller', async () => {
    const seller = { ...buyer, userId: 42, category: 'supplier' as const, companyName: 'Agrumi di Sicilia' };
    renderDetails(details(), { user: seller });
    expect(await screen.findByText('You cannot bid on your own lot.')).toBeInTheDocument();
    expect(screen.getByTestId('bid-button')).toBeDisabled();
  });
});

describe('ended and non-auction lots', () => {
  const ended = (over: Record<string, unknown> = {}) =>
    details({ endsAt: new Date(Date.now() - HOUR).toISOString(), serverTime: new Date().toISOString(), status: 'EXPIRED', open: false, ...over });

  it('shows the result instead of the form', async () => {
    renderDetails(ended({ result: 'SOLD', winner: { ...other, amount: 1 } }));
    // "Ended" where the clock was, when it closed, and no green "Live" beside a finished sale.
    expect(await screen.findByTestId('countdown')).toHaveTextContent(/^Ended$/);
    expect(screen.getByTestId('closes-at')).toHaveTextContent(/^Closed \w{3} \d{1,2} \w{3}, \d{2}:\d{2} CES?T$/);
    expect(screen.queryByTestId('connection')).toBeNull();
    expect(await screen.findByTestId('result')).toHaveTextContent('Ended at €1.00/kg, won by Bidder 2.');
    expect(screen.queryByTestId('bid-button')).toBeNull();
  });

  it('tells the winner it won, and says when nobody bid or the reserve was not met', async () => {
    const view = renderDetails(ended(), { offers: [offer(9, 1.2, me)] });
    expect(await screen.findByText('You won this lot at €1.20/kg.')).toBeInTheDocument();
    view.unmount();
    const none = renderDetails(ended({ highest: null }), { offers: [] });
    expect(await screen.findByText('The auction ended without an offer.')).toBeInTheDocument();
    none.unmount();
    renderDetails(ended({ reserveMet: false }), { offers: [offer(9, 1.2)] });
    expect(await screen.findByText('Unsold: the reserve price was not met (highest offer €1.20/kg).')).toBeInTheDocument();
  });

  it('names the packaging in the reader’s language', async () => {
    renderDetails(details({ packaging: { id: 3, name: 'bulk' } }), {
      lng: 'fr',
      answers: { '/api/catalog/packagings': [{ id: 3, name: 'bulk', names: { en: 'bulk', fr: 'vrac', de: 'lose', es: 'a granel' } }] },
    });
    await waitFor(() => expect(screen.getByTestId('packaging')).toHaveTextContent('vrac'));
  });

  it('shows no auction panel for a lot that is not an auction', async () => {
    renderDetails(details({ auctionStartDate: null, endsAt: null, status: 'ENABLED' }));
    expect(await screen.findByTestId('not-auction')).toBeInTheDocument();
    expect(screen.queryByTestId('auction-panel')).toBeNull();
    expect(screen.queryByTestId('bid-button')).toBeNull();
  });
});

describe('offer helpers', () => {
  it('merges offers newest first, each once; a second copy adds only what the first lacked', () => {
    const a = offer(1, 1);
    const b = message(2, 1.1, 1);
    expect(mergeOffers([a], b).map((o) => o.id)).toEqual([2, 1]);
    expect(mergeOffers([b, a], b).map((o) => o.id)).toEqual([2, 1]);
    expect(mergeOffers(undefined, a)).toEqual([a]);
    // The live echo of my bid came first; my bid's answer then marks the row as mine.
    expect(mergeOffers([b, a], offer(2, 1.1, me))[0]).toMatchObject({ id: 2, mine: true, endsAt: b.endsAt });
  });

  it('splits a duration into days, hours, minutes and seconds', () => {
    expect(splitDuration(259_200_000)).toEqual({ d: 3, h: 0, m: 0, s: 0 });
    expect(splitDuration(90_061_000)).toEqual({ d: 1, h: 1, m: 1, s: 1 });
  });
});

describe('one honest message per bid, and anonymous bidders', () => {
  it('a bid beaten at once by an automatic bid gets one amber message with the next minimum, one click away', async () => {
    renderDetails(details({ highest: 0.98 }), {
      offers: [offer(9, 0.98)],
      answers: { '/api/users/auction/offers/add/5': () => json(200, answer(12, 1, { leading: false, highest: 1.02, nextMinimum: 1.04 })) },
    });
    await userEvent.type(await screen.findByLabelText('Your bid (€/kg)'), '1.00');
    await userEvent.click(screen.getByTestId('bid-button'));
    const message = await screen.findByTestId('bid-outcome');
    expect(message).toHaveAttribute('data-state', 'outbid');
    expect(message).toHaveClass('alert-warning');
    expect(message).toHaveTextContent('Placed at €1.00/kg, but an automatic bid is higher: €1.02/kg. Bid €1.04/kg?');
    // Exactly one message: no green toast, no second "outbid" panel.
    expect(screen.queryByTestId('standing')).toBeNull();
    expect(screen.queryByTestId('toast-success')).toBeNull();
    expect(document.querySelectorAll('.alert-success')).toHaveLength(0);
    await userEvent.click(within(message).getByTestId('fill-next'));
    expect(screen.getByLabelText('Your bid (€/kg)')).toHaveValue('1.04');
  });

  it('a bid my own maximum raised says why the amount is above what I typed', async () => {
    renderDetails(details(), {
      answers: { '/api/users/auction/offers/add/5': () => json(200, answer(12, 1.52, { leading: true, highest: 1.52, maxAmount: 2, nextMinimum: 1.54 })) },
    });
    await userEvent.type(await screen.findByLabelText('Your bid (€/kg)'), '1.30');
    await userEvent.type(screen.getByLabelText('Maximum for automatic bids (€/kg)'), '2.00');
    await userEvent.click(screen.getByTestId('bid-button'));
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByTestId('confirm-bid-ok'));
    const message = await screen.findByTestId('bid-outcome');
    expect(message).toHaveClass('alert-success');
    expect(message).toHaveTextContent('You lead at €1.52/kg, above the €1.30/kg you typed: your maximum €2.00/kg bid what it took to lead');
  });

  it('a leading bid with a maximum says the maximum keeps me ahead', async () => {
    renderDetails(details(), {
      answers: { '/api/users/auction/offers/add/5': () => json(200, answer(12, 1.02, { maxAmount: 2, nextMinimum: 1.04 })) },
    });
    await userEvent.type(await screen.findByLabelText('Your bid (€/kg)'), '1.02');
    await userEvent.type(screen.getByLabelText('Maximum for automatic bids (€/kg)'), '2.00');
    await userEvent.click(screen.getByTestId('bid-button'));
    expect(await screen.findByTestId('bid-outcome')).toHaveTextContent('You lead at €1.02/kg (your maximum €2.00/kg keeps you ahead).');
  });

  it('names other buyers by their pseudonym in the language of the page, and me "You", also on live rows', async () => {
    renderDetails(details({ myBidderNumber: 1 }), { lng: 'fr', offers: [offer(10, 1.02, me), offer(9, 1, other)] });
    const rows = await screen.findAllByTestId('offer-bidder');
    expect(rows.map((r) => r.textContent)).toEqual(['Vous', 'Enchérisseur 2']);
    await waitFor(() => expect(live.listeners.get('/topic/offers/5')).toBeDefined());
    act(() => live.listeners.get('/topic/offers/5')!.onMessage(message(11, 1.04, 3)));
    act(() => live.listeners.get('/topic/offers/5')!.onMessage(message(12, 1.06, 1)));
    await waitFor(() => expect(screen.getAllByTestId('offer-bidder').map((r) => r.textContent)).toEqual(['Vous', 'Enchérisseur 3', 'Vous', 'Enchérisseur 2']));
    expect(document.body.textContent).not.toContain('Bidder');
  });

  it('shows the seller the companies, also for a newcomer announced live by its number only', async () => {
    const seller = { ...buyer, userId: 42, category: 'supplier' as const, companyName: 'Agrumi di Sicilia' };
    const list = [offer(9, 1, { ...other, bidderLabel: 'Primeurs de Rungis', user: { id: 8, companyName: 'Primeurs de Rungis' } })];
    renderDetails(details(), { user: seller, answers: { '/api/users/auction/offers/5': () => json(200, list) } });
    expect(await screen.findByText('Primeurs de Rungis')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('connection')).toHaveTextContent('Live'));
    list.unshift(
      offer(10, 1.02, { bidderNumber: 3, bidderLabel: 'Frischmarkt Hamburg GmbH', mine: false, user: { id: 7, companyName: 'Frischmarkt Hamburg GmbH' } }),
    );
    act(() => live.listeners.get('/topic/offers/5')!.onMessage(message(10, 1.02, 3)));
    expect(await screen.findByText('Frischmarkt Hamburg GmbH')).toBeInTheDocument();
  });

  it('tells another buyer who won by pseudonym', async () => {
    renderDetails(
      details({
        endsAt: new Date(Date.now() - HOUR).toISOString(),
        serverTime: new Date().toISOString(),
        status: 'EXPIRED',
        phase: 'ended',
        result: 'SOLD',
        winner: { bidderNumber: 3, bidderLabel: 'Bidder 3', mine: false, amount: 1.62 },
      }),
      { offers: [offer(9, 1.62, { bidderNumber: 3, bidderLabel: 'Bidder 3', mine: false })] },
    );
    expect(await screen.findByTestId('result')).toHaveTextContent('Ended at €1.62/kg, won by Bidder 3.');
  });
});
