import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { DEMO, gotoIn, signInByApi, test, uniqueEmail } from './fixtures';

/** Registers a buyer through the public API: a pending account waiting for the operator (issue 26). */
async function registerPending(request: APIRequestContext, company: string) {
  const countries = (await (await request.get('/api/location/origin/getAll')).json()) as Array<{ id: number; alpha2: string }>;
  const fr = countries.find((c) => c.alpha2 === 'FR')!;
  const cities = (await (await request.get('/api/location/city/getByCountry/FR')).json()) as Array<{ id: number }>;
  const res = await request.post('/auth/register', {
    data: {
      email: uniqueEmail('e2e-bulk'),
      password: 'a-long Passphrase 42',
      companyName: company,
      category: 'buyer',
      country: { id: fr.id },
      city: { id: cities[0]!.id },
      address: '1 rue du Marché',
      postalCode: '94150',
      vatId: 'FR12345678901',
      conditions: true,
    },
  });
  expect(res.status()).toBe(201);
}

/** The number in "N accounts are awaiting validation.", 0 when the banner is gone. */
async function pendingCount(page: Page) {
  const banner = page.getByText(/awaiting validation/);
  if (!(await banner.count())) return 0;
  return Number(/(\d+)/.exec((await banner.textContent()) ?? '')![1]);
}

for (const width of [768, 1366]) {
  test(`bulk-activates 3 accounts and the pending count follows, at ${width} px`, async ({ page }) => {
    await page.setViewportSize({ width, height: 900 });
    const tag = `Bulk${width}x${Date.now()}`;
    for (const n of [1, 2, 3]) await registerPending(page.request, `${tag} Frutas ${n}`);

    await signInByApi(page, DEMO.admin.email, DEMO.admin.password);
    await gotoIn(page, '/admin/usersList');
    const banner = page.getByText(/awaiting validation/);
    await expect(banner).toBeVisible();
    const before = await pendingCount(page);
    expect(before).toBeGreaterThanOrEqual(3);

    // The three new companies, by search; all on the page ticked at once.
    await page.locator('#users-search').fill(tag);
    await expect(page.getByTestId('users-total')).toHaveText('3 users');
    await page.getByRole('checkbox', { name: 'Select all on this page' }).check();
    await expect(page.getByTestId('bulk-users-count')).toHaveText('3 selected');

    const bar = page.getByTestId('bulk-users');
    await bar.getByRole('button', { name: 'Activate', exact: true }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByRole('heading')).toHaveText('Activate 3 accounts?');
    // The dialog's buttons are reachable at this width.
    await expect(dialog.getByRole('button', { name: 'Activate', exact: true })).toBeInViewport();
    await dialog.getByRole('button', { name: 'Activate', exact: true }).click();

    await expect(page.getByTestId('toast-success')).toContainText('3 accounts activated.');
    // The banner follows without a reload, and every card shows its account active.
    await expect(page.getByText(/awaiting validation/)).toHaveText(new RegExp(`^${before - 3} accounts? (is|are) awaiting validation\\.$`));
    for (const n of [1, 2, 3])
      await expect(
        page
          .locator('.card')
          .filter({ hasText: `${tag} Frutas ${n}` })
          .getByRole('switch'),
      ).toBeChecked();

    // Undo puts them back as pending, and the banner says so.
    await page.getByTestId('toast-undo').click();
    await expect(page.getByText(/awaiting validation/)).toHaveText(new RegExp(`^${before} accounts are awaiting validation\\.$`));
    for (const n of [1, 2, 3])
      await expect(
        page
          .locator('.card')
          .filter({ hasText: `${tag} Frutas ${n}` })
          .getByRole('switch'),
      ).not.toBeChecked();
  });
}
