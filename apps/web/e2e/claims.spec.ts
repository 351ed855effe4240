import { chromium, expect, type Browser, type Page } from '@playwright/test';
import { createUser } from '../../server/src/db/factories.js';
import { encodePng } from '../../server/src/lib/png.js';
import * as orders from '../../server/src/trading/orders/orders.service.js';
import { chromiumLaunchOptions } from './chromium';
import { signInToHome, test } from './fixtures';
import { startOwnServer, type OwnServer } from './own-server';

/**
 * Issue 22 on phones (390 px), three browsers: the buyer files a quality claim with two photos from
 * the order page, the seller proposes a lower credit, the buyer asks Primeur to decide, the operator
 * decides from /admin/claims. Each party's open order page shows the other's step without a reload
 * (/user/queue/orders). The app runs in this process (decision 611) so the spec can make the order
 * delivered through the orders service and the parties' own API calls; every claim step is the browser.
 */
const PORT = Number(process.env.E2E_PORT ?? 3210) + 4;
const BASE_URL = `http://localhost:${PORT}`;
const PHONE = { width: 390, height: 844 };

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

async function open(who: { email: string; password: string }) {
  const ctx = await browser.newContext({ locale: 'en', baseURL: BASE_URL, viewport: PHONE });
  const page = await ctx.newPage();
  await signInToHome(page, who.email, who.password);
  return page;
}

/** Marks the document: still marked later means the page was never reloaded meanwhile. */
const mark = (page: Page) => page.evaluate(() => ((window as unknown as { e2eMark: boolean }).e2eMark = true));
const marked = (page: Page) => page.evaluate(() => (window as unknown as { e2eMark?: boolean }).e2eMark === true);
const claimStatus = (page: Page) => page.getByTestId('claim').first();

test('a claim from the phone: filed with two photos, a proposal, an escalation and the operator’s decision, each seen live', async () => {
  test.setTimeout(240_000);
  const seller = await server.company('supplier', 'Huertas Peñíscola S.L.');
  const buyer = await server.company('client', 'Großmarkt Müller & Söhne');
  const adminPassword = 'E2e-Passw0rd-long';
  const admin = await createUser(server.database.db, { category: 'admin', email: `admin-${Date.now()}@example.test`, password: adminPassword });
  const lot = await server.auction(seller.id, 1.5, `Clémentines ${Date.now()}`);
  const order = await server.database.db.transaction((tx) =>
    orders.createOrder(tx, { source: 'AUCTION', productId: lot.id, buyerId: buyer.id, pallets: 6, pricePerKg: 1.5, actor: 'SYSTEM' }),
  );

  const sellerPage = await open(seller);
  const buyerPage = await open(buyer);
  const adminPage = await open({ email: admin.email, password: adminPassword });

  // The truck leaves and arrives (the orders issue's steps, through each party's session).
  const ship = await sellerPage.request.post(`/api/users/orders/${order.id}/ship`, {
    data: { pallets: 6, netKg: 4800, departureDate: new Date().toISOString().slice(0, 10), vehiclePlate: '1234-ÑBC' },
  });
  expect(ship.status()).toBe(200);
  const receive = await buyerPage.request.post(`/api/users/orders/${order.id}/receive`, {
    data: { pallets: 6, netKg: 4750, differences: 'Une palette écrasée' },
  });
  expect(receive.status()).toBe(200);

  await sellerPage.goto(`/user/orders/${order.id}`);
  await buyerPage.goto(`/user/orders/${order.id}`);
  for (const p of [sellerPage, buyerPage]) {
    await expect(p.getByTestId('order-live')).toHaveAttribute('data-state', 'live', { timeout: 30_000 });
    await expect(p.getByTestId('receipt-differences')).toContainText('Une palette écrasée');
    await expect(p.getByTestId('cmr-link')).toBeVisible();
    await mark(p);
  }

  // The buyer files the claim with two photos "from the camera".
  await buyerPage.getByTestId('claim-start').click();
  await buyerPage.getByTestId('claim-reason-DECAY').check();
  await buyerPage.getByTestId('claim-reason-BRUISING').check();
  await buyerPage.getByTestId('claim-pallets').fill('2');
  await buyerPage.getByTestId('claim-description').fill('Two pallets with decay on a third of the fruit, bruises on top layers.');
  await buyerPage.getByTestId('claim-credit').fill('450.50');
  const png = (r: number) => ({ name: `photo-${r}.png`, mimeType: 'image/png', buffer: encodePng(64, 48, () => [r, 120, 40]) });
  await expect(buyerPage.getByTestId('claim-photos')).toHaveAttribute('capture', 'environment');
  await buyerPage.getByTestId('claim-photos').setInputFiles([png(200), png(90)]);
  await expect(buyerPage.getByTestId('claim-photo-previews').locator('img')).toHaveCount(2);
  await buyerPage.getByTestId('claim-submit').click();
  await expect(claimStatus(buyerPage)).toHaveAttribute('data-status', 'OPEN');
  await expect(claimStatus(buyerPage).getByTestId('claim-photos-list').locator('img')).toHaveCount(2);

  // The seller sees it live and proposes a lower credit.
  await expect(claimStatus(sellerPage)).toHaveAttribute('data-status', 'OPEN', { timeout: 20_000 });
  await expect(claimStatus(sellerPage).getByTestId('claim-photos-list').locator('img').first()).toBeVisible();
  expect(await marked(sellerPage)).toBe(true);
  await sellerPage.getByTestId('claim-propose').click();
  await sellerPage.getByTestId('claim-step-credit').fill('200');
  await sellerPage.getByTestId('claim-step-note').fill('Only one pallet is affected on our loading photos.');
  await sellerPage.getByTestId('claim-step-submit').click();
  await expect(claimStatus(sellerPage)).toHaveAttribute('data-status', 'PROPOSED');

  // The buyer sees the proposal live and asks Primeur to decide.
  await expect(claimStatus(buyerPage)).toHaveAttribute('data-status', 'PROPOSED', { timeout: 20_000 });
  expect(await marked(buyerPage)).toBe(true);
  await buyerPage.getByTestId('claim-escalate').click();
  await buyerPage.getByTestId('claim-step-note').fill('Our arrival photos show two pallets.');
  await buyerPage.getByTestId('claim-step-submit').click();
  await expect(claimStatus(buyerPage)).toHaveAttribute('data-status', 'ESCALATED');
  await expect(claimStatus(sellerPage)).toHaveAttribute('data-status', 'ESCALATED', { timeout: 20_000 });

  // The operator finds it at the top of the queue and decides.
  await adminPage.goto('/admin/claims');
  const item = adminPage.locator(`[data-testid="admin-claim"][data-status="ESCALATED"]`).first();
  await expect(item).toBeVisible({ timeout: 20_000 });
  await expect(item).toContainText(buyer.companyName);
  await item.getByTestId('admin-claim-decide').click();
  await item.getByTestId('decide-credit').fill('300');
  await item.getByTestId('decide-note').fill('Arrival photos show decay on more than one pallet.');
  await item.getByTestId('decide-submit').click();
  await expect(adminPage.locator(`[data-testid="admin-claim"][data-status="ESCALATED"]`)).toHaveCount(0, { timeout: 20_000 });

  // Both parties see the decision and the closed order without reloading.
  for (const p of [buyerPage, sellerPage]) {
    await expect(claimStatus(p)).toHaveAttribute('data-status', 'SETTLED', { timeout: 20_000 });
    await expect(claimStatus(p).getByTestId('claim-credit')).toContainText('300');
    await expect(p.getByTestId('order-page')).toHaveAttribute('data-status', 'CLOSED', { timeout: 20_000 });
    expect(await marked(p)).toBe(true);
  }
  await expect(claimStatus(buyerPage).getByTestId('claim-history').locator('li')).toHaveCount(4);
});
