import { expect, type Page } from '@playwright/test';
import { DEMO, gotoIn, signInByApi, test } from './fixtures';

/** Every script and style sheet the page requested, by file name. */
function recordAssets(page: Page): string[] {
  const seen: string[] = [];
  page.on('request', (req) => {
    const url = new URL(req.url());
    if (/\.(js|css)$/.test(url.pathname)) seen.push(url.pathname.split('/').pop()!);
  });
  return seen;
}

test('a visitor on / downloads no sign-in form, no back office and no flag style sheet', async ({ page }) => {
  const assets = recordAssets(page);
  await gotoIn(page, '/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByTestId('lang-fr').locator('img')).toBeVisible();
  expect(assets.filter((f) => /^(LoginPage|RegisterPage|AdminDashboardPage|CompaniesPage|react-select|NavDropdown)/.test(f))).toEqual([]);
  // Only the shown language's catalogs.
  expect([...new Set(assets.filter((f) => f.startsWith('i18n-')).map((f) => f.split('-')[1]))]).toEqual(['en']);
  // Only the four language flags are fetched, each a small file. A resource's timing entry is written
  // when its download ends, and one flag showing says nothing of the other three: wait for all four.
  const flagSizes = () =>
    page.evaluate(() =>
      performance
        .getEntriesByType('resource')
        .filter((e) => e.name.includes('/flags/'))
        .map((e) => ({ name: e.name.split('/').pop()!, size: (e as PerformanceResourceTiming).decodedBodySize })),
    );
  await expect.poll(async () => (await flagSizes()).map((f) => f.name).sort()).toEqual(['de.svg', 'es.svg', 'fr.svg', 'us.svg']);
  for (const f of await flagSizes()) expect(f.size, f.name).toBeLessThan(2_000);
});

test('a buyer who types an admin address is redirected before any back-office code is fetched', async ({ page }) => {
  await signInByApi(page, DEMO.buyer.email, DEMO.buyer.password);
  const assets = recordAssets(page);
  await gotoIn(page, '/admin/home');
  await expect(page).toHaveURL(/\/unauthorized/);
  await gotoIn(page, '/intern/suppliers');
  await expect(page).toHaveURL(/\/unauthorized/);
  expect(assets.filter((f) => /^(AdminDashboardPage|CompaniesPage)/.test(f))).toEqual([]);
});

test('an admin gets the dashboard chunk when opening /admin/home', async ({ page }) => {
  await signInByApi(page, DEMO.admin.email, DEMO.admin.password);
  const assets = recordAssets(page);
  await gotoIn(page, '/admin/home');
  await expect(page).toHaveURL(/\/admin\/home/);
  await expect.poll(() => assets.some((f) => f.startsWith('AdminDashboardPage'))).toBe(true);
  await expect(page.getByRole('tab').first()).toBeVisible();
  // The chart library comes only with the first price history opened.
  expect(assets.filter((f) => f.startsWith('PriceHistoryModal'))).toEqual([]);
});

test('scripts and style sheets are served compressed and cached for good; index.html is revalidated; no source map is served', async ({ request }) => {
  const index = await request.get('/', { headers: { 'accept-encoding': 'br, gzip' } });
  expect(index.status()).toBe(200);
  expect(index.headers()['cache-control']).toBe('no-cache');
  const html = await index.text();
  const files = [...html.matchAll(/(?:src|href)="(\/assets\/[^"]+\.(?:js|css))"/g)].map((m) => m[1]!);
  expect(files.some((f) => f.endsWith('.js'))).toBe(true);
  expect(files.some((f) => f.endsWith('.css'))).toBe(true);
  for (const file of files) {
    for (const [accept, expected] of [
      ['br, gzip, deflate', 'br'],
      ['gzip', 'gzip'],
    ] as const) {
      const res = await request.get(file, { headers: { 'accept-encoding': accept } });
      expect(res.status(), file).toBe(200);
      expect(res.headers()['content-encoding'], `${file} with ${accept}`).toBe(expected);
      expect(res.headers()['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(res.headers()['vary']).toMatch(/accept-encoding/i);
    }
    const map = await request.get(`${file}.map`);
    expect(map.status(), `${file}.map`).toBe(404);
  }
});

/**
 * Holds every request for a language's second catalog chunk (i18n-<lng>-rest, decision 650) until
 * released, and records every text the page showed meanwhile, to prove no raw catalog key appears.
 */
async function holdRestCatalogs(page: Page) {
  let release!: () => void;
  const released = new Promise<void>((r) => (release = r));
  const held: string[] = [];
  await page.route(/\/assets\/i18n-[a-z]{2}-rest-[^/]+\.js$/, async (route) => {
    held.push(route.request().url());
    await released;
    await route.continue();
  });
  await page.addInitScript(() => {
    const seen = new Set<string>();
    (window as unknown as { __texts: Set<string> }).__texts = seen;
    new MutationObserver(() => seen.add(document.body?.innerText ?? '')).observe(document, { subtree: true, childList: true, characterData: true });
  });
  const texts = () => page.evaluate(() => [...(window as unknown as { __texts: Set<string> }).__texts].join('\n'));
  return { release, held, texts };
}

test('a visitor sees / on the core catalogs alone; a page needing another namespace waits for it, showing no raw key', async ({ page }) => {
  const rest = await holdRestCatalogs(page);
  await gotoIn(page, '/');
  await expect(page.getByRole('heading', { level: 1, name: 'Home' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Sign in', exact: true })).toBeVisible();
  // The rest is asked for right after the first render, not before it.
  await expect.poll(() => rest.held.length).toBeGreaterThan(0);

  // Registration shows the password meter (namespace `password`, in the held chunk): it waits.
  await page.getByRole('link', { name: 'Create a company account' }).click();
  // eslint-disable-next-line no-restricted-syntax -- real clock: what must not show while the catalogs are held can only be missed over time.
  await page.waitForTimeout(1000);
  await expect(page.getByRole('heading', { name: 'Create a company account' })).toHaveCount(0);
  rest.release();
  await expect(page.getByRole('heading', { name: 'Create a company account' })).toBeVisible();
  const strengthChecks: string[] = [];
  page.on('request', (req) => req.url().endsWith('/auth/password-strength') && strengthChecks.push(req.method()));
  const assets = recordAssets(page);
  await page.locator('input[autocomplete=new-password]').first().fill('password');
  await expect(page.getByTestId('password-strength')).toContainText(/weak/i);
  expect(await rest.texts()).not.toMatch(/\blevel\d\b|register\.title|home\.title/);
  // The server judges (decision 840): one check per pause in typing, no dictionary in the page.
  expect(strengthChecks).toEqual(['POST']);
  expect(assets.filter((f) => /^(passwords|zxcvbn)/.test(f))).toEqual([]);
});

test("every page's frame shows before its code: the static frame, then the header and the page's skeleton", async ({ page }) => {
  // Nothing runs while the entry script is held: the frame of index.html is what shows.
  let releaseEntry!: () => void;
  const entryHeld = new Promise<void>((r) => (releaseEntry = r));
  await page.route(/\/assets\/index-[^/]+\.js$/, async (route) => {
    await entryHeld;
    await route.continue();
  });
  let releasePage!: () => void;
  const pageHeld = new Promise<void>((r) => (releasePage = r));
  await page.route(/\/assets\/RegisterPage-[^/]+\.js$/, async (route) => {
    await pageHeld;
    await route.continue();
  });
  await page.goto('/user/register?lng=en', { waitUntil: 'commit' });
  await expect(page.getByTestId('static-frame')).toBeVisible();
  await expect(page.locator('header .navbar-brand')).toHaveText('Primeur');
  releaseEntry();
  // The app runs; the page's own code is still held: the real header and the page's skeleton.
  await expect(page.getByTestId('page-skeleton')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Login', exact: true })).toBeVisible();
  await expect(page.getByTestId('static-frame')).toHaveCount(0);
  releasePage();
  await expect(page.getByRole('heading', { name: 'Create a company account' })).toBeVisible();
  await expect(page.getByTestId('page-skeleton')).toHaveCount(0);
});

test("a signed-in buyer's shell waits for every catalog: its menus and role home never show a raw key", async ({ page }) => {
  await signInByApi(page, DEMO.buyer.email, DEMO.buyer.password);
  const rest = await holdRestCatalogs(page);
  await gotoIn(page, '/');
  await expect.poll(() => rest.held.length).toBeGreaterThan(0);
  // eslint-disable-next-line no-restricted-syntax -- real clock: what must not show while the catalogs are held can only be missed over time.
  await page.waitForTimeout(1000);
  // Held: the signed-in header (its menus name other pages' titles) is not shown yet.
  await expect(page.getByRole('link', { name: 'My auctions' })).toHaveCount(0);
  rest.release();
  await expect(page.getByRole('link', { name: 'My auctions' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: `Welcome, ${DEMO.buyer.company}` })).toBeVisible();
  await expect(page.getByTestId('home-my-bids')).toContainText('My bids');
  expect(await rest.texts()).not.toMatch(/menu\.myAuctions|roleHome\.|userHome\.|dashboard\.title/);
});
