import { findChromium } from '../../../scripts/ensure-chromium.mjs';

/** The system Chromium's flags for every end-to-end run: no sandbox, GPU or QUIC, nothing that calls home. */
const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** Launch options of the system Chromium; with `lang`, the browser's own language (the app follows it). */
export const chromiumLaunchOptions = (lang?: string) => ({
  executablePath: findChromium(),
  args: lang ? [...CHROMIUM_ARGS, `--lang=${lang}`] : CHROMIUM_ARGS,
});
