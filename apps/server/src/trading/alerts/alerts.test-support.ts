import { afterAll, beforeAll, vi } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { createTestApp, settle, signedIn, type TestContext } from '../../../test/build-app.js';
import { mailsAddressedTo } from '../../../test/mails.js';
import { closeAuctionNow } from '../../db/factories/listings.js';
import { notifications } from '../../db/schema/index.js';
import { runNotifier, type NotifierDeps } from './notifier.js';

/**
 * The alerts tests' world (one per test file, each on its fresh database): a seller, buyers in three
 * languages, and the helpers. Exported as live bindings, so a test reads `buyerFr` as its own variable.
 */
export let ctx: TestContext;
export let deps: NotifierDeps;
export type Signed = Awaited<ReturnType<typeof signedIn>>;
export let seller: Signed;
export let buyerFr: Signed;
export let buyerDe: Signed;
export let buyerEs: Signed;

/** Registers the world's set-up in the calling test file: a fresh app, a seller and three buyers. */
export function useAlertsWorld() {
  beforeAll(async () => {
    ctx = await createTestApp({ alertsIntervalMs: 0, auctionCloseIntervalMs: 0, publicOrigin: 'https://primeur.example' });
    deps = { db: ctx.db, bus: ctx.app.bus, log: ctx.app.log, publicOrigin: 'https://primeur.example' };
    seller = await signedIn(ctx, { category: 'supplier', companyName: 'Huerta Sol', country: 'GB' });
    buyerFr = await signedIn(ctx, { category: 'client', companyName: 'Primeurs de Rungis', country: 'FR' });
    buyerDe = await signedIn(ctx, { category: 'client', companyName: 'Frischmarkt Köln', country: 'DE' });
    buyerEs = await signedIn(ctx, { category: 'client', companyName: 'Frutas Valencia', country: 'ES' });
  });
  afterAll(() => ctx.close());
}

/**
 * One notifier pass (the start-up pass may hold the lock for a moment), then the processors: its
 * e-mails leave by their `mail.queued` events, as the app's dispatcher sends them.
 */
export async function notify() {
  const run = await vi.waitFor(
    async () => {
      const r = await runNotifier(deps);
      if (!r.ran) throw new Error('the notifier lock was never free');
      return r;
    },
    { timeout: 4_000, interval: 20 },
  );
  await settle(ctx);
  return run;
}

export const req = (method: 'GET' | 'PUT' | 'DELETE' | 'POST', url: string, cookie?: string, payload?: unknown) =>
  ctx.app.inject({ method, url, headers: cookie ? { cookie } : {}, ...(payload === undefined ? {} : { payload: payload as object }) });

export const noticesOf = (userId: number, productId: number) =>
  ctx.db
    .select()
    .from(notifications)
    .where(and(eq(notifications.userId, userId), eq(notifications.productId, productId)))
    .orderBy(notifications.id);

export const mailsTo = (address: string) => mailsAddressedTo(ctx.db, address);

/** Makes a lot end now and records its result as the closer does (db/factories: closeAuctionNow). */
export async function closeLot(productId: number, winner: 'highest' | 'none') {
  await closeAuctionNow(ctx.db, productId, winner);
}
