import { addDays, formatDay, todayInParis } from '@primeur/shared';
import { expect, type Page } from '@playwright/test';
import { DEMO, expectToast, gotoIn, signInByApi, test } from './fixtures';

/** Back office II: price lists edited in place, the volume-weighted overview, product requests by email. */

// Days on the market's clock (Paris), as the app counts them.
const today = () => todayInParis();
const euro3 = (n: number) => `€${n.toFixed(3)}/kg`;

async function openDetails(page: Page, supplier: string, product: string) {
  await gotoIn(page, '/intern/supplierDetails');
  await page.getByLabel('Supplier', { exact: true }).selectOption({ label: supplier });
  await page.getByRole('button', { name: `Show the variants of ${product}` }).click();
}

test('an admin edits a variant price, saved on blur and on Enter, and a refused value comes back', async ({ page }) => {
  await signInByApi(page, DEMO.admin.email, DEMO.admin.password);
  await openDetails(page, 'Huerta de Almería S.L.', 'Round tomato');
  const price = page.locator('[data-testid$="-priceKg"]').first();
  const testId = (await price.getAttribute('data-testid'))!;

  await price.fill('1.234');
  await price.press('Tab');
  await expectToast(page, 'Information successfully updated!');
  await page.reload();
  await page.getByRole('button', { name: 'Show the variants of Round tomato' }).click();
  await expect(page.getByTestId(testId)).toHaveValue('1.234');

  await page.getByTestId(testId).fill('1.111');
  await page.getByTestId(testId).press('Enter');
  await expectToast(page, 'Information successfully updated!');
  await page.reload();
  await page.getByRole('button', { name: 'Show the variants of Round tomato' }).click();
  await expect(page.getByTestId(testId)).toHaveValue('1.111');

  // A negative price is refused by the field itself (nothing sent); Escape puts the stored value back.
  await page.getByTestId(testId).fill('-1');
  await page.getByTestId(testId).press('Enter');
  await expect(page.getByTestId(`${testId}-problem`)).toHaveText('The number cannot be negative.');
  await page.getByTestId(testId).press('Escape');
  await expect(page.getByTestId(testId)).toHaveValue('1.111');
  // A decimal comma is read as such in English too (it was dropped by type=number: 1,5 became 15).
  await page.getByTestId(testId).fill('1,5');
  await page.getByTestId(testId).press('Enter');
  await expectToast(page, 'Information successfully updated!');
  await page.reload();
  await page.getByRole('button', { name: 'Show the variants of Round tomato' }).click();
  await expect(page.getByTestId(testId)).toHaveValue('1.5');
});

test('duplicating a variant adds it to the list and moves the overview average accordingly', async ({ page }) => {
  await signInByApi(page, DEMO.admin.email, DEMO.admin.password);
  const from = today();
  const to = addDays(from, 7);

  // The overview before, in the page and from the same API the page reads.
  await gotoIn(page, `/intern/supplierOverview?from=${from}&to=${to}`);
  await page.getByLabel('Article').selectOption({ label: 'Clementine' });
  const average = page.getByTestId('overview-average');
  await expect(average).toHaveText(/^€\d+\.\d{3}\/kg$/);
  const productId = new URL(page.url()).searchParams.get('product');
  const url = `/api/intern/userProduct/supplier/productDetails?productId=${productId}&startDate=${from}&endDate=${to}`;
  const before = await (await page.request.get(url)).json();
  await expect(average).toHaveText(euro3(before.average));

  // Duplicate the first clementine variant of Cítricos del Turia.
  await openDetails(page, 'Cítricos del Turia S.L.', 'Clementine');
  const row = page.getByTestId('product-CIT04');
  const count = Number(await row.locator('td').nth(2).innerText());
  await row.getByRole('button', { name: 'Add variant' }).click();
  const dialog = page.getByRole('dialog');
  const duplicate = dialog.getByRole('button', { name: 'Duplicate' }).first();
  const sourceId = Number((await duplicate.getAttribute('data-testid'))!.replace('duplicate-', ''));
  await duplicate.click();
  await expectToast(page, 'Information successfully updated!');
  await expect(row.locator('td').nth(2)).toHaveText(String(count + 1));

  // Expected: the copy counts once more with its discounted price and volume.
  const line = before.suppliers
    .flatMap((s: { variants: Array<{ id: number; discountedPriceKg: number; volume: number }> }) => s.variants)
    .find((v: { id: number }) => v.id === sourceId);
  expect(line, 'the duplicated variant is valid in the range').toBeTruthy();
  const expected = (before.average * before.volume + line.discountedPriceKg * line.volume) / (before.volume + line.volume);
  await gotoIn(page, `/intern/supplierOverview?family=fruits&product=${productId}&from=${from}&to=${to}`);
  await expect(page.getByTestId('overview-average')).toHaveText(euro3(expected));
  expect(Math.abs(expected - before.average)).toBeGreaterThan(0.0005);
});

test('an admin sends a product request and finds the message in the outbox', async ({ page }) => {
  await signInByApi(page, DEMO.admin.email, DEMO.admin.password);
  await gotoIn(page, '/intern/requestProduct');
  await page.getByLabel('Product', { exact: true }).selectOption({ label: 'Clementine' });
  await expect(page.getByText('Cítricos del Turia S.L.')).toBeVisible();

  // Caliber and volume are required (spec §5).
  await page.getByRole('button', { name: 'Send the request' }).click();
  await expect(page.getByText('Please enter a caliber.')).toBeVisible();
  await expect(page.getByText('Please enter a volume above 0.')).toBeVisible();

  await page.getByLabel('Caliber').fill('1X');
  await page.getByLabel('Volume (pallets)').fill('6');
  await page.getByLabel(/vferrer@citricosturia\.es/).check();
  await page.getByRole('button', { name: 'Send the request' }).click();
  const result = page.getByTestId('request-result');
  await expect(result).toContainText('vferrer@citricosturia.es');
  await expect(result).toContainText('In outbox');

  // The outbox is in the internal menu.
  await page.getByRole('button', { name: 'Internal' }).click();
  await page.getByRole('link', { name: 'Outbox', exact: true }).click();
  await expect(page).toHaveURL(/\/intern\/outbox/);
  const message = page.locator('tr', { hasText: 'Solicitud de producto: Clementina, calibre 1X' }).first();
  await expect(message).toContainText('vferrer@citricosturia.es');
  await expect(message).toContainText('In outbox');
  await message.click();
  await expect(page.getByText('Volumen: 6 palés')).toBeVisible();

  // Without an SMTP server, sending again explains why the message stays here.
  await message.getByRole('button', { name: 'Send again' }).click();
  await expect(page.getByText('No SMTP server is configured: the message stays in the outbox.')).toBeVisible();
});

test('in French, the validity range picked in the calendar is saved for the variant', async ({ page }) => {
  await signInByApi(page, DEMO.admin.email, DEMO.admin.password);
  await gotoIn(page, '/intern/supplierDetails', 'fr');
  await page.getByLabel('Fournisseur', { exact: true }).selectOption({ label: 'Berries del Condado S.L.' });
  await page.getByRole('button', { name: 'Afficher les variantes de Fraise' }).click();
  const picker = page.locator('[data-testid$="-dates"]').first();
  const variantId = (await picker.getAttribute('data-testid'))!.match(/variant-(\d+)-dates/)![1];
  await picker.click();
  const month = page.locator('.react-datepicker__month');
  await month.locator('.react-datepicker__day--010:not(.react-datepicker__day--outside-month)').click();
  await month.locator('.react-datepicker__day--020:not(.react-datepicker__day--outside-month)').click();
  await expectToast(page, 'Informations mises à jour avec succès !');

  const supplierId = new URL(page.url()).searchParams.get('supplier');
  const list = await (await page.request.get(`/api/intern/userProduct/supplier/products/${supplierId}`)).json();
  const saved = list.find((v: { id: number }) => v.id === Number(variantId));
  expect(saved.startDate.slice(8)).toBe('10');
  expect(saved.endDate.slice(8)).toBe('20');
  await page.reload();
  await page.getByRole('button', { name: 'Afficher les variantes de Fraise' }).click();
  // The one date format of the app (formatDay), in French.
  await expect(page.getByTestId(`variant-${variantId}-dates`)).toHaveValue(`${formatDay(saved.startDate, 'fr')} - ${formatDay(saved.endDate, 'fr')}`);
});

test('removing a product from the price list is confirmed and takes its variants with it', async ({ page }) => {
  await signInByApi(page, DEMO.admin.email, DEMO.admin.password);
  await gotoIn(page, '/intern/supplierDetails');
  // A supplier and product no other spec relies on: the specs share one demo database.
  await page.getByLabel('Supplier', { exact: true }).selectOption({ label: 'Kwekerij De Westlandse Kas B.V.' });
  const total = page.getByTestId('total-volume');
  const before = Number(await total.innerText());
  const row = page.getByTestId('product-FRV09');
  const volume = Number(await row.locator('td').nth(3).innerText());
  await row.getByRole('button', { name: /^Remove .+ from the list$/ }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
  await expect(row).toHaveCount(0);
  await expect(total).toHaveText(String(before - volume));
  await page.reload();
  await expect(page.getByTestId('product-FRV09')).toHaveCount(0);
});
