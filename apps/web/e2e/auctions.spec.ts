import { expect, type Browser, type Page } from '@playwright/test';
import { chooseOption, DEMO, gotoIn, pickArticle, signInToHome, test } from './fixtures';

/** A small yellow PNG (the project draws its own images; nothing is downloaded). */
const PHOTO = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAgAAAAGCAIAAABxZ0isAAAAEUlEQVR4nGN4dkIDK2IYSAkA9w1YISzJWkAAAAAASUVORK5CYII=', 'base64');
/** A second demo buyer (seeded with the demo listings). */
const BUYER2 = { email: 'primeurs.lyon@example.com', password: 'Demo-company-1', company: 'Primeurs Lyonnais SARL' };

async function signedInPage(browser: Browser, who: { email: string; password: string }): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await signInToHome(page, who.email, who.password, 'en');
  return page;
}

test('a supplier lists a lot with a photo, a buyer sees it in the marketplace, the admin disables it and it leaves', async ({ browser }) => {
  const title = `E2E lemons ${Date.now()}`;
  const supplier = await signedInPage(browser, DEMO.supplier);
  await supplier.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'My products' }).click();
  await expect(supplier).toHaveURL(/\/user\/products$/);
  await supplier.getByTestId('new-lot').click();
  const form = supplier.getByTestId('product-form');
  await pickArticle(supplier, 'Lemon');
  await form.locator('#lot-class').selectOption({ label: 'Class I' });
  await form.locator('#lot-name').fill(title);
  await form.locator('#lot-description').fill('Unwaxed, picked this week.');
  await form.locator('#lot-caliber').fill('3');
  await chooseOption(supplier, 'lot-origin', 'Spain');
  await form.locator('#lot-packaging').selectOption({ label: 'ifco' });
  await form.locator('#lot-price').fill('1.35');
  await form.locator('#lot-quantity').fill('4');
  // Issue 21: the net weight per pallet makes the lot's total (4 × 800 kg at €1.35/kg).
  await form.locator('#lot-netKgPerPallet').fill('800');
  await form.locator('#lot-photos').setInputFiles({ name: 'lemons.png', mimeType: 'image/png', buffer: PHOTO });
  await form.getByRole('button', { name: 'Save' }).click();
  const card = supplier.locator('[data-testid^="my-product-"]', { hasText: title });
  await expect(card).toBeVisible();
  await expect(card.getByTestId('status-badge')).toHaveText('Enabled');
  const productId = (await card.getAttribute('data-testid'))!.replace('my-product-', '');
  // The photo is re-encoded (decision 506) and the card loads its grid size from the lot's folder.
  const img = card.locator('img').first();
  await expect(img).toHaveAttribute('src', new RegExp(`^/product-images/${productId}/[0-9a-f-]{36}-480\\.webp$`));
  // Loaded and decoded (its natural width is density-corrected by srcset's w descriptors, so not 8 px).
  await expect.poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth > 0)).toBe(true);

  const buyer = await signedInPage(browser, DEMO.buyer);
  await gotoIn(buyer, '/marketplace');
  await buyer.locator('#mkt-search').fill(title);
  const market = buyer.getByTestId(`market-card-${productId}`);
  await expect(market).toContainText(title);
  await expect(market).toContainText('€1.35');
  await expect(market).toContainText(DEMO.supplier.company);
  await expect(market.getByTestId('lot-total')).toHaveText('4 pallets · 3,200\u00a0kg · ≈ €4,320');

  const admin = await signedInPage(browser, DEMO.admin);
  await gotoIn(admin, '/admin/productsList');
  await expect(admin.getByRole('heading', { name: 'Product list' })).toBeVisible();
  const adminCard = admin.getByTestId(`admin-product-${productId}`);
  await expect(adminCard.getByRole('switch')).toBeChecked();
  await adminCard.getByRole('switch').click();
  await expect(adminCard.getByTestId('status-badge')).toHaveText('Disabled');
  await expect(adminCard.getByRole('switch')).not.toBeChecked();

  await buyer.reload();
  await buyer.locator('#mkt-search').fill(title);
  await expect(buyer.getByTestId(`market-card-${productId}`)).toHaveCount(0);
  await expect(buyer.getByText('No product matches your search.')).toBeVisible();
});

test('a supplier puts a lot up for auction at a day and time picked in the calendar, shown on the market clock', async ({ browser }) => {
  const title = `E2E auction lemons ${Date.now()}`;
  const supplier = await signedInPage(browser, DEMO.supplier);
  await gotoIn(supplier, '/user/products');
  await supplier.getByTestId('new-lot').click();
  const form = supplier.getByTestId('product-form');
  await pickArticle(supplier, 'Lemon');
  await form.locator('#lot-class').selectOption({ label: 'Class I' });
  await form.locator('#lot-name').fill(title);
  await chooseOption(supplier, 'lot-origin', 'Spain');
  await form.locator('#lot-packaging').selectOption({ label: 'ifco' });
  await form.locator('#lot-price').fill('1.10');
  await form.locator('#lot-quantity').fill('2');
  await form.locator('#lot-netKgPerPallet').fill('750');
  await form.locator('#lot-photos').setInputFiles({ name: 'lemons.png', mimeType: 'image/png', buffer: PHOTO });
  await form.getByLabel('Sell at auction (3 days)').check();
  // The one date picker (a day and a time, Paris time), driven like every DateField: open, arrows, Enter.
  const start = form.getByTestId('lot-auction-start');
  await expect(start).not.toHaveAttribute('readonly');
  await start.click();
  await start.press('ArrowDown');
  await supplier.keyboard.press('ArrowDown');
  await supplier.keyboard.press('Enter');
  await form.getByRole('listbox', { name: 'Time' }).getByRole('option', { name: '10:00', exact: true }).click();
  await expect(start).toHaveValue(/, 10:00$/);
  const picked = await start.inputValue();
  await form.getByRole('button', { name: 'Save' }).click();
  const card = supplier.locator('[data-testid^="my-product-"]', { hasText: title });
  await expect(card.getByTestId('status-badge')).toHaveText(`In auction since ${picked}`);
});

test('in French, a supplier sets a reserve above the starting price, both typed with a decimal comma', async ({ browser }) => {
  const title = `E2E réserve ${Date.now()}`;
  const supplier = await signedInPage(browser, DEMO.supplier);
  await gotoIn(supplier, '/user/products', 'fr');
  await supplier.getByTestId('new-lot').click();
  const form = supplier.getByTestId('product-form');
  await pickArticle(supplier, 'Citron');
  await form.locator('#lot-class').selectOption({ label: 'Catégorie I' });
  await form.locator('#lot-name').fill(title);
  await chooseOption(supplier, 'lot-origin', 'Espagne');
  await form.locator('#lot-packaging').selectOption({ label: 'ifco' });
  await form.locator('#lot-price').fill('0,85');
  await form.locator('#lot-quantity').fill('2');
  await form.locator('#lot-netKgPerPallet').fill('900,5');
  await form.locator('#lot-photos').setInputFiles({ name: 'citrons.png', mimeType: 'image/png', buffer: PHOTO });
  await form.getByLabel('Vendre aux enchères (3 jours)').check();
  await expect(form.getByTestId('lot-auction-start')).not.toHaveAttribute('readonly');
  await form.locator('#lot-reserve').fill('0,95');
  await form.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(form).toHaveCount(0);
  await expect(supplier.getByText('Le prix de réserve doit être au moins égal au prix de départ.')).toHaveCount(0);
  const card = supplier.locator('[data-testid^="my-product-"]', { hasText: title });
  await expect(card.getByTestId('my-reserve')).toHaveText(/^0,95\s€$/);
  const productId = Number((await card.getAttribute('data-testid'))!.replace('my-product-', ''));
  const mine = (await (await supplier.request.get('/api/users/product/myProducts')).json()) as Array<{
    productId: number;
    price: number;
    reservePrice: number | null;
  }>;
  expect(mine.find((p) => p.productId === productId)).toMatchObject({ price: 0.85, reservePrice: 0.95 });
});

test('two buyers on one auction: one bids, the other sees the offer arrive by pseudonym; a too-low bid is refused', async ({ browser }) => {
  const first = await signedInPage(browser, DEMO.buyer);
  await gotoIn(first, '/encheres');
  const cards = first.locator('[data-testid^="auction-card-"]');
  await expect(cards.first()).toBeVisible();
  await cards.first().getByRole('link', { name: 'See details' }).click();
  await expect(first).toHaveURL(/\/encheres\/details\/\d+$/);
  const url = new URL(first.url()).pathname;
  await expect(first.getByTestId('countdown')).toContainText(/(\d+d )?\d+h \d+m \d+s/);

  const second = await signedInPage(browser, BUYER2);
  await gotoIn(second, url);
  await expect(second.getByTestId('countdown')).toBeVisible();
  // Count the offers once the page shows all the server has (not while the list is still loading).
  const productId = url.split('/').pop();
  const existing = (await (await second.request.get(`/api/users/auction/offers/${productId}`)).json()) as unknown[];
  await expect(second.getByTestId('offer-row')).toHaveCount(existing.length);
  const rowsBefore = existing.length;

  // The field is empty; "Bid the minimum" fills the next valid amount; bidding it is accepted.
  await expect(first.locator('#bid-amount')).toHaveValue('');
  await first.getByTestId('use-minimum').click();
  // The click fills the field on the next render: read it once it is filled, not before.
  await expect(first.locator('#bid-amount')).not.toHaveValue('');
  const amount = await first.locator('#bid-amount').inputValue();
  await first.getByTestId('bid-button').click();
  await expect(first.getByTestId('bid-outcome')).toHaveAttribute('data-state', 'leading');
  await expect(first.locator('#bid-amount')).toHaveValue('');
  const shown = `€${Number(amount).toFixed(2)}/kg`;
  await expect(first.getByTestId('offer-row').first()).toContainText(shown);

  // The other buyer sees it arrive without reloading, on top of the table.
  await expect(second.getByTestId('offer-row')).toHaveCount(rowsBefore + 1, { timeout: 15_000 });
  // Named by its pseudonym on the lot, never by its company (issue 19).
  await expect(second.getByTestId('offer-row').first().getByTestId('offer-bidder')).toHaveText(/^Bidder \d+$/);
  await expect(second.getByTestId('offer-row').first()).not.toContainText(DEMO.buyer.company);
  await expect(second.getByTestId('offer-row').first()).toContainText(shown);

  // A bid at the same amount is now too low: the page knows it from the offers it holds and says so.
  await second.locator('#bid-amount').fill(amount);
  await second.getByTestId('bid-button').click();
  await expect(second.getByTestId('bid-error')).toContainText('Your bid must be at least');
});

test('the seller cannot bid on its own auction', async ({ browser }) => {
  const supplier = await signedInPage(browser, DEMO.supplier);
  await gotoIn(supplier, '/encheres');
  const own = supplier.locator('[data-testid^="auction-card-"]', { hasText: 'Strawberries from Huelva' });
  await own.getByRole('link', { name: 'See details' }).click();
  await expect(supplier.getByTestId('seller')).toHaveText(DEMO.supplier.company);
  await expect(supplier.getByTestId('bid-button')).toBeDisabled();
  await expect(supplier.getByText('You cannot bid on your own lot.')).toBeVisible();
});
