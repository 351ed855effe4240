import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/**
 * What the every-page sweep (ux-pages.spec.ts) measures on a page: console errors, the page settled
 * (no call in flight, no spinner, no transition), its width at each window width, axe-core's serious
 * and critical rules, touch targets under 44 px, and selects too narrow for their options. The spec
 * says which pages, roles and languages; this file says how each page is checked.
 */

/** Console errors, except the 401 a visitor's session check answers (spec §8: treated as signed out, no message). */
export function watchConsole(page: Page, role: string) {
  const errors: string[] = [];
  page.on('console', (msg) => {
    if (msg.type() !== 'error') return;
    const text = msg.text();
    if (role === 'visitor' && /status of 401/.test(text) && /isLoggedIn|userInfos/.test(msg.location().url)) return;
    errors.push(`${text} (${msg.location().url})`);
  });
  page.on('pageerror', (err) => errors.push(`page error: ${err.message}`));
  return errors;
}

/**
 * Counts the page's API calls in flight, so a visit can wait for its data without the fixed half second
 * of quiet that 'networkidle' costs (and that a same-document navigation would not wait for at all).
 */
export function countRequests(page: Page) {
  return page.addInitScript(() => {
    const w = window as unknown as { __inflight: number };
    w.__inflight = 0;
    const original = window.fetch.bind(window);
    window.fetch = (...args: Parameters<typeof fetch>) => {
      w.__inflight++;
      return original(...args).finally(() => w.__inflight--);
    };
  });
}

export async function settle(page: Page) {
  await expect(page.locator('main h1').first()).toBeVisible();
  // No call in flight and no spinner, seen on two frames in a row (a query may start just after a render).
  await page.waitForFunction(() => {
    const w = window as unknown as { __inflight?: number; __quiet?: number };
    // A CSS transition still running (a button fading from disabled to enabled) has mixed colours that
    // axe would measure as a contrast failure: wait until every finite animation has ended.
    const moving = document.getAnimations().some((a) => a.playState === 'running' && Number.isFinite(Number(a.effect?.getComputedTiming().endTime)));
    const quiet = (w.__inflight ?? 0) === 0 && !document.querySelector('main .spinner-border') && !moving;
    w.__quiet = quiet ? (w.__quiet ?? 0) + 1 : 0;
    return w.__quiet >= 2;
  });
  // A ceiling, not a wait: on a CI machine at load 15 a late request (a list the page loads after its
  // first data) can keep its spinner for more than the default 10 s.
  await expect(page.locator('main .spinner-border')).toHaveCount(0, { timeout: 60_000 });
}

/** Moves to `path` inside the running app, as a link does (React Router follows popstate). */
export async function navigate(page: Page, path: string) {
  await page.evaluate((to) => {
    window.history.pushState(null, '', to);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, path);
}

export async function measureWidths(page: Page, label: string, widths: readonly number[]) {
  for (const width of widths) {
    await page.setViewportSize({ width, height: 900 });
    // Two frames: layout after the resize, then any resize observers.
    await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
    const { scrollWidth, innerWidth, culprit } = await page.evaluate(() => {
      const w = window.innerWidth;
      const width = document.documentElement.scrollWidth;
      // Only a page wider than the window needs its culprit (a walk over every element's box and style).
      if (width <= w) return { scrollWidth: width, innerWidth: w, culprit: '' };
      // The widest element poking out of the window names the culprit in the failure message.
      let culprit = '';
      let worst = w;
      for (const el of Array.from(document.body.querySelectorAll('*'))) {
        const r = el.getBoundingClientRect();
        if (r.right > worst + 1 && getComputedStyle(el).position !== 'fixed') {
          worst = r.right;
          culprit = `${el.tagName.toLowerCase()}${el.id ? '#' + el.id : ''}.${String(el.className).split(' ').slice(0, 3).join('.')} right=${Math.round(r.right)}`;
        }
      }
      return { scrollWidth: document.documentElement.scrollWidth, innerWidth: w, culprit };
    });
    expect.soft(scrollWidth, `${label} at ${width}px is ${scrollWidth}px wide (${culprit})`).toBeLessThanOrEqual(innerWidth);
  }
  await page.setViewportSize({ width: 1366, height: 900 });
}

export async function axe(page: Page, label: string) {
  // Measured colours must be the final ones: no transition half-way (see settle).
  await page.waitForFunction(
    () => !document.getAnimations().some((a) => a.playState === 'running' && Number.isFinite(Number(a.effect?.getComputedTiming().endTime))),
  );
  // axe.run in the page itself (legacy mode): the app has no frames, so the frame-by-frame run, whose
  // results are joined in a blank page opened for each analysis, finds the same and cost three times
  // the time (a new page and a second copy of axe per call). Only the violations come back in full.
  expect(await page.locator('iframe').count(), `${label}: a frame needs axe's frame-by-frame run (setLegacyMode off)`).toBe(0);
  // While axe reads the colours, any change of state lands in its final colours at once: a query
  // answering during the run (the watch list turning three buttons from "Watch" to "Watching" in CI)
  // would otherwise start a 150 ms transition that axe measures half-way, a contrast failure that no
  // user ever sees once it ends. The style is removed after the run, so the page is the app's again.
  await page.evaluate(() => {
    const style = document.createElement('style');
    style.id = 'axe-still';
    style.textContent = '*, *::before, *::after { transition: none !important; animation-duration: 0s !important; }';
    document.head.append(style);
  });
  const result = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .setLegacyMode()
    .options({ resultTypes: ['violations'] })
    .analyze()
    .finally(() => page.evaluate(() => document.getElementById('axe-still')?.remove()));
  const bad = result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  const nodes = bad.reduce((n, v) => n + v.nodes.length, 0);
  console.log(`axe ${label}: ${bad.length} serious/critical rules (${nodes} nodes), ${result.violations.length - bad.length} minor/moderate`);
  expect
    .soft(
      bad.map(
        (v) =>
          `${v.id} (${v.impact}): ${v.nodes
            .map((n) => n.target.join(' '))
            .slice(0, 3)
            .join(' | ')}`,
      ),
      `axe ${label}`,
    )
    .toEqual([]);
}

/**
 * Interactive controls under 44 px tall, named for the failure message: buttons, links of the header
 * and of navigation, form fields and folded parts. Checkboxes and radios are excluded: their label
 * row is the target (styles.css only enlarges the box).
 */
export async function smallTargets(page: Page): Promise<string[]> {
  return page.evaluate((min) => {
    const selector = [
      'header a',
      'header button',
      'nav a',
      'button',
      '[role=button]',
      '.btn',
      'select',
      'textarea',
      'summary',
      'input:not([type=hidden]):not([type=checkbox]):not([type=radio])',
    ].join(', ');
    const small: string[] = [];
    for (const found of Array.from(document.querySelectorAll<HTMLElement>(selector))) {
      // A picker's (react-select's) text box is the cursor inside its box: the box is the target.
      const el = found.closest<HTMLElement>('.picker__control') ?? found;
      const r = el.getBoundingClientRect();
      if (r.width === 0 || r.height === 0 || getComputedStyle(el).visibility === 'hidden') continue;
      if (el.closest('.visually-hidden, .skip-link')) continue;
      if (r.height < min - 0.5) {
        const name = (el.getAttribute('aria-label') ?? el.textContent ?? '').trim().slice(0, 30);
        small.push(`${el.tagName.toLowerCase()}.${[...el.classList].slice(0, 3).join('.')} "${name}" ${r.height.toFixed(1)}px`);
      }
    }
    return small;
  }, 44);
}

/** The lot toolbars' sort, class and certificate selects narrower than their longest option's text. */
export function cutSelects(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const ctx = document.createElement('canvas').getContext('2d')!;
    const cut: string[] = [];
    for (const select of document.querySelectorAll<HTMLSelectElement>('main select[id$="-sort"], main select[id$="-class"], main select[id$="-certificate"]')) {
      const style = getComputedStyle(select);
      ctx.font = style.font;
      const room = select.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
      for (const option of Array.from(select.options)) {
        const width = ctx.measureText(option.text).width;
        if (width > room + 0.5) cut.push(`#${select.id} "${option.text}" ${width.toFixed(0)} px in ${room.toFixed(0)} px`);
      }
    }
    return cut;
  });
}
