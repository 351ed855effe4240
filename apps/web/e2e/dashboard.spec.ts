import { dayInParis, todayInParis } from '@primeur/shared';
import { expect } from '@playwright/test';
import { DEMO, gotoIn, signInByApi, test } from './fixtures';

/** A day (Paris, as the dashboard counts them) as the date picker shows it in English: dd/MM/yyyy. */
const pickerDay = (iso: string) => iso.split('-').reverse().join('/');

test('the operator reads market and grower prices, opens a price history and keeps a weather city', async ({ page }) => {
  await signInByApi(page, DEMO.admin.email, DEMO.admin.password);
  await gotoIn(page, '/admin/home', 'fr');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Tableau de bord administrateur');
  await gotoIn(page, '/admin/home', 'en');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Administrator dashboard');

  // Market tab by default: today's prices, one table per family, "€1.23" amounts (English) and a change marker.
  const market = page.getByTestId('market-tab');
  await expect(page.getByRole('tab', { name: 'Market prices' })).toHaveAttribute('aria-selected', 'true');
  await expect(market.getByTestId('market-table-fruits')).toBeVisible();
  await expect(market.getByTestId('market-table-legumes')).toBeVisible();
  await expect(page.locator('#market-date')).toHaveValue(pickerDay(todayInParis()));
  const tomato = market.getByTestId('market-table-legumes').getByRole('row', { name: /Round tomato/ });
  await expect(tomato.locator('td').nth(1)).toHaveText(/^€\d+\.\d{2}$/);
  await expect(tomato.locator('[data-change]')).toHaveCount(1);

  // A family chosen: one table.
  await page.locator('#market-family').fill('Vegetables');
  await page.getByRole('option', { name: 'Vegetables', exact: true }).click();
  await expect(market.getByTestId('market-table-legumes')).toBeVisible();
  await expect(market.getByTestId('market-table-fruits')).toHaveCount(0);

  // Another date: the prices of that day are asked for and shown.
  const earlier = dayInParis(-10);
  const answer = page.waitForResponse((r) => r.url().includes(`date=${earlier}&type=market`) && r.status() === 200);
  await page.locator('#market-date').fill(pickerDay(earlier));
  await page.locator('#market-date').press('Enter');
  expect(((await (await answer).json()) as unknown[]).length).toBeGreaterThanOrEqual(30);
  await expect(market.getByTestId('market-table-legumes').getByRole('row', { name: /Cucumber/ })).toBeVisible();

  // The price history of a product: 30 days, then 90.
  await market.getByRole('button', { name: 'Round tomato', exact: true }).click();
  const chart = page.getByTestId('price-history-chart');
  await expect(page.getByRole('dialog')).toContainText('Round tomato — price history');
  await expect(chart).toHaveAttribute('data-points', '30');
  await expect(chart.locator('.recharts-area-area')).toBeVisible();
  await page.getByRole('dialog').getByText('90 days', { exact: true }).click();
  // The range ends on the tab's date, ten days back; the demo data starts 89 days before today.
  await expect(chart).toHaveAttribute('data-points', '80');
  await page.getByRole('dialog').getByRole('button', { name: 'Close' }).click();
  // The dialog fades out before the page takes clicks again (a click during the fade is the backdrop's).
  await expect(page.getByRole('dialog')).toBeHidden();

  // Grower tab: 15 price columns, and its own history (first price and average).
  const growerTab = page.getByRole('tab', { name: 'Grower prices' });
  await growerTab.click();
  await expect(growerTab).toHaveAttribute('aria-selected', 'true');
  const grower = page.getByTestId('grower-tab');
  const growerLegumes = grower.getByTestId('grower-table-legumes');
  await expect(growerLegumes).toBeVisible();
  await expect(growerLegumes.locator('th[data-price-column]')).toHaveCount(15);
  await expect(growerLegumes.locator('th[data-price-column]').last()).toHaveText('Cut 15');
  await expect(growerLegumes.locator('th[data-price-column] abbr').last()).toHaveAttribute('title', 'Price of the fifteenth cut of the day');
  await expect(grower.getByTestId('grower-explain')).toContainText('first to the fifteenth cut of the day');
  await expect(
    growerLegumes
      .getByRole('row', { name: /Red bell pepper/ })
      .locator('td')
      .nth(1),
  ).toHaveText(/^€\d+\.\d{2}$/);
  await grower.getByRole('button', { name: 'Red bell pepper', exact: true }).click();
  await expect(page.getByRole('dialog')).toContainText('First price');
  await expect(page.getByTestId('price-history-chart').locator('.recharts-line')).toHaveCount(2);
  await page.getByRole('dialog').getByRole('button', { name: 'Close' }).click();

  // Weather: 4 day cards, change city, still chosen after a reload.
  const weather = page.getByTestId('weather-widget');
  await expect(weather.getByTestId('weather-day')).toHaveCount(4);
  const firstCondition = await weather.getByTestId('weather-condition').first().textContent();
  await page.locator('#weather-city').selectOption({ label: 'Hamburg' });
  await expect(weather.getByTestId('weather-condition').first()).not.toHaveText(firstCondition ?? '');
  const hamburgCondition = await weather.getByTestId('weather-condition').first().textContent();
  await page.reload();
  await expect(page.locator('#weather-city')).toHaveValue('7');
  await expect(page.locator('#weather-city option:checked')).toHaveText('Hamburg');
  await expect(weather.getByTestId('weather-condition').first()).toHaveText(hamburgCondition ?? '');
  await expect(weather).toContainText('km/h');
});

test('the operator uploads a price file: a bad one is refused with its line, a good one lands in the table', async ({ page }) => {
  await signInByApi(page, DEMO.admin.email, DEMO.admin.password);
  await gotoIn(page, '/admin/home', 'en');
  const panel = page.getByTestId('price-import');
  await panel.getByRole('button', { name: 'File format' }).click();
  await expect(panel).toContainText('minPrice, maxPrice, avgPrice');
  await expect(panel).toContainText('firstPrice, secondPrice … fifteenthPrice');
  // The demo's 90 days of prices are counted, not hidden behind "no import".
  await expect(panel.getByTestId('prices-stored')).toContainText(/Prices held: \d[\d,]* market price rows over (89|90|91) days/);

  const day = '2020-02-03';
  const header = 'date,source,family,name,minPrice,maxPrice,avgPrice';
  const bad = [header, `${day},E2E Market,fruits,Quince,1.00,2.00,1.50`, `${day},E2E Market,fruits,Medlar,3.00,2.00,2.50`].join('\n');
  await panel.locator('#price-file').setInputFiles({ name: 'bad.csv', mimeType: 'text/csv', buffer: Buffer.from(bad) });
  await panel.getByRole('button', { name: 'Import' }).click();
  await expect(panel.getByTestId('import-refused')).toContainText('Line 3: the minimum price 3 is greater than the maximum price 2.');
  await expect(panel.getByTestId('import-status')).toContainText('bad.csv');

  const good = [header, `${day},E2E Market,fruits,Quince,1.00,2.00,1.50`, `${day},E2E Market,fruits,Medlar,2.00,3.00,2.50`].join('\n');
  await panel.locator('#price-file').setInputFiles({ name: 'good.csv', mimeType: 'text/csv', buffer: Buffer.from(good) });
  await panel.getByRole('button', { name: 'Import' }).click();
  await expect(panel.getByTestId('import-success')).toContainText(`2 price rows imported for ${day}.`);
  await expect(panel.getByTestId('import-record').first()).toContainText('good.csv');

  await page.locator('#market-date').fill('03/02/2020');
  await page.locator('#market-date').press('Enter');
  const fruits = page.getByTestId('market-table-fruits');
  await expect(fruits.getByRole('row', { name: /Medlar/ })).toContainText('€2.50');
  await expect(fruits.getByRole('row')).toHaveCount(3);
});
