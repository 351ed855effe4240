import { expect, type Page } from '@playwright/test';
import { DEMO, expectToast, gotoIn, signInByApi, test } from './fixtures';

/** Issue 26: the history of a supplier, and the WhatsApp review at tablet and desktop widths. */

const WIDTHS = [768, 1366] as const;

/** A fresh supplier, made through the API as the signed-in admin. */
async function newSupplier(page: Page, name: string) {
  const res = await page.request.post('/api/intern/supplier/add', { data: { company: name } });
  expect(res.status()).toBe(201);
  return (await res.json()) as { id: number };
}

/** Resizes the loaded page (no reload: a resized window) and waits for two frames. */
async function resize(page: Page, width: number) {
  await page.setViewportSize({ width, height: 900 });
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
}

// Each page is loaded once and measured at both widths by resizing it: a whole run per width loaded the
// same pages twice for the same layout checks (decision 963).
test("a supplier's new discount shows in its history, and on the activity page", async ({ page }) => {
  await page.setViewportSize({ width: WIDTHS[0], height: 900 });
  await signInByApi(page, DEMO.admin.email, DEMO.admin.password);
  const supplier = await newSupplier(page, `E2E Historia ${Date.now()}`);
  await gotoIn(page, `/intern/suppliers?id=${supplier.id}`);
  const timeline = page.getByTestId('activity-timeline');
  await expect(timeline.getByTestId('activity-entry')).toHaveCount(1);
  await expect(timeline.getByTestId('activity-entry').first()).toContainText('Created');

  await page.locator('#company-discount').fill('7.5');
  await page.locator('#company-discount').press('Enter');
  await expectToast(page, { testId: 'toast-dataModifiedSuccess' });
  await expect(timeline.getByTestId('activity-entry')).toHaveCount(2);
  const latest = timeline.getByTestId('activity-entry').first();
  await expect(latest).toContainText('Changed');
  await expect(latest.getByTestId('activity-change')).toHaveText(/Discount\s+0\.00\s*→\s*7\.50/);
  await expect(latest).toContainText(DEMO.admin.email);

  // The same entry on the operator's activity page, filtered to this supplier, in French.
  await gotoIn(page, `/admin/activity?entity=supplier&id=${supplier.id}`, 'fr');
  const entries = page.getByTestId('activity-entry');
  await expect(entries).toHaveCount(2);
  await expect(entries.first().getByTestId('activity-change')).toHaveText(/Remise\s+0,00\s*→\s*7,50/);
  // Nothing of the page is wider than the window, at either width.
  for (const width of WIDTHS) {
    await resize(page, width);
    expect(await page.evaluate(() => document.documentElement.scrollWidth), `${width} px`).toBeLessThanOrEqual(width);
  }
});

test('the WhatsApp review shows every column inside the window, at 768 and 1366 px', async ({ page }) => {
  await page.setViewportSize({ width: WIDTHS[0], height: 900 });
  await signInByApi(page, DEMO.admin.email, DEMO.admin.password);
  await gotoIn(page, '/intern/supplierProductsUnchecked', 'es');
  const actions = page.getByTestId('unchecked-actions');
  // The rows wait for five catalog lists: slow on a loaded machine.
  await expect(actions.first()).toBeVisible({ timeout: 30_000 });
  for (const width of WIDTHS) {
    await resize(page, width);
    const count = await actions.count();
    expect(count).toBeGreaterThan(0);
    for (let i = 0; i < count; i++) {
      // Measured where the page puts it, without scrolling anything sideways into view.
      const cell = actions.nth(i);
      const box = (await cell.boundingBox())!;
      expect(box.x, `${width} px: actions cell ${i} starts inside the window`).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width, `${width} px: actions cell ${i} ends inside the window`).toBeLessThanOrEqual(width);
      for (const button of await cell.getByRole('button').all()) {
        const b = (await button.boundingBox())!;
        expect(b.x + b.width, `${width} px: a button of cell ${i}`).toBeLessThanOrEqual(width);
      }
    }
    // No part of the table hides behind a sideways scroll of its own.
    const wrapper = page.getByTestId('unchecked-table').locator('xpath=..');
    expect(await wrapper.evaluate((el) => el.scrollWidth - el.clientWidth), `${width} px`).toBeLessThanOrEqual(1);
    // Selects wide enough to read a supplier's or an article's name (they were 64 px at 768).
    const row = page.locator('[data-testid^="unchecked-row-"]').first();
    for (const label of ['Proveedor', 'Producto']) {
      const select = row.getByLabel(new RegExp(`^${label}`)).first();
      expect((await select.boundingBox())!.width, `${width} px: ${label}`).toBeGreaterThanOrEqual(180);
    }
    // Prices with their cents, the reader's way.
    const priceKg = row.getByLabel('€/kg');
    const value = await priceKg.inputValue();
    if (value !== '') expect(value).toMatch(/^\d+,\d{2,3}$/);
    expect(await page.evaluate(() => document.documentElement.scrollWidth), `${width} px`).toBeLessThanOrEqual(width);
  }
});
