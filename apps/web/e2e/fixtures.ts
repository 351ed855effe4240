import { expect, type Page } from '@playwright/test';

export const DEMO = {
  admin: { email: 'admin@example.com', password: 'Demo-admin-1', company: 'Primeur Trading' },
  buyer: { email: 'buyer@example.com', password: 'Demo-buyer-1', company: 'Frischmarkt Hamburg GmbH' },
  supplier: { email: 'supplier@example.com', password: 'Demo-supplier-1', company: 'Huerta de Almería S.L.' },
} as const;

/** Opens a page with a fixed language (the detector reads ?lng= first and caches it). */
export async function gotoIn(page: Page, path: string, lng = 'en') {
  await page.goto(`${path}${path.includes('?') ? '&' : '?'}lng=${lng}`);
}

/** Signs in through the login form and waits for the redirect. */
export async function signIn(page: Page, email: string, password: string) {
  await gotoIn(page, '/user/login');
  await page.locator('#login-email').fill(email);
  await page.locator('#login-password').fill(password);
  await page.locator('form button[type=submit]').click();
  await expect(page).not.toHaveURL(/\/user\/login/);
}

export const uniqueEmail = (prefix: string) => `${prefix}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.test`;

/** Picks an option in a react-select by typing its label. */
export async function chooseOption(page: Page, inputId: string, text: string) {
  await page.locator(`#${inputId}`).fill(text);
  await page.getByRole('option', { name: text, exact: true }).first().click();
}

/**
 * Signs in WITHOUT forcing a language, so the app follows the browser's locale (--lang, context
 * locale). The typed values are checked before sending: the page may still be settling on a loaded machine.
 */
export async function signInAsBrowser(page: Page, email: string, password: string) {
  await page.goto('/user/login');
  await expect(async () => {
    await page.locator('#login-email').fill(email);
    await page.locator('#login-password').fill(password);
    await expect(page.locator('#login-email')).toHaveValue(email, { timeout: 1000 });
    await expect(page.locator('#login-password')).toHaveValue(password, { timeout: 1000 });
  }).toPass({ timeout: 30_000 });
  await page.locator('form button[type=submit]').click();
  await expect(page).not.toHaveURL(/\/user\/login/);
}

/** Picks the lot's article in the lot form's searchable picker by typing its name (issue 26). */
export async function pickArticle(page: Page, name: string) {
  await page.locator('#lot-article').fill(name);
  await page.getByRole('option', { name: new RegExp(`^${name} ·`) }).click();
  await expect(page.locator('#lot-article')).toHaveValue(name);
}
