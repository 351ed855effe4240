import type { FastifyInstance } from 'fastify';
import { closeAuctions } from '../modules/auctions/auction-closer.js';
import { runNotifier } from '../modules/alerts/notifier.js';

const HOUR = 3_600_000;

/**
 * Every background job of the app, in one place (decision 524). A job is a plain async function;
 * `app.jobs` runs each one on one instance at a time. Other modules add theirs here.
 */
export function registerJobs(app: FastifyInstance) {
  const { config, database } = app.deps;
  const jobs = app.jobs;

  jobs.register({
    name: 'auction-closer',
    everyMs: config.auctionCloseIntervalMs,
    atStart: true,
    // Safe on several instances at once (each lot is taken FOR UPDATE SKIP LOCKED): no gap needed.
    minGapMs: 0,
    run: async () => {
      const closed = await closeAuctions(database.db);
      if (closed.length) app.log.info({ count: closed.length }, 'auctions closed');
    },
  });

  // Outbid, ending-soon and result alerts (decision 600). The pass also takes its own transaction-level
  // lock and moves its cursors in the same commit as its notices, so even overlapping runs notify once.
  jobs.register({
    name: 'auction-alerts',
    everyMs: config.alertsIntervalMs,
    atStart: true,
    run: async () => {
      await runNotifier({ db: database.db, bus: app.bus, mailer: app.mailer, log: app.log, publicOrigin: config.publicOrigin });
    },
  });

  // Expired sessions would otherwise stay in the table for ever (resolve only refuses them).
  jobs.register({ name: 'session-purge', everyMs: HOUR, run: () => app.sessions.purgeExpired() });

  // Stored messages an instance left unparsed (it stopped or died mid-batch) are picked up here.
  if (config.whatsapp) jobs.register({ name: 'whatsapp-intake', everyMs: 60_000, run: () => app.intake.kick() });
  // 'price-fetch' is registered by the prices module, which keeps its daily clock (PRICE_FETCH_HOUR)
  // and asks the runner to run it (once across instances).
}
