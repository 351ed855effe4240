import { expect } from '@playwright/test';
import { DEMO, gotoIn, test } from './fixtures';

/** Issue 16: where people land, how they get back, and how the keyboard moves. */

test('a deep link survives sign-in, and each role lands on its own home', async ({ browser }) => {
  // An admin opening a back-office link while signed out signs in and arrives on that page, query included.
  const admin = await browser.newPage();
  await gotoIn(admin, '/intern/supplierOverview?family=legumes');
  await expect(admin).toHaveURL(/\/user\/login/);
  await admin.locator('#login-email').fill(DEMO.admin.email);
  await admin.locator('#login-password').fill(DEMO.admin.password);
  await admin.locator('form button[type=submit]').click();
  await expect(admin).toHaveURL(/\/intern\/supplierOverview\?family=legumes/);
  await admin.close();

  // A buyer signing in from the login page lands on its home: bids, auctions ending soon, requests, new lots.
  const buyerContext = await browser.newContext();
  const buyer = await buyerContext.newPage();
  await gotoIn(buyer, '/user/login');
  await buyer.locator('#login-email').fill(DEMO.buyer.email);
  await buyer.locator('#login-password').fill(DEMO.buyer.password);
  await buyer.locator('form button[type=submit]').click();
  await expect(buyer).toHaveURL(/localhost:\d+\/$/);
  await expect(buyer.getByRole('heading', { level: 1 })).toHaveText(`Welcome, ${DEMO.buyer.company}`);
  for (const block of ['home-my-bids', 'home-ending-soon', 'home-my-requests', 'home-new-lots']) await expect(buyer.getByTestId(block)).toBeVisible();
  await expect(buyer.getByTestId('home-ending-soon').locator('.list-group a').first()).toHaveAttribute('href', /\/encheres\/details\/\d+/);

  // The supplier's lots are for suppliers only.
  await gotoIn(buyer, '/user/products');
  await expect(buyer).toHaveURL(/\/unauthorized$/);

  // "Go back" on a page opened directly has no history inside the app: it goes home instead.
  const fresh = await buyerContext.newPage();
  await gotoIn(fresh, '/no-such-page');
  await fresh.getByRole('button', { name: 'Go back' }).click();
  await expect(fresh.getByRole('heading', { level: 1 })).toHaveText(`Welcome, ${DEMO.buyer.company}`);
  await buyerContext.close();

  const supplier = await browser.newPage();
  await gotoIn(supplier, '/user/login');
  await supplier.locator('#login-email').fill(DEMO.supplier.email);
  await supplier.locator('#login-password').fill(DEMO.supplier.password);
  await supplier.locator('form button[type=submit]').click();
  for (const block of ['home-counts', 'home-my-lots', 'home-offers', 'home-requests']) await expect(supplier.getByTestId(block)).toBeVisible();
  await supplier.close();
});

test('the skip link leads to the content, and the page heading takes the focus after navigating', async ({ page }) => {
  await gotoIn(page, '/user/login');
  // A reader tabs once the page is there (the 'load' event can come before the first render).
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.keyboard.press('Tab');
  const skip = page.getByRole('link', { name: 'Skip to content' });
  await expect(skip).toBeFocused();
  await expect(skip).toBeInViewport();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/#main$/);

  await page.getByRole('link', { name: 'Register' }).last().click();
  await expect(page.getByRole('heading', { level: 1 })).toBeFocused();
  await expect(page).toHaveTitle('Create a company account · Primeur');
  // The terms are one click away from the form.
  await expect(page.getByRole('link', { name: 'read them' })).toHaveAttribute('href', '/terms');
});
