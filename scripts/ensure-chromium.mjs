#!/usr/bin/env node
// Finds a Chromium for the end-to-end tests, installing one when none is found:
// CHROMIUM_PATH, then the system packages (the headless shell first), then a Playwright-installed one;
// else Debian's `chromium-headless-shell` and `chromium` packages (as root) or Playwright's installer. Prints the path it settled on.
import { execSync, spawnSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

function playwrightInstalled() {
  const dir = process.env.PLAYWRIGHT_BROWSERS_PATH || path.join(os.homedir(), '.cache', 'ms-playwright');
  if (!existsSync(dir)) return undefined;
  for (const entry of readdirSync(dir)
    .filter((e) => e.startsWith('chromium'))
    .sort()
    .reverse()) {
    for (const rel of ['chrome-linux/chrome', 'chrome-linux64/chrome', 'chrome-headless-shell-linux64/chrome-headless-shell']) {
      const p = path.join(dir, entry, rel);
      if (existsSync(p)) return p;
    }
  }
  return undefined;
}

export function findChromium() {
  // Debian's headless shell first: the same engine without the full browser's GPU process and UI,
  // a third of the CPU per page (decision 946).
  const candidates = [
    process.env.CHROMIUM_PATH,
    '/usr/lib/chromium/chromium-headless-shell',
    '/usr/bin/chromium',
    '/usr/bin/chromium-browser',
    '/usr/bin/google-chrome',
  ];
  return candidates.find((p) => p && existsSync(p)) ?? playwrightInstalled();
}

function tryInstall() {
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  if (isRoot && existsSync('/usr/bin/apt-get')) {
    console.log('No Chromium found: installing Debian package "chromium"…');
    try {
      execSync('apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium-headless-shell chromium', { stdio: 'inherit' });
      return;
    } catch {
      console.warn('apt-get install chromium failed; trying Playwright’s installer.');
    }
  }
  console.log('Installing Chromium with Playwright…');
  spawnSync('npx', ['playwright', 'install', 'chromium'], { stdio: 'inherit' });
}

const isMain = process.argv[1] && path.resolve(process.argv[1]) === path.resolve(new URL(import.meta.url).pathname);
if (isMain) {
  let found = findChromium();
  if (!found) {
    tryInstall();
    found = findChromium();
  }
  if (!found) {
    console.error(
      'No Chromium available for the end-to-end tests.\n' +
        'Install one and run again: `sudo apt-get install chromium` (Debian/Ubuntu), or `npx playwright install chromium`,\n' +
        'or point CHROMIUM_PATH at a Chromium/Chrome binary.',
    );
    process.exit(1);
  }
  console.log(`Chromium: ${found}`);
}
