import { createRequire } from 'node:module';
import { expect, type Page } from '@playwright/test';
import { DEMO, gotoIn, signInToHome, test } from './fixtures';

/**
 * The live channel from a real browser: Chromium's own WebSocket (its Origin header, its cookie
 * handling, its subprotocol check) with the real @stomp/stompjs bundle, against the built app.
 * The auctions journey checks offers appearing on the page; this checks the channel itself.
 */
// The package's "require" entry is its UMD bundle (window.StompJs), which a page can load as is.
const stompBundle = createRequire(import.meta.url).resolve('@stomp/stompjs');

interface ChannelResult {
  connected: boolean;
  receipt: boolean;
  error?: string;
  protocol?: string;
}

/** Connects with the page's cookies to ws(s)://<page host>/ws and subscribes with a receipt. */
async function openChannel(page: Page, destination: string): Promise<ChannelResult> {
  await page.addScriptTag({ path: stompBundle });
  return page.evaluate(
    (dest) =>
      new Promise<ChannelResult>((resolve) => {
        const result: ChannelResult = { connected: false, receipt: false };
        const { Client } = (window as unknown as { StompJs: typeof import('@stomp/stompjs') }).StompJs;
        const client = new Client({
          brokerURL: `${location.protocol === 'https:' ? 'wss:' : 'ws:'}//${location.host}/ws`,
          reconnectDelay: 0,
          onConnect: () => {
            result.connected = true;
            result.protocol = (client.webSocket as WebSocket | undefined)?.protocol;
            client.watchForReceipt('ready', () => {
              result.receipt = true;
              void client.deactivate().then(() => resolve(result));
            });
            client.subscribe(dest, () => undefined, { receipt: 'ready' });
          },
          onStompError: (frame) => {
            result.error = frame.headers.message;
            void client.deactivate().then(() => resolve(result));
          },
        });
        client.activate();
        // eslint-disable-next-line no-restricted-syntax -- real clock: a guard that ends the wait when the server never answers (not a sleep).
        setTimeout(() => resolve(result), 8000);
      }),
    destination,
  );
}

test('a signed-in buyer opens the live channel; a visitor and other destinations are refused', async ({ browser }) => {
  // bypassCSP only lets the test inject the stompjs bundle; the WebSocket is the browser's own.
  const buyerCtx = await browser.newContext({ bypassCSP: true });
  const buyer = await buyerCtx.newPage();
  await signInToHome(buyer, DEMO.buyer.email, DEMO.buyer.password, 'en');
  const ok = await openChannel(buyer, '/topic/offers/1');
  expect(ok).toEqual({ connected: true, receipt: true, protocol: 'v12.stomp' });

  const wrong = await openChannel(buyer, '/topic/everything');
  expect(wrong.error).toMatch(/unknown destination/i);
  await buyerCtx.close();

  const visitorCtx = await browser.newContext({ bypassCSP: true });
  const visitor = await visitorCtx.newPage();
  await gotoIn(visitor, '/');
  const refused = await openChannel(visitor, '/topic/offers/1');
  expect(refused.connected).toBe(false);
  expect(refused.error).toMatch(/not signed in/i);
  await visitorCtx.close();
});
