import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { chromium, expect, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { createUser } from '../../server/src/db/factories.js';
import { createProduct } from '../../server/src/db/factories/listings.js';
import { chromiumLaunchOptions } from './chromium';
import { signInToHome, test } from './fixtures';
import { startOwnServer, type OwnServer } from './own-server';

/**
 * Issue 21 in two browsers: a buyer wins an auction, both parties open the order it became, the
 * seller ships (typing the net weight with a decimal comma, in French), the buyer receives, and each
 * sees the other's step on its open page without reloading; the sale confirmation PDF comes in English
 * and in French. The app runs in this process (e2e/own-server.ts, decision 611): the spec brings the
 * auction's end forward in the database, as time passing would; everything else is the browser
 * talking to the real server. Screenshots of the orders list and the order page at 390 and 1 366 px,
 * in English and French, go to .tmp/shots/ for a person to look at.
 */
const PORT = Number(process.env.E2E_PORT ?? 3210) + 3;
const BASE_URL = `http://localhost:${PORT}`;
const SHOTS = path.resolve(import.meta.dirname, '../../../.tmp/shots');

let server: OwnServer;
let browser: Browser;
test.beforeAll(async () => {
  test.setTimeout(180_000);
  server = await startOwnServer(PORT);
  browser = await chromium.launch(chromiumLaunchOptions());
});
test.afterAll(async () => {
  await browser?.close();
  await server?.close();
});

interface Party {
  ctx: BrowserContext;
  page: Page;
  company: string;
}

async function open(locale: string, who: { email: string; password: string; companyName: string }): Promise<Party> {
  const ctx = await browser.newContext({ locale, baseURL: BASE_URL });
  const page = await ctx.newPage();
  await signInToHome(page, who.email, who.password);
  return { ctx, page, company: who.companyName };
}

/** Marks the document: still marked later means the page was never reloaded meanwhile. */
const mark = (page: Page) => page.evaluate(() => ((window as unknown as { e2eMark: boolean }).e2eMark = true));
const marked = (page: Page) => page.evaluate(() => (window as unknown as { e2eMark?: boolean }).e2eMark === true);

/** The buyer bids the starting price in the auction room, then the auction ends (its end brought forward). */
async function win(buyer: Party, lotId: number) {
  await buyer.page.goto(`/encheres/details/${lotId}`);
  await expect(buyer.page.getByTestId('connection')).toHaveAttribute('data-state', 'live', { timeout: 30_000 });
  await buyer.page.getByTestId('use-minimum').click();
  await buyer.page.getByTestId('bid-button').click();
  // One message from the bid answer (issue 19): the bid leads.
  await expect(buyer.page.getByTestId('bid-outcome')).toHaveAttribute('data-state', 'leading');
  await server.endIn(lotId, 500);
  // The closer runs every 2 s and makes the order in the same transaction as the close.
  await expect
    .poll(
      async () => {
        const won = (await (await buyer.page.request.get('/api/users/auction/won')).json()) as Array<{ product: { productId: number }; order: unknown }>;
        return won.some((w) => w.product.productId === lotId && w.order !== null);
      },
      { timeout: 30_000 },
    )
    .toBe(true);
}

async function shoot(page: Page, name: string) {
  mkdirSync(SHOTS, { recursive: true });
  for (const [width, height] of [
    [390, 844],
    [1366, 900],
  ] as const) {
    await page.setViewportSize({ width, height });
    // Let the layout settle on the new width (the table turns into cards below 768 px).
    await expect(page.locator('h1')).toBeVisible();
    await page.screenshot({ path: path.join(SHOTS, `${name}-${width}.png`), fullPage: true });
  }
}

test('a won auction becomes an order both parties follow live to delivery; the confirmation comes in en and fr', async () => {
  test.setTimeout(300_000);
  const seller = await server.company('supplier', 'Huerta de Almería S.L.');
  const buyerCompany = await server.company('client', 'Frischmarkt Hamburg GmbH');
  const lot = await server.auction(seller.id, 1.62, `Verna lemons ${Date.now()}`);
  const other = await server.auction(seller.id, 0.95, `Navel oranges ${Date.now()}`);

  const buyer = await open('en-GB', buyerCompany);
  // The lot's total on its card and in the room: pallets × kg and, at the current price, euros.
  await buyer.page.goto('/encheres');
  await expect(buyer.page.getByTestId(`auction-card-${lot.id}`).getByTestId('lot-total')).toHaveText('6 pallets · 4,800\u00a0kg · ≈ €7,776');
  await shoot(buyer.page, 'encheres-en');
  await buyer.page.goto(`/encheres/details/${lot.id}`);
  await expect(buyer.page.getByTestId('lot-total')).toHaveText('6 pallets · 4,800\u00a0kg · ≈ €7,776');
  await shoot(buyer.page, 'room-en');
  await buyer.page.setViewportSize({ width: 1280, height: 720 });
  await win(buyer, lot.id);
  await win(buyer, other.id);

  // The buyer: My auctions → Won → the order.
  await buyer.page.goto('/user/auctions');
  await buyer.page.getByRole('tab', { name: /Won/ }).click();
  const wonRow = buyer.page.getByTestId(`my-auction-${lot.id}`);
  await wonRow.getByTestId('won-order').click({ timeout: 30_000 });
  await expect(buyer.page).toHaveURL(/\/user\/orders\/\d+$/);
  const orderId = Number(new URL(buyer.page.url()).pathname.split('/').pop());
  const orderPage = buyer.page.getByTestId('order-page');
  await expect(orderPage).toHaveAttribute('data-status', 'CONFIRMED');
  // 6 pallets of 800 kg at €1.62/kg.
  await expect(buyer.page.getByTestId('qty-ordered')).toHaveText('6 pallets');
  await expect(buyer.page.getByTestId('order-amount')).toHaveText('€7,776.00');
  await expect(buyer.page.getByTestId('party-seller')).toContainText(seller.companyName);
  await expect(buyer.page.getByTestId('waiting')).toHaveText('Waiting for the seller to ship.');
  await expect(buyer.page.getByTestId('order-live')).toHaveAttribute('data-state', 'live', { timeout: 30_000 });
  await mark(buyer.page);

  // The seller, in French: Commandes → Ventes → the order.
  const sellerParty = await open('fr-FR', seller);
  await sellerParty.page.goto('/user/orders');
  await expect(sellerParty.page.getByRole('tab', { name: 'Ventes' })).toHaveAttribute('aria-selected', 'true');
  const number = (await buyer.page.locator('h1').textContent())!.replace('Order ', '').trim();
  const row = sellerParty.page.getByTestId(`order-row-${number}`);
  await expect(row).toContainText(buyerCompany.companyName);
  await expect(row).toContainText('Confirmée');
  await row.getByRole('link', { name: `Ouvrir la commande ${number}` }).click();
  await expect(sellerParty.page.getByTestId('order-page')).toHaveAttribute('data-status', 'CONFIRMED');
  await expect(sellerParty.page.getByTestId('order-live')).toHaveAttribute('data-state', 'live', { timeout: 30_000 });
  await mark(sellerParty.page);

  // The seller ships 6 pallets, 4 795,5 kg typed with a decimal comma.
  const ship = sellerParty.page.getByTestId('ship-form');
  await ship.getByLabel('Poids net (kg)').fill('4795,5');
  await ship.getByLabel('Immatriculation du véhicule').fill('AB-123-CD');
  await ship.getByRole('button', { name: 'Marquer comme expédiée' }).click();
  await expect(sellerParty.page.getByTestId('order-page')).toHaveAttribute('data-status', 'SHIPPED');
  await expect(sellerParty.page.getByTestId('qty-shipped')).toHaveText(/^6 palettes · 4\s795,5\skg$/);

  // The buyer's open page follows, without a reload: the receipt form, pre-filled with what was shipped.
  await expect(orderPage).toHaveAttribute('data-status', 'SHIPPED', { timeout: 20_000 });
  const receive = buyer.page.getByTestId('receive-form');
  await expect(receive.getByLabel('Net weight (kg)')).toHaveValue('4795.5');
  await expect(buyer.page.getByTestId('order-amount')).toHaveText('€7,768.71');
  expect(await marked(buyer.page)).toBe(true);

  // The buyer receives 6 pallets, 4 790 kg; the seller's page follows live.
  await receive.getByLabel('Net weight (kg)').fill('4790');
  await receive.getByRole('button', { name: 'Confirm receipt' }).click();
  await expect(orderPage).toHaveAttribute('data-status', 'DELIVERED');
  await expect(buyer.page.getByTestId('qty-received')).toContainText('6 pallets · 4,790\u00a0kg');
  await expect(sellerParty.page.getByTestId('order-page')).toHaveAttribute('data-status', 'DELIVERED', { timeout: 20_000 });
  await expect(sellerParty.page.getByTestId('qty-received')).toContainText(/6 palettes · 4\s790\skg/);
  await expect(sellerParty.page.getByTestId('order-history').getByTestId('history-entry')).toHaveCount(3);
  expect(await marked(sellerParty.page)).toBe(true);

  // The sale confirmation, in English and in French: two real PDFs, kept for a person to look at.
  mkdirSync(SHOTS, { recursive: true });
  const pdfs: Record<string, Buffer> = {};
  for (const lang of ['en', 'fr']) {
    const res = await buyer.page.request.get(`/api/users/orders/${orderId}/confirmation.pdf?lang=${lang}`);
    expect(res.status()).toBe(200);
    expect(res.headers()['content-type']).toContain('application/pdf');
    const body = await res.body();
    expect(body.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    pdfs[lang] = body;
    writeFileSync(path.join(SHOTS, `confirmation-${lang}.pdf`), body);
  }
  expect(pdfs.en!.equals(pdfs.fr!)).toBe(false);
  // The link on the page asks for the reader's language.
  await expect(buyer.page.getByTestId('confirmation-pdf')).toHaveAttribute('href', `/api/users/orders/${orderId}/confirmation.pdf?lang=en`);

  // Screenshots: the list and the order, at a phone's and a desk's width, in English and French.
  await buyer.page.goto('/user/orders?lng=en');
  await expect(buyer.page.getByTestId('orders-total')).toHaveText('2 orders');
  await shoot(buyer.page, 'orders-list-en');
  await buyer.page.goto(`/user/orders/${orderId}?lng=en`);
  await expect(orderPage).toHaveAttribute('data-status', 'DELIVERED');
  await shoot(buyer.page, 'order-page-en');
  await sellerParty.page.goto('/user/orders?lng=fr');
  await expect(sellerParty.page.getByTestId('orders-total')).toHaveText('2 commandes');
  await shoot(sellerParty.page, 'orders-list-fr');
  const pending = sellerParty.page.getByTestId('orders-table').getByRole('link').first();
  await pending.click();
  await expect(sellerParty.page.getByTestId('order-page')).toHaveAttribute('data-status', 'CONFIRMED');
  await shoot(sellerParty.page, 'order-page-fr');

  for (const p of [buyer, sellerParty]) await p.ctx.close();
});

test('a purchase request accepted by the supplier becomes an order; the operator finds it in the list of all orders', async () => {
  test.setTimeout(240_000);
  const seller = await server.company('supplier', 'Agrumi di Sicilia S.r.l.');
  const buyerCompany = await server.company('client', 'Primeurs Lyonnais SARL');
  const lot = await createProduct(server.database.db, { supplierId: seller.id, name: `Tarocco oranges ${Date.now()}`, price: 1.1, quantity: 10 });

  // The buyer asks for 4 of the 10 pallets; the marketplace card shows the lot's total first.
  const buyer = await open('fr-FR', buyerCompany);
  await buyer.page.goto('/marketplace');
  await expect(buyer.page.getByTestId(`market-card-${lot.id}`).getByTestId('lot-total')).toHaveText(/^10 palettes · 8\s000\skg · ≈ 8\s800\s€$/);
  const asked = await buyer.page.request.post(`/api/users/product/purchaseRequest/${lot.id}`, { data: { pallets: 4, message: 'Livraison lundi' } });
  expect(asked.status(), await asked.text()).toBeLessThan(300);

  // The supplier accepts it in its list of requests; the request links to the order it became.
  const supplier = await open('en-GB', seller);
  await supplier.page.goto('/user/products');
  const request = supplier.page.locator('[data-testid^="request-"]', { hasText: buyerCompany.companyName });
  await expect(request.getByTestId('request-status')).toHaveText('Waiting');
  await request.getByRole('button', { name: 'Accept' }).click();
  await expect(request.getByTestId('request-status')).toHaveText('Accepted');
  await mkdirAndShoot(supplier.page, 'purchase-requests-en');
  await request.getByTestId('request-order').click();
  await expect(supplier.page.getByTestId('order-page')).toHaveAttribute('data-status', 'CONFIRMED');
  await expect(supplier.page.getByTestId('qty-ordered')).toHaveText('4 pallets');
  await expect(supplier.page.getByTestId('order-amount')).toHaveText('€3,520.00');
  await expect(supplier.page.getByTestId('ship-form')).toBeVisible();

  // The operator: every order, filtered by status, and the order itself.
  const admin = await createUser(server.database.db, {
    category: 'admin',
    companyName: 'Primeur Trading',
    email: `admin-${Date.now()}@example.test`,
    password: 'E2e-Passw0rd-long',
  });
  const operator = await open('en-GB', { email: admin.email, password: 'E2e-Passw0rd-long', companyName: 'Primeur Trading' });
  await operator.page.goto('/admin/orders');
  const list = operator.page.getByTestId('admin-orders-table');
  await expect(list.locator('[data-testid^="order-row-"]').first()).toBeVisible();
  await operator.page.getByLabel('Status').selectOption('CONFIRMED');
  await operator.page.getByRole('searchbox').fill('Tarocco');
  await expect(operator.page.getByTestId('orders-total')).toHaveText('1 order');
  await expect(list).toContainText(seller.companyName);
  await expect(operator.page.getByTestId('orders-csv')).toHaveAttribute('href', '/api/admin/orders.csv?status=CONFIRMED&q=Tarocco');
  const csv = await operator.page.request.get('/api/admin/orders.csv?status=CONFIRMED&q=Tarocco');
  expect(csv.status()).toBe(200);
  expect(await csv.text()).toContain(buyerCompany.companyName);
  await mkdirAndShoot(operator.page, 'admin-orders-en');
  await list.getByRole('link').first().click();
  await expect(operator.page).toHaveURL(/\/admin\/orders\/\d+$/);
  await expect(operator.page.getByTestId('order-page')).toBeVisible();

  for (const p of [buyer, supplier, operator]) await p.ctx.close();
});

async function mkdirAndShoot(page: Page, name: string) {
  await shoot(page, name);
  await page.setViewportSize({ width: 1280, height: 720 });
}
