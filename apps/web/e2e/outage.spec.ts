import { expect, type Page } from '@playwright/test';
import { DEMO, gotoIn, signInByApi, test } from './fixtures';

/** The documented outage answer of the API (decision 520), for every API call of this page. */
async function serviceDown(page: Page, how: 'answer 503' | 'no network') {
  await page.route('**/api/**', (route) =>
    how === 'no network'
      ? route.abort('internetdisconnected')
      : route.fulfill({
          status: 503,
          contentType: 'application/json',
          body: JSON.stringify({ error: 'The database is unavailable; try again in a moment.', code: 'DATABASE_UNAVAILABLE' }),
        }),
  );
}

for (const how of ['answer 503', 'no network'] as const) {
  test(`a signed-in trader who reloads while the API is away (${how}) sees an outage, not the sign-in form, and carries on`, async ({ page }) => {
    await signInByApi(page, DEMO.buyer.email, DEMO.buyer.password);
    await gotoIn(page, '/marketplace');
    const userMenu = page.getByRole('button', { name: DEMO.buyer.company });
    await expect(userMenu).toBeVisible();

    await serviceDown(page, how);
    await page.reload();
    await expect(page.getByTestId('outage-banner')).toContainText('Service unavailable — retrying');
    await expect(page).toHaveURL(/\/marketplace/);
    await expect(userMenu).toBeVisible();
    await expect(page.getByRole('link', { name: 'Login' })).toHaveCount(0);
    await expect(page.locator('#login-email')).toHaveCount(0);

    // The service comes back: the automatic retry (back-off from 1 s) finds it, the page goes on.
    await page.unroute('**/api/**');
    await expect(page.getByTestId('outage-banner')).toHaveCount(0, { timeout: 20_000 });
    await expect(page).toHaveURL(/\/marketplace/);
    await expect(userMenu).toBeVisible();
  });
}
