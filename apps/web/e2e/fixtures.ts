import { test as base, expect, type BrowserContext, type Page } from '@playwright/test';

type ToastSeen = { id: string; text: string };
type ToastLog = { __toasts?: ToastSeen[] };
const recording = new WeakSet<BrowserContext>();

/**
 * Keeps every toast the pages of `target` show (its test id and text, in window.__toasts) from the
 * moment React puts it in the page. A toast lives 3 s; on a machine at load 20 the next look at the
 * page came later than that once (decision 947). Installed once per context.
 */
export async function recordToasts(target: BrowserContext | Page) {
  const context = 'context' in target ? target.context() : target;
  if (recording.has(context)) return;
  recording.add(context);
  await context.addInitScript(() => {
    const log: ToastSeen[] = ((window as unknown as ToastLog).__toasts = []);
    const seen = new WeakSet<Element>();
    const look = () => {
      for (const el of Array.from(document.querySelectorAll('[data-testid^="toast-"]'))) {
        const text = (el as HTMLElement).innerText?.trim() ?? '';
        if (seen.has(el) || !text) continue;
        seen.add(el);
        log.push({ id: el.getAttribute('data-testid') ?? '', text });
      }
    };
    new MutationObserver(look).observe(document, { subtree: true, childList: true, characterData: true });
  });
}

/**
 * Waits until a toast with this text (or test id, `{ testId }`) has been shown since the last one this
 * matched: each toast shown answers one call.
 */
export async function expectToast(page: Page, what: string | { testId: string }) {
  await expect
    .poll(
      () =>
        page.evaluate((w) => {
          const log = (window as unknown as ToastLog).__toasts ?? [];
          const i = log.findIndex((t) => (typeof w === 'string' ? t.text.includes(w) : t.id === w.testId));
          if (i < 0) return false;
          log.splice(0, i + 1);
          return true;
        }, what),
      { message: `toast ${JSON.stringify(what)} shown` },
    )
    .toBe(true);
}

/**
 * Every spec's `test`: when a test ends, each context it opened on the worker's browser is closed. A
 * page left open (a signed-in buyer on a live auction) went on rendering its countdown and taking
 * live messages for every test after it; one failing test's trace held 21 such contexts (decision 947).
 */
export const test = base.extend<{ closesItsContexts: void }>({
  context: async ({ context }, use) => {
    await recordToasts(context);
    await use(context);
  },
  closesItsContexts: [
    async ({ browser }, use) => {
      await use();
      await Promise.all(browser.contexts().map((c) => c.close()));
    },
    { auto: true },
  ],
});

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

/**
 * Signs in through the API, loading no page: the session cookie lands in the page's context. For the
 * specs whose subject is not the sign-in form (the form has its own flows in foundation and ux-flows):
 * each page load costs a loaded CI machine about a CPU-second (decision 947).
 */
export async function signInByApi(page: Page, email: string, password: string) {
  await recordToasts(page);
  const res = await page.request.post('/auth/login', { data: { email, password } });
  expect(res.status(), await res.text()).toBe(200);
}

/**
 * Signs in through the API and opens `/` in `lng` (unset: the browser's language, --lang or the context's
 * locale), which sends each role to its own home.
 */
export async function signInToHome(page: Page, email: string, password: string, lng?: string) {
  await signInByApi(page, email, password);
  await (lng ? gotoIn(page, '/', lng) : page.goto('/'));
  // The header's user menu exists once the app knows the session (collapsed on a phone, so attached, not visible).
  await expect(page.locator('#user-menu')).toBeAttached();
}

export const uniqueEmail = (prefix: string) => `${prefix}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.test`;

/** Picks an option in a react-select by typing its label. */
export async function chooseOption(page: Page, inputId: string, text: string) {
  const control = page.locator('.picker__control', { has: page.locator(`#${inputId}`) });
  // Typed, picked, then seen as the picker's value: a pick made while the options were still loading
  // (a city list after its country was saved) could land on a list that was being replaced and choose
  // nothing, and the flow went on without the value (a supplier saved without its city in a CI run).
  await expect(async () => {
    await page.locator(`#${inputId}`).fill(text);
    await page.getByRole('option', { name: text, exact: true }).first().click({ timeout: 10_000 });
    await expect(control).toContainText(text, { timeout: 15_000 });
  }).toPass({ timeout: 60_000 });
}

/** Picks the lot's article in the lot form's searchable picker by typing its name (issue 26). */
export async function pickArticle(page: Page, name: string) {
  await page.locator('#lot-article').fill(name);
  await page.getByRole('option', { name: new RegExp(`^${name} ·`) }).click();
  await expect(page.locator('#lot-article')).toHaveValue(name);
}
