import { dayInParis } from '@primeur/shared';
import { chromium, expect, type Browser, type BrowserContext, type Page, type Request } from '@playwright/test';
import { chromiumLaunchOptions } from './chromium';
import { DEMO, signInToHome, test } from './fixtures';

/**
 * The auction room as people use it (issue 10), in Chromium launched with an English and with a
 * French locale: the decimal comma typed in the bid field, a double-click, a watcher that gets the
 * offer live without asking the server, and /encheres following the bid.
 */
const BUYER2 = { email: 'primeurs.lyon@example.com', password: 'Demo-company-1', company: 'Primeurs Lyonnais SARL' };
const PHOTO = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAgAAAAGCAIAAABxZ0isAAAAEUlEQVR4nGN4dkIDK2IYSAkA9w1YISzJWkAAAAAASUVORK5CYII=', 'base64');

async function open(browser: Browser, who: { email: string; password: string }, locale?: string): Promise<{ ctx: BrowserContext; page: Page }> {
  const ctx = await browser.newContext(locale ? { locale } : {});
  const page = await ctx.newPage();
  await signInToHome(page, who.email, who.password);
  return { ctx, page };
}

/** A fresh auction lot of the demo supplier, open now, starting at `price` €/kg. */
async function newAuction(browser: Browser, price: number): Promise<number> {
  const { ctx, page } = await open(browser, DEMO.supplier, 'en-US');
  const options = (await (await page.request.get('/api/users/product/formOptions')).json()) as {
    articles: Array<{ id: number }>;
    packagings: Array<{ id: number }>;
  };
  const origins = (await (await page.request.get('/api/location/origin/getAll')).json()) as Array<{ id: number }>;
  const input = {
    articleId: options.articles[0]!.id,
    name: `E2E room ${Date.now()}`,
    description: 'Lot for the auction room test.',
    caliber: '3',
    originId: origins[0]!.id,
    packagingId: options.packagings[0]!.id,
    price,
    quantity: 5,
    netKgPerPallet: 800,
    qualityClass: 'I',
    availableUntil: dayInParis(10),
    auctionStartDate: new Date(Date.now() - 30_000).toISOString(),
  };
  const res = await page.request.post('/api/users/product/add', {
    multipart: { data: JSON.stringify(input), photos: { name: 'lot.png', mimeType: 'image/png', buffer: PHOTO } },
  });
  expect(res.status(), await res.text()).toBe(201);
  const productId = ((await res.json()) as { productId: number }).productId;
  await ctx.close();
  return productId;
}

const api = (r: Request) => new URL(r.url()).pathname.startsWith('/api/');

/**
 * The bidder in Chromium launched in French types the decimal comma; the watcher and the list follow in
 * Chromium launched in English, each page in its reader's language (decision 963: the whole story told
 * once per language was twice the browser time for the same checks).
 */
test.describe('Chromium --lang=fr-FR and --lang=en-US', () => {
  const browsers: Partial<Record<'fr-FR' | 'en-US', Browser>> = {};
  test.beforeAll(async () => {
    browsers['fr-FR'] = await chromium.launch(chromiumLaunchOptions('fr-FR'));
    browsers['en-US'] = await chromium.launch(chromiumLaunchOptions('en-US'));
  });
  test.afterAll(async () => {
    await browsers['fr-FR']?.close();
    await browsers['en-US']?.close();
  });
  /** A price as the English pages write it. */
  const perKg = (text: string) => `€${text}/kg`;

  test('typing 3,10 places exactly 3,10 €/kg once on a double-click; a watcher and /encheres follow live without a request', async () => {
    const productId = await newAuction(browsers['en-US']!, 3);
    const url = `/encheres/details/${productId}`;

    const bidder = await open(browsers['fr-FR']!, DEMO.buyer, 'fr-FR');
    await bidder.page.goto(url);
    expect(await bidder.page.evaluate(() => navigator.language)).toBe('fr-FR');
    await expect(bidder.page.locator('html')).toHaveAttribute('lang', /^fr/);

    const watcher = await open(browsers['en-US']!, BUYER2, 'en-US');
    await watcher.page.goto(url);
    await expect(watcher.page.getByTestId('connection')).toHaveAttribute('data-state', 'live', { timeout: 30_000 });
    await expect(watcher.page.getByTestId('offers-table')).toHaveCount(0);

    const lister = await open(browsers['en-US']!, BUYER2, 'en-US');
    await lister.page.goto('/encheres');
    const card = lister.page.getByTestId(`auction-card-${productId}`);
    await expect(card).toBeVisible({ timeout: 30_000 });
    await expect(bidder.page.getByTestId('connection')).toHaveAttribute('data-state', 'live');
    // Let the list's live subscription settle before the bid (its receipt makes it live). The list page
    // shows no subscription state to wait for yet (waiting for the RECEIPT frame hung in CI).
    // eslint-disable-next-line no-restricted-syntax -- real clock: no observable condition on the list page yet.
    await lister.page.waitForTimeout(1000);

    // From now on, every API request of the watcher and of the list page is counted.
    const watcherRequests: string[] = [];
    const listerRequests: string[] = [];
    watcher.page.on('request', (r) => api(r) && watcherRequests.push(`${r.method()} ${r.url()}`));
    lister.page.on('request', (r) => api(r) && listerRequests.push(`${r.method()} ${r.url()}`));
    const bids: Request[] = [];
    bidder.page.on('request', (r) => r.method() === 'POST' && r.url().includes('/auction/offers/add/') && bids.push(r));

    await bidder.page.locator('#bid-amount').fill('3,10');
    await bidder.page.getByTestId('bid-button').dblclick();
    // One message from the bid's answer, green because it leads (no toast besides it).
    await expect(bidder.page.getByTestId('bid-outcome')).toHaveAttribute('data-state', 'leading');
    await expect(bidder.page.locator('#bid-amount')).toHaveValue('');
    await expect(bidder.page.getByTestId('toast-success')).toHaveCount(0);
    await expect(bidder.page.getByTestId('offer-row')).toHaveCount(1);
    await expect(bidder.page.getByTestId('offer-row').first()).toHaveAttribute('data-mine', 'true');

    // Exactly one offer, of exactly 3,10 €/kg, sent with a client-made idempotency key.
    const stored = (await (await bidder.page.request.get(`/api/users/auction/offers/${productId}`)).json()) as Array<{
      amount: number;
      mine: boolean;
    }>;
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({ amount: 3.1, mine: true, bidderNumber: 1 });
    expect(stored[0]).not.toHaveProperty('user');
    expect(bids).toHaveLength(1);
    expect(bids[0]!.headers()['idempotency-key']).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(bids[0]!.postDataJSON()).toEqual({ amount: 3.1 });

    // The watcher sees it live, with the next minimum computed on the page, and asked nothing.
    await expect(watcher.page.getByTestId('highest')).toHaveText(perKg('3.10'));
    await expect(watcher.page.getByTestId('offer-row')).toHaveCount(1);
    await expect(watcher.page.getByTestId('bid-hint')).toContainText(perKg('3.12'));
    expect(watcherRequests).toEqual([]);

    // The list in a third browser shows the new biggest offer without reload, and asked nothing either.
    await expect(card.getByTestId('biggest-offer')).toHaveText(perKg('3.10'));
    expect(listerRequests).toEqual([]);

    for (const p of [bidder, watcher, lister]) await p.ctx.close();
  });
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test('at 390 px the countdown and the bid button are inside the first screen, above the photos', async ({ browser }) => {
    const productId = await newAuction(browser, 2);
    const { ctx, page } = await open(browser, DEMO.buyer, 'en-US');
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`/encheres/details/${productId}`);
    const button = page.getByTestId('bid-button');
    await expect(button).toBeVisible({ timeout: 30_000 });
    await expect(page.locator('main img').first()).toBeVisible();
    const box = (await button.boundingBox())!;
    expect(box.y + box.height).toBeLessThanOrEqual(844);
    const countdown = (await page.getByTestId('countdown').boundingBox())!;
    const photo = (await page.locator('main img').first().boundingBox())!;
    expect(countdown.y).toBeLessThan(photo.y);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await ctx.close();
  });
});

test('an overbid asks for confirmation with the amount per kg and the quantity', async ({ browser }) => {
  const productId = await newAuction(browser, 1);
  const { ctx, page } = await open(browser, DEMO.buyer, 'en-US');
  await page.goto(`/encheres/details/${productId}`);
  await page.locator('#bid-amount').fill('1.50');
  await page.getByTestId('bid-button').click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText('You are bidding €1.50/kg for 5 pallets. That is 50 % above the next minimum of €1.00/kg.');
  await dialog.getByTestId('confirm-bid-ok').click();
  await expect(page.getByTestId('highest')).toHaveText('€1.50/kg');
  await expect(page.getByTestId('bid-outcome')).toHaveText('You lead at €1.50/kg.');
  await ctx.close();
});
