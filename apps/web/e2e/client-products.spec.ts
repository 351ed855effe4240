import { todayInParis } from '@primeur/shared';
import { readFile } from 'node:fs/promises';
import { expect } from '@playwright/test';
import { extractText, getDocumentProxy } from 'unpdf';
import { DEMO, expectToast, gotoIn, signInByApi, test } from './fixtures';

/** Back office III: client price lists downloaded as PDF, and the client variants they are priced from. */

/** dd-MM of today on the market's clock (Paris), as the server names the file. */
const ddMM = () => todayInParis().slice(5).split('-').reverse().join('-');

test("downloads a client's price list from /intern/clientOverview as <company>-<dd-MM>.pdf", async ({ page }) => {
  await signInByApi(page, DEMO.admin.email, DEMO.admin.password);
  await gotoIn(page, '/intern/clientOverview');
  const company = 'Frischmarkt Hamburg GmbH';
  const button = page.getByRole('button', { name: `Download the price list — ${company}` });
  const [download] = await Promise.all([page.waitForEvent('download'), button.click()]);
  expect(download.suggestedFilename()).toBe(`${company}-${ddMM()}.pdf`);
  const bytes = await readFile((await download.path())!);
  expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
  const { text } = await extractText(await getDocumentProxy(new Uint8Array(bytes)), { mergePages: true });
  // A Hamburg client reads German.
  expect(text).toContain('Preisliste');
  expect(text).toContain(company);
  await expect(button).toBeEnabled();
});

test('shows a clear error when a price list cannot be made', async ({ page }) => {
  await signInByApi(page, DEMO.admin.email, DEMO.admin.password);
  await page.route('**/generatePriceList', (route) =>
    route.fulfill({ status: 500, contentType: 'application/json', body: JSON.stringify({ error: 'An unexpected error occurred.', code: 'INTERNAL' }) }),
  );
  await gotoIn(page, '/intern/clientOverview');
  await page.getByRole('button', { name: 'Download the price list — Nordisk Frukt AB' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'The price list could not be created: An unexpected error occurred.' })).toBeVisible();
});

test('a client product expands to its variants; a supplier variant is copied and deleted again', async ({ page }) => {
  await signInByApi(page, DEMO.admin.email, DEMO.admin.password);
  await gotoIn(page, '/intern/clients');
  await page.locator('#client-picker').fill('Frischmarkt');
  await page
    .getByRole('option', { name: /Frischmarkt Hamburg GmbH/ })
    .first()
    .click();
  const slot = page.locator('[data-testid^="client-variants-"]').first();
  await expect(slot).toBeVisible();
  await slot.getByRole('button', { name: /Variants/ }).click();
  const before = await slot.locator('[data-testid^="client-variant-"]').count();
  await slot.getByRole('button', { name: /Add a variant/ }).click();
  const modal = page.getByRole('dialog');
  await expect(modal).toBeVisible();
  const copy = modal.getByRole('button', { name: 'Copy', exact: true }).first();
  if (await copy.isVisible()) await copy.click();
  else await modal.getByRole('button', { name: 'Add a variant that accepts any offer' }).click();
  await expectToast(page, 'Information successfully updated!');
  await expect(slot.locator('[data-testid^="client-variant-"]')).toHaveCount(before + 1);
  await slot.locator('[data-testid^="client-variant-"]').last().getByRole('button', { name: 'Delete the variant' }).click();
  await expect(slot.locator('[data-testid^="client-variant-"]')).toHaveCount(before);
  // A small deletion: gone at once with an Undo, carried out when the toast closes.
  await expect(page.getByTestId('toast-deleted')).toContainText('Client variant deleted.');
  await page.getByTestId('toast-undo').click();
  await expect(slot.locator('[data-testid^="client-variant-"]')).toHaveCount(before + 1);
  await slot.locator('[data-testid^="client-variant-"]').last().getByRole('button', { name: 'Delete the variant' }).click();
  await expect(page.getByTestId('toast-deleted')).toBeHidden({ timeout: 15_000 });
  await page.reload();
  await slot.getByRole('button', { name: /Variants/ }).click();
  await expect(slot.locator('[data-testid^="client-variant-"]')).toHaveCount(before);
});
