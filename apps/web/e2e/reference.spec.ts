import { dayInParis, referencePercent, type LotReference } from '@primeur/shared';
import { chromium, expect, type Browser } from '@playwright/test';
import { chromiumLaunchOptions } from './chromium';
import { DEMO, signInByApi, test } from './fixtures';

/**
 * The wholesale market beside the bid (issue 25): the room of a lemon auction shows the day's demo
 * market prices (Mercabarna, imported for every day of the last 90) with their trend, and where the
 * lot's price stands against the average, in English and in French; the /encheres card has the line.
 */
const PHOTO = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAgAAAAGCAIAAABxZ0isAAAAEUlEQVR4nGN4dkIDK2IYSAkA9w1YISzJWkAAAAAASUVORK5CYII=', 'base64');
/** Any run of white space (Intl's no-break and narrow no-break spaces too) as one space. */
const plain = (s: string | null) => (s ?? '').replace(/\s+/g, ' ').trim();

/** A lemon auction of the demo supplier, open now, starting 4 % above today's lemon average; its reference as the API gives it. */
async function lemonAuction(browser: Browser): Promise<{ productId: number; ref: LotReference }> {
  const ctx = await browser.newContext({ locale: 'en-US' });
  const page = await ctx.newPage();
  await signInByApi(page, DEMO.supplier.email, DEMO.supplier.password);
  const options = (await (await page.request.get('/api/users/product/formOptions')).json()) as {
    articles: Array<{ id: number; article: string }>;
    packagings: Array<{ id: number }>;
  };
  const lemon = options.articles.find((a) => a.article === 'Lemon')!;
  const article = await page.request.get(`/api/users/reference/article/${lemon.id}`);
  expect(article.status()).toBe(200);
  const avg = ((await article.json()) as { avg: number }).avg;
  const origins = (await (await page.request.get('/api/location/origin/getAll')).json()) as Array<{ id: number }>;
  const res = await page.request.post('/api/users/product/add', {
    multipart: {
      data: JSON.stringify({
        articleId: lemon.id,
        name: `E2E lemons ${Date.now()}`,
        description: 'Verna lemons for the market reference test.',
        caliber: '3',
        originId: origins[0]!.id,
        packagingId: options.packagings[0]!.id,
        price: Math.round(avg * 1.04 * 100) / 100,
        quantity: 5,
        qualityClass: 'I',
        netKgPerPallet: 800,
        availableUntil: dayInParis(10),
        auctionStartDate: new Date(Date.now() - 30_000).toISOString(),
      }),
      photos: { name: 'lot.png', mimeType: 'image/png', buffer: PHOTO },
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  const productId = ((await res.json()) as { productId: number }).productId;
  const ref = (await (await page.request.get(`/api/users/product/reference/${productId}`)).json()) as LotReference;
  await ctx.close();
  return { productId, ref };
}

for (const lang of ['en-US', 'fr-FR'] as const) {
  test.describe(`Chromium --lang=${lang}`, () => {
    let browser: Browser;
    test.beforeAll(async () => {
      browser = await chromium.launch(chromiumLaunchOptions(lang));
    });
    test.afterAll(async () => browser.close());
    const fr = lang === 'fr-FR';
    const perKg = (n: number) => (fr ? `${n.toFixed(2).replace('.', ',')} €/kg` : `€${n.toFixed(2)}/kg`);

    test('the auction room shows the day’s market reference, its trend and the lot against the average', async () => {
      const { productId, ref } = await lemonAuction(browser);
      expect(ref).toMatchObject({ matchedBy: 'article', date: dayInParis(0) });
      const p = referencePercent(ref.price, ref.avg);
      expect(p).toBe(ref.percent);
      expect(p).toBeGreaterThan(0);

      const ctx = await browser.newContext({ locale: lang });
      const page = await ctx.newPage();
      await signInByApi(page, DEMO.buyer.email, DEMO.buyer.password);
      await page.goto(`/encheres/details/${productId}`);
      const panel = page.getByTestId('market-reference');
      await expect(panel.getByRole('heading')).toHaveText(fr ? 'Référence marché' : 'Market reference');
      await expect(panel.getByTestId('reference-date')).toHaveText(fr ? "Marché de gros aujourd'hui" : 'Wholesale market today');
      expect(plain(await panel.getByTestId('reference-avg').textContent())).toBe(perKg(ref.avg));
      expect(plain(await panel.getByTestId('reference-min').textContent())).toBe(perKg(ref.min));
      expect(plain(await panel.getByTestId('reference-max').textContent())).toBe(perKg(ref.max));
      await expect(panel.getByTestId('reference-trend')).toBeVisible();
      expect(plain(await panel.getByTestId('reference-percent').textContent())).toBe(
        fr ? `+${p} % au-dessus de la moyenne du marché du jour` : `+${p}% above today's market average`,
      );
      await expect(panel.getByTestId('reference-grower')).toContainText(fr ? 'Cadrans' : 'Origin auctions');

      // The card on /encheres carries the one line, with the same percent.
      await page.goto('/encheres');
      const line = page.getByTestId(`auction-card-${productId}`).getByTestId('reference-line-percent');
      await expect(line).toBeVisible({ timeout: 30_000 });
      expect(plain(await line.textContent())).toBe(fr ? `+${p} %` : `+${p}%`);
      await ctx.close();
    });
  });
}
