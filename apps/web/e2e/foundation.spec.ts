import { expect } from '@playwright/test';
import { chooseOption, DEMO, expectToast, gotoIn, recordToasts, signIn, signInByApi, test, uniqueEmail } from './fixtures';

test('a company registers, the admin validates it, it signs in, edits its profile and changes its password', async ({ browser }) => {
  const email = uniqueEmail('e2e-reg');
  const company = `E2E Frutas ${Date.now()}`;
  const visitor = await browser.newPage();
  await recordToasts(visitor);

  // Registration: the validation texts first, then a real submission.
  await gotoIn(visitor, '/user/register');
  await visitor.getByRole('button', { name: 'Register' }).click();
  await expect(visitor.getByText('Please enter your company name.')).toBeVisible();
  await expect(visitor.getByText('Please select a category')).toBeVisible();
  await expect(visitor.getByText('Please accept the terms.')).toBeVisible();
  await expect(visitor.getByText('Please select your country.')).toBeVisible();
  await expect(visitor.getByText('Please select a city.')).toBeVisible();
  await expect(visitor.getByText("Please enter your company's VAT number.")).toBeVisible();

  await visitor.locator('#reg-email').fill(email);
  await visitor.locator('#reg-password').fill('First-pass-1');
  await visitor.locator('#reg-company').fill(company);
  await visitor.locator('#reg-category').selectOption('supplier');
  await chooseOption(visitor, 'reg-country', 'Spain');
  await chooseOption(visitor, 'reg-city', 'El Ejido');
  await visitor.locator('#reg-address').fill('Calle Invernadero 3');
  await visitor.locator('#reg-postal').fill('04700');
  await visitor.locator('#reg-vat').fill('ESB04999999');
  await visitor.locator('#reg-conditions').check();
  await visitor.getByRole('button', { name: 'Register' }).click();
  await expect(visitor.getByTestId('register-success')).toBeVisible();

  // Not yet validated: sign-in explains why.
  await gotoIn(visitor, '/user/login');
  await visitor.locator('#login-email').fill(email);
  await visitor.locator('#login-password').fill('First-pass-1');
  await visitor.locator('form button[type=submit]').click();
  await expect(visitor.getByTestId('login-error')).toContainText('awaiting validation');

  // The admin validates the account in the user list.
  const adminCtx = await browser.newContext();
  const admin = await adminCtx.newPage();
  await signIn(admin, DEMO.admin.email, DEMO.admin.password);
  await expect(admin).toHaveURL(/\/admin\/home$/);
  await gotoIn(admin, '/admin/usersList');
  // The list is paged: the new company is found by its e-mail.
  await admin.locator('#users-search').fill(email);
  // The search's answer is shown (the page keeps the previous list while it loads): one card, this one.
  await expect(admin.locator('[data-testid^="user-card-"]')).toHaveCount(1);
  const card = admin.getByTestId(`user-card-${email}`);
  await expect(card).toContainText(company);
  await expect(card).toContainText('Supplier');
  await expect(card.locator('.fi-es')).toBeVisible();
  // The switch follows the server's answer (the list is replaced by the response), so click and wait.
  await card.getByRole('switch').click();
  await expect(card.getByRole('switch')).toBeChecked();
  await adminCtx.close();

  // The company signs in, lands on /, edits its profile.
  await signIn(visitor, email, 'First-pass-1');
  await expect(visitor).toHaveURL(/\/$/);
  await expect(visitor.getByRole('button', { name: company })).toBeVisible();
  await gotoIn(visitor, '/user/profil');
  await expect(visitor.locator('#profile-email')).toHaveValue(email);
  await expect(visitor.locator('#profile-email')).toHaveAttribute('readonly', '');
  await visitor.locator('#profile-address').fill('Avenida del Mar 77');
  await visitor.getByRole('button', { name: 'Save changes' }).click();
  await expectToast(visitor, { testId: 'toast-dataModifiedSuccess' });
  await visitor.reload();
  await expect(visitor.locator('#profile-address')).toHaveValue('Avenida del Mar 77');

  // Password change, sign out, sign in with the new password.
  await visitor.getByRole('tab', { name: 'Password' }).click();
  await visitor.locator('#pw-old').fill('First-pass-1');
  await visitor.locator('#pw-new').fill('Second-pass-2');
  await visitor.getByRole('button', { name: 'Change password' }).click();
  await expectToast(visitor, { testId: 'toast-dataModifiedSuccess' });
  await visitor.getByRole('button', { name: company }).click();
  await visitor.getByRole('button', { name: 'Logout' }).click();
  await expect(visitor).toHaveURL(/\/user\/login$/);
  await signIn(visitor, email, 'Second-pass-2');
  await expect(visitor).toHaveURL(/\/$/);
});

test('a visitor is sent from /admin/home to /user/login', async ({ page }) => {
  await gotoIn(page, '/admin/home');
  await expect(page).toHaveURL(/\/user\/login$/);
  await expect(page.getByRole('link', { name: 'Login' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Marketplace' })).toHaveCount(0);
});

test('a buyer is sent from /admin/home to /unauthorized', async ({ page }) => {
  await signInByApi(page, DEMO.buyer.email, DEMO.buyer.password);
  await gotoIn(page, '/admin/home');
  await expect(page).toHaveURL(/\/unauthorized$/);
  await expect(page.getByRole('heading', { name: 'Forbidden access !' })).toBeVisible();
  await expect(page.getByText('You do not have the required permissions to access this page.')).toBeVisible();
});

test('the language switch applies at once and persists across a reload', async ({ page }) => {
  await gotoIn(page, '/user/login', 'en');
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
  await page.getByTestId('lang-fr').click();
  await expect(page.getByRole('heading', { name: 'Connexion' })).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('i18nextLng'))).toBe('fr');
  await page.goto('/user/login');
  await expect(page.getByRole('heading', { name: 'Connexion' })).toBeVisible();
  await page.getByTestId('lang-de').click();
  await expect(page.getByRole('heading', { name: 'Anmelden' })).toBeVisible();
  await page.getByTestId('lang-es').click();
  await expect(page.getByRole('heading', { name: 'Iniciar sesión' })).toBeVisible();
  await page.getByTestId('lang-us').click();
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
});

test('the header menus follow the role', async ({ browser }) => {
  const visitor = await browser.newPage();
  await gotoIn(visitor, '/');
  await expect(visitor.getByRole('heading', { name: 'Home' })).toBeVisible();
  await expect(visitor.getByRole('link', { name: 'Login' })).toBeVisible();
  await expect(visitor.getByRole('button', { name: 'Administration' })).toHaveCount(0);

  const buyerCtx = await browser.newContext();
  const buyer = await buyerCtx.newPage();
  await signIn(buyer, DEMO.buyer.email, DEMO.buyer.password);
  // The buyer's home links the same pages: look in the header's navigation.
  const buyerNav = buyer.getByRole('navigation', { name: 'Main navigation' });
  await expect(buyerNav.getByRole('link', { name: 'Marketplace' })).toBeVisible();
  await expect(buyerNav.getByRole('link', { name: 'Auctions', exact: true })).toBeVisible();
  await expect(buyer.getByRole('button', { name: DEMO.buyer.company })).toBeVisible();
  await expect(buyer.getByRole('button', { name: 'Administration' })).toHaveCount(0);
  await expect(buyer.getByRole('button', { name: 'Internal' })).toHaveCount(0);
  await buyerCtx.close();

  const adminCtx = await browser.newContext();
  const admin = await adminCtx.newPage();
  await signIn(admin, DEMO.admin.email, DEMO.admin.password);
  await admin.getByRole('button', { name: 'Administration' }).click();
  // Menu labels are the titles of the pages they open (decision 543).
  for (const item of ['Administrator dashboard', 'Product list', 'Users']) await expect(admin.getByRole('link', { name: item, exact: true })).toBeVisible();
  await admin.getByRole('button', { name: 'Internal' }).click();
  for (const item of ['Supplier overview', 'Supplier details', 'Request a product', 'Overview of clients', 'Supplier configuration', 'Client configuration']) {
    await expect(admin.getByRole('link', { name: item, exact: true })).toBeVisible();
  }
  await adminCtx.close();
});

test('unknown paths show the not-found page', async ({ page }) => {
  await gotoIn(page, '/no/such/page');
  await expect(page.getByRole('heading', { name: 'Error 404 !' })).toBeVisible();
  await expect(page.getByText('This page does not exist.')).toBeVisible();
});
