#!/usr/bin/env node
// Screenshots of pages in every language, for a human look: node scripts/screenshots.mjs [baseURL] [outDir] [paths…]
// Signs in as the demo admin for guarded pages. Needs a running app with the demo data.
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { chromium } from '@playwright/test';
import { findChromium } from './ensure-chromium.mjs';

const [base = 'http://localhost:3000', out = '.tmp/screenshots', ...paths] = process.argv.slice(2);
const pages = paths.length ? paths : ['/', '/user/login', '/user/register', '/user/home', '/user/profil', '/admin/usersList', '/nope', '/unauthorized'];
mkdirSync(out, { recursive: true });

const browser = await chromium.launch({ executablePath: findChromium(), args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'] });
for (const lng of ['en', 'fr', 'de', 'es']) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  await page.goto(`${base}/user/login?lng=${lng}`);
  await page.locator('#login-email').fill('admin@example.com');
  await page.locator('#login-password').fill('Demo-admin-1');
  await page.locator('form button[type=submit]').click();
  await page.waitForURL(/admin\/home/);
  for (const p of pages) {
    await page.goto(`${base}${p}${p.includes('?') ? '&' : '?'}lng=${lng}`);
    await page.waitForLoadState('networkidle');
    const file = path.join(out, `${lng}${p.replace(/[/?=&]+/g, '_') || '_root'}.png`);
    await page.screenshot({ path: file, fullPage: true });
    console.log(file);
  }
  await context.close();
}
await browser.close();
