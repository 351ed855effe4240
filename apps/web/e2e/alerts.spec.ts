import { randomUUID } from 'node:crypto';
import { expect, type Browser, type Page } from '@playwright/test';
import { DEMO, expectToast, gotoIn, signInToHome, test } from './fixtures';

/** A second demo buyer (seeded with the demo listings). */
const BUYER2 = { email: 'primeurs.lyon@example.com', password: 'Demo-company-1', company: 'Primeurs Lyonnais SARL' };

async function signedInPage(browser: Browser, who: { email: string; password: string }): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await signInToHome(page, who.email, who.password, 'en');
  return page;
}

interface Details {
  productId: number;
  name: string;
  nextMinimum: number;
}

/** A bid through the API (the bid form is the auction page's business; this spec is about alerts). */
async function bid(page: Page, productId: number, amount: number) {
  const res = await page.request.post(`/api/users/auction/offers/add/${productId}`, {
    data: { amount },
    headers: { 'Idempotency-Key': randomUUID() },
  });
  expect(res.status(), await res.text()).toBe(200);
}

const details = async (page: Page, productId: number) => (await (await page.request.get(`/api/users/product/details/${productId}`)).json()) as Details;

test('buyer A bids, buyer B outbids: A’s bell counts and shows “outbid” live, and My auctions says so', async ({ browser }) => {
  const a = await signedInPage(browser, DEMO.buyer);
  const b = await signedInPage(browser, BUYER2);

  // An open auction of a third company.
  const list = (await (await a.request.get('/api/users/product/listActiveAuctionsWithBiggestOffer')).json()) as Array<{
    product: { productId: number; user: { companyName: string } };
  }>;
  const lot = list.find((i) => i.product.user.companyName !== DEMO.buyer.company && i.product.user.companyName !== BUYER2.company);
  expect(lot, 'an open demo auction').toBeTruthy();
  const productId = lot!.product.productId;

  // A sits on the My auctions page; the bell shows what it has now.
  await gotoIn(a, '/user/auctions');
  await expect(a.getByRole('heading', { name: 'My auctions' })).toBeVisible();
  const bell = a.getByTestId('notifications-bell');
  await expect(bell).toBeVisible();
  const before = ((await (await a.request.get('/api/users/notifications/unreadCount')).json()) as { unread: number }).unread;
  if (before > 0) await expect(a.getByTestId('notifications-unread')).toHaveText(String(Math.min(before, 99)));
  else await expect(a.getByTestId('notifications-unread')).toHaveCount(0);

  // A bids, then B outbids.
  await bid(a, productId, (await details(a, productId)).nextMinimum);
  const { nextMinimum, name } = await details(b, productId);
  await bid(b, productId, nextMinimum);

  // Live, no reload: the badge counts one more and the list shows the outbid notice for this lot.
  // (At least one more: a demo lot may also end meanwhile and bring its own notice.)
  const badge = async () =>
    Number(
      (await a
        .getByTestId('notifications-unread')
        .textContent({ timeout: 500 })
        .catch(() => '0')) ?? '0',
    );
  // An outbid notice supersedes an unread earlier one of the same lot (one entry per lot, decision 705),
  // so the count grows by one unless A was already told about this lot; the entry shows B's price.
  const unread = async () => ((await (await a.request.get('/api/users/notifications/unreadCount')).json()) as { unread: number }).unread;
  await expect.poll(unread, { timeout: 20_000 }).toBeGreaterThanOrEqual(Math.max(before, 1));
  await expect.poll(badge, { timeout: 20_000 }).toBeGreaterThanOrEqual(1);
  await a.getByRole('button', { name: /^Notifications/ }).click();
  const notice = a.getByTestId('notification-outbid').filter({ hasText: name }).first();
  await expect(notice).toContainText('Outbid');
  await expect(notice).toContainText(`You have been outbid on ${name}: the highest offer is now €${nextMinimum.toFixed(2)}/kg.`, { timeout: 20_000 });

  // My auctions (refreshed by the notice) lists the lot under Bidding as outbid.
  await a.keyboard.press('Escape');
  await a.getByRole('tab', { name: /Bidding/ }).click();
  await expect(a.getByTestId(`my-auction-${productId}`).getByTestId('my-auction-state')).toHaveText('Outbid');

  // Reading the notice takes it off the count and leads to the lot.
  await a.getByRole('button', { name: /^Notifications/ }).click();
  await a.getByTestId('notification-outbid').filter({ hasText: name }).first().click();
  await expect(a).toHaveURL(new RegExp(`/encheres/details/${productId}$`));
  const isRead = async () =>
    ((await (await a.request.get('/api/users/notifications')).json()) as { items: Array<{ kind: string; productId: number; read: boolean }> }).items.find(
      (n) => n.kind === 'outbid' && n.productId === productId,
    )?.read;
  await expect.poll(isRead).toBe(true);

  // B leads: on B's page the lot is in Bidding as leading.
  await gotoIn(b, '/user/auctions');
  await b.getByRole('tab', { name: /Bidding/ }).click();
  await expect(b.getByTestId(`my-auction-${productId}`).getByTestId('my-auction-state')).toHaveText('Leading');
  // Bidding watched the lot by itself; the watch button stops watching it.
  const watch = b.getByTestId(`my-auction-${productId}`).getByTestId(`watch-${productId}`);
  await expect(watch).toHaveText('Watching');
  await expect(watch).toHaveAttribute('aria-pressed', 'true');
  await watch.click();
  await expect(watch).toHaveText('Watch');
  const watched = (await (await b.request.get('/api/users/auction/watched')).json()) as Array<{ productId: number }>;
  expect(watched.some((w) => w.productId === productId)).toBe(false);
});

test('a buyer turns outbid e-mails off on the profile, watches a lot from /encheres; My auctions speaks French', async ({ browser }) => {
  const page = await signedInPage(browser, BUYER2);
  await gotoIn(page, '/user/profil');
  await page.getByRole('tab', { name: 'Notifications' }).click();
  const form = page.getByTestId('notification-prefs');
  const outbidEmail = form.getByRole('switch', { name: 'I am outbid — By e-mail' });
  await expect(outbidEmail).toBeChecked();
  await outbidEmail.click();
  await form.getByRole('button', { name: 'Save' }).click();
  await expectToast(page, 'Your notification settings are saved.');
  const prefs = (await (await page.request.get('/api/users/notifications/preferences')).json()) as Array<{ kind: string; email: boolean; inApp: boolean }>;
  expect(prefs.find((p) => p.kind === 'outbid')).toEqual({ kind: 'outbid', inApp: true, email: false });

  // The watch button on an /encheres card toggles the lot in the watch list.
  await gotoIn(page, '/encheres');
  const card = page.locator('[data-testid^="auction-card-"]').first();
  const productId = Number((await card.getAttribute('data-testid'))!.replace('auction-card-', ''));
  const watch = card.getByTestId(`watch-${productId}`);
  await expect(watch).toBeEnabled();
  const was = (await watch.getAttribute('aria-pressed')) === 'true';
  await watch.click();
  // (The button follows the watch list once it is refetched: slow on a loaded machine.)
  await expect(watch).toHaveAttribute('aria-pressed', String(!was), { timeout: 20_000 });
  await expect(watch).toHaveText(was ? 'Watch' : 'Watching');
  const watched = (await (await page.request.get('/api/users/auction/watched')).json()) as Array<{ productId: number }>;
  expect(watched.some((w) => w.productId === productId)).toBe(!was);

  // French labels on the same page.
  await gotoIn(page, '/user/auctions', 'fr');
  await expect(page.getByRole('heading', { name: 'Mes enchères' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Mes enchères' })).toBeVisible();
});
