#!/usr/bin/env node
// Screenshots of pages in every language and at several widths, for a human look:
//   node scripts/screenshots.mjs [baseURL] [outDir] [paths…]
// ROLE=admin|buyer|supplier|visitor (default admin) signs in as that demo account first;
// WIDTHS=390,1366 (default) and LANGS=en,fr,de,es (default) choose the shots. Needs a running app
// with the demo data (npm start).
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { chromium } from '@playwright/test';
import { findChromium } from './ensure-chromium.mjs';

const [base = 'http://localhost:3000', out = '.tmp/screenshots', ...paths] = process.argv.slice(2);
const role = process.env.ROLE ?? 'admin';
const widths = (process.env.WIDTHS ?? '390,1366').split(',').map(Number);
const languages = (process.env.LANGS ?? 'en,fr,de,es').split(',');
const accounts = {
  admin: ['admin@example.com', 'Demo-admin-1'],
  buyer: ['buyer@example.com', 'Demo-buyer-1'],
  supplier: ['supplier@example.com', 'Demo-supplier-1'],
};
const pages = paths.length ? paths : ['/', '/user/login', '/user/register', '/user/home', '/user/profil', '/admin/usersList', '/nope', '/unauthorized'];
mkdirSync(out, { recursive: true });

const browser = await chromium.launch({
  executablePath: findChromium(),
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
});
for (const lng of languages) {
  for (const width of widths) {
    const context = await browser.newContext({ viewport: { width, height: width < 600 ? 844 : 800 }, locale: lng });
    const page = await context.newPage();
    const account = accounts[role];
    if (account) {
      await page.goto(`${base}/user/login?lng=${lng}`);
      await page.locator('#login-email').fill(account[0]);
      await page.locator('#login-password').fill(account[1]);
      await page.locator('form button[type=submit]').click();
      await page.waitForURL((url) => !url.pathname.startsWith('/user/login'));
    }
    for (const p of pages) {
      await page.goto(`${base}${p}${p.includes('?') ? '&' : '?'}lng=${lng}`);
      await page.waitForLoadState('networkidle');
      // eslint-disable-next-line no-undef -- runs in the page
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      const file = path.join(out, `${role}-${lng}-${width}${p.replace(/[/?=&]+/g, '_') || '_root'}.png`);
      await page.screenshot({ path: file, fullPage: true });
      console.log(`${file}${overflow > 0 ? `  (wider than the window by ${overflow} px)` : ''}`);
    }
    await context.close();
  }
}
await browser.close();
