import { addDays, todayInParis, type SupplierVariant } from '@primeur/shared';
import { expect } from '@playwright/test';
import { DEMO, expectToast, gotoIn, signInByApi, test } from './fixtures';

/** CSV in (issue 26): a supplier's price list with one bad row is shown, fixed, then imported, on a tablet and a desktop. */

const SUPPLIER = DEMO.supplier.company;
const HEADER = 'supplier;article;origin;packaging;box;caliber;quality_class;weight_piece;nb_piece;price_kg;price_colis;price_piece;volume;start_date;end_date';

/** Two lines: TOM01 at class I, the second article without a class (decision 935). */
function priceList(caliber: string, secondArticle: string) {
  const from = addDays(todayInParis(), 1);
  const to = addDays(from, 6);
  const lines = [
    HEADER,
    `${SUPPLIER};TOM01;ES;ifco;;${caliber};I;0,25;10;2,40;;;3;${from};${to}`,
    `${SUPPLIER};${secondArticle};ES;bulk;;${caliber};;;1;1,15;;;0;${from};${to}`,
  ];
  return { name: 'prices.csv', mimeType: 'text/csv', buffer: Buffer.from('\ufeff' + lines.join('\r\n') + '\r\n', 'utf8') };
}

for (const width of [768, 1366]) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: 900 } });

    test('an admin imports a price list: the bad row is shown, the fixed file is imported', async ({ page }) => {
      const caliber = `E2E-${width}-${Date.now()}`;
      await signInByApi(page, DEMO.admin.email, DEMO.admin.password);
      await gotoIn(page, '/intern/supplierDetails');
      await page.getByLabel('Supplier', { exact: true }).selectOption({ label: SUPPLIER });
      const supplierId = new URL(page.url()).searchParams.get('supplier');

      await page.getByRole('button', { name: 'Import price list (CSV)' }).click();
      const dialog = page.getByRole('dialog');
      await expect(dialog.getByRole('link', { name: 'Download the template' })).toHaveAttribute(
        'href',
        '/api/admin/import/supplier-prices/template.csv?lang=en',
      );
      const file = dialog.getByLabel('CSV file');

      // One unknown article code on line 3: listed by line and column, its cell marked, Import disabled.
      await file.setInputFiles(priceList(caliber, 'NOPE99'));
      await expect(dialog.getByTestId('import-summary')).toHaveText('2 rows checked. 1 error: fix it in the file and choose it again.');
      const errorRow = dialog.getByTestId('import-errors').locator('tbody tr');
      await expect(errorRow).toHaveCount(1);
      await expect(errorRow.locator('td')).toHaveText(['3', 'article', 'Unknown article code.']);
      const badCell = dialog.locator('[data-testid="import-preview"] tr[data-line="3"] td[data-column="article"]');
      await expect(badCell).toHaveText('NOPE99');
      await expect(badCell).toHaveAttribute('aria-invalid', 'true');
      await expect(badCell).toHaveClass(/table-danger/);
      await expect(dialog.getByTestId('import-submit')).toBeDisabled();
      // The dialog fits the screen: the Import button is visible without scrolling sideways.
      await expect(dialog.getByTestId('import-submit')).toBeInViewport();

      // The fixed file: no error, Import enabled, and both rows stored.
      await file.setInputFiles(priceList(caliber, 'CIT01'));
      await expect(dialog.getByTestId('import-summary')).toHaveText('2 rows checked. No errors: the file can be imported.');
      await expect(dialog.getByTestId('import-submit')).toBeEnabled();
      await dialog.getByTestId('import-submit').click();
      await expectToast(page, '2 rows imported.');
      await expect(dialog).toBeHidden();

      const variants = (await (await page.request.get(`/api/intern/userProduct/supplier/products/${supplierId}`)).json()) as SupplierVariant[];
      const imported = variants.filter((v) => v.caliber === caliber);
      expect(imported.map((v) => [v.supplierProductList.product.code, v.qualityClass, v.priceKg, v.priceColis, v.pricePiece]).sort()).toEqual([
        ['CIT01', null, 1.15, 0, 0],
        ['TOM01', 'I', 2.4, 6, 0.6],
      ]);
    });
  });
}
