import { act } from 'react';
import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AuctionItem } from '@primeur/shared';
import { live, withFakeLive } from '../../../test/fake-live';
import { auctionLot } from '../../../test/fixtures';
import { renderPage } from '../../../test/render';
import { AuctionListPage } from './AuctionListPage';

withFakeLive();

const HOUR = 3_600_000;
const item = (productId: number, amount: number | null, name = `Lot ${productId}`): AuctionItem => ({
  amount,
  product: auctionLot({
    productId,
    name,
    created: new Date().toISOString(),
    origin: { id: 1, name: 'Spain', alpha2: 'ES' },
    endsAt: new Date(Date.now() + productId * HOUR).toISOString(),
  }),
});

/** A fake list endpoint that pages and searches like the server, and keeps every URL asked for. */
function fakeAuctions(all: AuctionItem[]) {
  const asked: URL[] = [];
  const answer = (url: string) => {
    const u = new URL(url, 'http://test');
    asked.push(u);
    const q = (u.searchParams.get('q') ?? '').toLowerCase();
    const hits = all.filter((i) => !q || i.product.name.toLowerCase().includes(q));
    const page = Number(u.searchParams.get('page') ?? 1);
    const size = Number(u.searchParams.get('size') ?? 24);
    return new Response(JSON.stringify({ items: hits.slice((page - 1) * size, page * size), page, size, total: hits.length }), {
      status: 200,
      headers: { 'content-type': 'application/json' },
    });
  };
  return { asked, answer };
}

const LIST = '/api/users/product/listActiveAuctionsWithBiggestOffer';
const thirty = Array.from({ length: 30 }, (_, i) => item(i + 1, i === 25 ? 1 : null, i === 27 ? 'Naranjas de Almeria' : `Lot ${i + 1}`));

describe('/encheres, paged', () => {
  it('opens the page the address names, shows the total and moves between pages', async () => {
    const server = fakeAuctions(thirty);
    renderPage(<AuctionListPage />, { path: '/encheres?page=2', answers: { [LIST]: server.answer } });
    expect(await screen.findByTestId('auction-card-25')).toBeInTheDocument();
    expect(screen.queryByTestId('auction-card-1')).not.toBeInTheDocument();
    expect(server.asked[0]!.searchParams.get('page')).toBe('2');
    expect(server.asked[0]!.searchParams.get('size')).toBe('24');
    expect(screen.getByTestId('auction-page')).toHaveTextContent('Page 2 of 2');
    expect(screen.getByTestId('auction-total')).toHaveTextContent('30 lots');
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();
    await userEvent.click(screen.getByRole('button', { name: 'Previous' }));
    expect(await screen.findByTestId('auction-card-1')).toBeInTheDocument();
    expect(screen.getByTestId('auction-page')).toHaveTextContent('Page 1 of 2');
    expect(server.asked.at(-1)!.searchParams.get('page')).toBe('1');
    await userEvent.click(screen.getByRole('button', { name: 'Last page' }));
    expect(await screen.findByTestId('auction-card-30')).toBeInTheDocument();
  });

  it('moves a page number past the end to the last page', async () => {
    const server = fakeAuctions(thirty);
    renderPage(<AuctionListPage />, { path: '/encheres?page=9', answers: { [LIST]: server.answer } });
    expect(await screen.findByTestId('auction-card-30')).toBeInTheDocument();
    expect(screen.getByTestId('auction-page')).toHaveTextContent('Page 2 of 2');
  });

  it('searches on the server from the first page, and says when nothing matches', async () => {
    const server = fakeAuctions(thirty);
    renderPage(<AuctionListPage />, { path: '/encheres?page=2', answers: { [LIST]: server.answer } });
    await screen.findByTestId('auction-card-25');
    await userEvent.type(screen.getByRole('searchbox'), 'almeria');
    expect(await screen.findByText('Naranjas de Almeria')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByTestId('auction-card-25')).not.toBeInTheDocument());
    const last = server.asked.at(-1)!;
    expect([last.searchParams.get('q'), last.searchParams.get('page')]).toEqual(['almeria', '1']);
    expect(screen.queryByTestId('auction-page')).not.toBeInTheDocument();
    await userEvent.clear(screen.getByRole('searchbox'));
    await userEvent.type(screen.getByRole('searchbox'), 'nothing like it');
    expect(await screen.findByText('No lot matches your search.')).toBeInTheDocument();
  });

  it('says when the list could not be loaded, and Retry loads it', async () => {
    const server = fakeAuctions(thirty);
    let down = true;
    const answer = (url: string) =>
      down
        ? new Response(JSON.stringify({ error: 'The database is unavailable.', code: 'DATABASE_UNAVAILABLE' }), {
            status: 503,
            headers: { 'content-type': 'application/json' },
          })
        : server.answer(url);
    renderPage(<AuctionListPage />, { path: '/encheres', answers: { [LIST]: answer } });
    const failed = await screen.findByTestId('load-failed', {}, { timeout: 15_000 });
    down = false;
    await userEvent.click(within(failed).getByRole('button'));
    expect(await screen.findByTestId('auction-card-1')).toBeInTheDocument();
    expect(screen.queryByTestId('load-failed')).not.toBeInTheDocument();
  });

  it('filters by family and origin on the server, from the first page, the filters in the address', async () => {
    const server = fakeAuctions(thirty);
    const origins = [
      { id: 1, name: 'Spain', alpha2: 'ES' },
      { id: 2, name: 'Italy', alpha2: 'IT' },
    ];
    renderPage(<AuctionListPage />, { path: '/encheres?page=2', answers: { [LIST]: server.answer, '/api/location/origin/getAll': origins } });
    await screen.findByTestId('auction-card-25');
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Family' }), 'Vegetables');
    await waitFor(() => expect(server.asked.at(-1)!.searchParams.get('family')).toBe('legumes'));
    expect(server.asked.at(-1)!.searchParams.get('page')).toBe('1');
    await userEvent.selectOptions(await screen.findByRole('combobox', { name: 'Origin' }), 'Italy');
    await waitFor(() => expect(server.asked.at(-1)!.searchParams.get('origin')).toBe('IT'));
    expect(server.asked.at(-1)!.searchParams.get('family')).toBe('legumes');
  });

  it('updates a card of the page shown from the one live subscription, without a request', async () => {
    const server = fakeAuctions(thirty);
    renderPage(<AuctionListPage />, { lng: 'fr', path: '/encheres?page=2', answers: { [LIST]: server.answer } });
    const card = await screen.findByTestId('auction-card-26');
    expect(within(card).getByTestId('biggest-offer')).toHaveTextContent('1,00 €/kg');
    await waitFor(() => expect(live.subscriptions.map((s) => s.destination)).toContain('/topic/auctions'));
    const before = server.asked.length;
    const { listener } = live.subscriptions.filter((s) => s.destination === '/topic/auctions').at(-1)!;
    const endsAt = new Date(Date.now() + 26 * HOUR).toISOString();
    act(() =>
      listener.onMessage({ productId: 26, offerId: 7, date: new Date().toISOString(), highest: 1.25, bidders: 2, endsAt, reserveMet: null }, {} as never),
    );
    await waitFor(() => expect(within(card).getByTestId('biggest-offer')).toHaveTextContent('1,25 €/kg'));
    // An older message arriving late lowers nothing.
    // An async act settles the render and whatever it started (a refetch would be asked by now).
    await act(async () =>
      listener.onMessage({ productId: 26, offerId: 6, date: new Date().toISOString(), highest: 1.1, bidders: 1, endsAt, reserveMet: null }, {} as never),
    );
    expect(within(card).getByTestId('biggest-offer')).toHaveTextContent('1,25 €/kg');
    expect(server.asked.length).toBe(before);
  });
});

describe('/encheres, a lot not open yet', () => {
  it('counts to its opening, not to its close', async () => {
    const soon = item(3, null, 'Opening soon');
    soon.product = {
      ...soon.product,
      auctionStartDate: new Date(Date.now() + 9 * 60_000 + 30_000).toISOString(),
      endsAt: new Date(Date.now() + 72 * HOUR).toISOString(),
    };
    const server = fakeAuctions([soon, item(1, 1)]);
    renderPage(<AuctionListPage />, { path: '/encheres', answers: { [LIST]: server.answer } });
    const card = await screen.findByTestId('auction-card-3');
    await waitFor(() => expect(within(card).getByText('Opens in')).toBeInTheDocument());
    expect(within(card).getByTestId('card-time')).toHaveTextContent(/^0h 9m \d+s$/);
    expect(within(screen.getByTestId('auction-card-1')).getByTestId('card-time')).toHaveTextContent(/^0h 59m \d+s$/);
  });
});
