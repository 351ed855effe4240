import type { FastifyInstance } from 'fastify';
import { closeAuctions } from '../trading/auctions/auction-closer.js';
import { runNotifier } from '../trading/alerts/notifier.js';
import * as orders from '../trading/orders/orders.service.js';
import * as purchaseRequests from '../trading/orders/purchase-requests.service.js';
import { invoicingProcessor, runCommission, runInvoicing } from '../trading/invoicing/invoicing.issuing.js';
import { dispatch, EVENTS_CHANNEL, type Processor } from '../events/events.js';
import { mailDeliveryProcessor, messageIdDomain, type MailDeliveryDeps } from '../documents/email/delivery.js';
import { claimMessagesProcessor } from '../trading/claims/claims.messages.js';
import { feedProcessor } from '../trading/feed/feed.service.js';
import { WebhookDeliverer } from '../trading/webhooks/webhooks.delivery.js';
import { webhookDepsOf } from '../trading/webhooks/webhooks.service.js';
import { countByRule, reconcile } from '../trading/invoicing/invoicing.reconciliation.js';
import { RECONCILIATION_RULES, type ReconciliationReport } from '@primeur/shared';

const HOUR = 3_600_000;
const RECONCILIATION_GAUGE_MAX_AGE_MS = 5 * 60_000;
/** A broken invariant can name thousands of rows; the log gets the first ones, the route all. */
const LOGGED_VIOLATIONS = 100;

/** Ends an invoicing pass as a failed run when it left something for a person to see (decision 971). */
function failOnTrouble(job: string, c: { attention: number; renderFailed: number; failed: number }) {
  if (!c.attention && !c.renderFailed && !c.failed) return;
  throw new Error(
    `${job}: ${c.attention} invoice(s) need attention, ${c.renderFailed} invoice document(s) could not be rendered, ${c.failed} step(s) failed (see /admin/invoices?status=NEEDS_ATTENTION and the log)`,
  );
}

/**
 * Every background job of the app, in one place (decision 524). A job is a plain async function;
 * `app.jobs` runs each one on one instance at a time. Other modules add theirs here.
 */
export function registerJobs(app: FastifyInstance) {
  const { config, database } = app.deps;
  const jobs = app.jobs;
  const orderDeps = orders.orderDepsOf(app);

  jobs.register({
    name: 'auction-closer',
    everyMs: config.auctionCloseIntervalMs,
    atStart: true,
    // Safe on several instances at once (each lot is taken FOR NO KEY UPDATE SKIP LOCKED): no gap needed.
    minGapMs: 0,
    run: async () => {
      // Each batch's orders are committed with its closes; their events tell the parties (order-messages).
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
      await runNotifier({ db: database.db, bus: app.bus, log: app.log, publicOrigin: config.publicOrigin });
    },
  });

  // Orders (issue 21): unanswered purchase requests expire, shipped orders nobody confirmed count as
  // received after 72 h, delivered orders close when the claim window ends. Each row is taken FOR
  // UPDATE SKIP LOCKED and changed with its history in one transaction, so overlapping runs act once.
  jobs.register({
    name: 'order-lifecycle',
    everyMs: config.orders.jobsIntervalMs,
    atStart: true,
    run: async () => {
      const expired = await purchaseRequests.expireRequests(orderDeps);
      const { received, closed } = await orders.runLifecycle(orderDeps);
      if (expired || received || closed) app.log.info({ expired, received, closed }, 'orders moved by the lifecycle job');
    },
  });

  // Invoices and credit notes (issue 23, decision 820): issued from delivered orders and settled
  // claims, waiting ones retried, missing documents rendered, due-date reminders sent. Every step is
  // idempotent (unique rows, locked rows), so overlapping passes issue each document once.
  // A pass that left invoices needing attention, failed to render documents or lost a step fails its
  // run (decision 971): the jobs panel and the job-runs metric say so, not "ok".
  const invoicingDeps = { db: database.db, mailer: app.mailer, bus: app.bus, log: app.log, publicOrigin: config.publicOrigin, commission: config.commission };
  jobs.register({
    name: 'invoicing',
    everyMs: config.orders.jobsIntervalMs,
    atStart: true,
    run: async () => {
      const counts = await runInvoicing(invoicingDeps);
      if (counts.issued || counts.waiting || counts.rendered || counts.reminded) app.log.info(counts, 'invoicing pass');
      failOnTrouble('invoicing', counts);
    },
  });

  // The operator's commission invoices (decisions 850, 996): on every tick, the sale invoices of
  // closed months that no commission covers yet — the previous month at its first pass, later only
  // invoices issued after their month's run (a follow-up). Each sale invoice is covered once (a key).
  if (config.commission)
    jobs.register({
      name: 'commission-invoices',
      everyMs: config.orders.jobsIntervalMs,
      atStart: true,
      run: async () => {
        const counts = await runCommission(invoicingDeps);
        if (counts.issued || counts.waiting) app.log.info(counts, 'commission invoices');
        failOnTrouble('commission-invoices', counts);
      },
    });

  // The books' invariants (issue 32 §10, decision 997), checked every hour: a run that finds a
  // violation logs each one and fails, so the jobs panel shows it red with the count per rule. The
  // metrics gauge reads the last check of this instance, at most 5 minutes old (else it checks).
  let lastCheck: { at: number; report: ReconciliationReport } | undefined;
  const checkBooks = async () => {
    const report = await reconcile(database.db, { commission: config.commission !== undefined });
    lastCheck = { at: Date.now(), report };
    return report;
  };
  app.metrics.reconciliationSource = async () =>
    (lastCheck && Date.now() - lastCheck.at < RECONCILIATION_GAUGE_MAX_AGE_MS ? lastCheck.report : await checkBooks()).violations;
  jobs.register({
    name: 'reconciliation',
    everyMs: HOUR,
    run: async () => {
      const report = await checkBooks();
      if (!report.violations.length) return;
      for (const violation of report.violations.slice(0, LOGGED_VIOLATIONS)) app.log.error({ violation }, 'the books break a rule');
      const counts = Object.entries(countByRule(report, RECONCILIATION_RULES)).filter(([, n]) => n > 0);
      throw new Error(
        `${report.violations.length} violation(s) of the books: ${counts.map(([rule, n]) => `${rule} ${n}`).join(', ')} (GET /api/admin/reconciliation)`,
      );
    },
  });

  // The trade's processors (issue 33 §2, decision 1001), one list: each reacts to events after their
  // commit, from its own cursor, once across instances.
  registerProcessors(app, tradeProcessors(app));

  // Webhooks (decision 1012): each tick turns new feed entries into deliveries and starts a sender per
  // endpoint with a delivery due, without waiting for them (a slow receiver holds only its own sender).
  // The senders' requests in flight are cut at the stop; their deliveries come due again.
  const webhooks = new WebhookDeliverer({
    ...webhookDepsOf(app),
    bus: app.bus,
    log: app.log,
    timeoutMs: config.webhooks.timeoutMs,
    concurrency: config.webhooks.concurrency,
  });
  jobs.register({
    name: 'webhooks',
    everyMs: config.webhooks.intervalMs,
    atStart: true,
    minGapMs: 0,
    run: async () => {
      const { enqueued, senders } = await webhooks.tick();
      if (enqueued || senders.length) app.log.debug({ enqueued, senders: senders.length }, 'webhooks tick');
    },
  });
  app.addHook('onClose', async () => webhooks.stop());

  // Expired sessions would otherwise stay in the table for ever (resolve only refuses them).
  jobs.register({ name: 'session-purge', everyMs: HOUR, run: () => app.sessions.purgeExpired() });

  // Stored messages an instance left unparsed (it stopped or died mid-batch) are picked up here.
  if (config.whatsapp) jobs.register({ name: 'whatsapp-intake', everyMs: 60_000, run: () => app.intake.kick() });
  // 'price-fetch' is registered by the prices module, which keeps its daily clock (PRICE_FETCH_HOUR)
  // and asks the runner to run it (once across instances).
}

const EVENTS_BATCH = 200;
/** How long a pass keeps looking at events an older transaction holds back (decision 1002). */
const EVENTS_WAIT_MS = 30_000;

/**
 * Each processor runs as the job `events:<name>` (the runner's lock: one instance at a time; its
 * runs and failures on the jobs panel), every EVENTS_INTERVAL_MS as a fallback and at once when an
 * event commits (LISTEN on the events channel). A run drains what is there; it fails (red on the
 * panel, the job-runs metric) while events of its processor stay parked after their retries.
 * With EVENTS_INTERVAL_MS=0 (the tests' default) they run once at start and when asked.
 */
/**
 * The trade's processors, one list (issue 33 §3): invoicing from the order and claim events, the
 * parties' messages, the relisted lots' photos, and the e-mails they queue (sent last: the other
 * processors' mails are events of their own).
 */
export function tradeProcessors(app: FastifyInstance): Processor[] {
  const { config, database } = app.deps;
  const orderDeps = orders.orderDepsOf(app);
  return [
    invoicingProcessor({ db: database.db, mailer: app.mailer, bus: app.bus, log: app.log, publicOrigin: config.publicOrigin, commission: config.commission }),
    orders.orderMessagesProcessor(orderDeps),
    claimMessagesProcessor(orderDeps),
    orders.relistedPhotosProcessor(orderDeps),
    // The traders' change feed (decision 1011): every trade event each company may see, numbered per company.
    feedProcessor({ claimWindowMs: config.orders.claimWindowMs, weightTolerancePercent: config.orders.weightTolerancePercent }),
    mailDeliveryProcessor(app.mailDelivery),
  ];
}

/**
 * What sending a queued e-mail needs (decision 1009): the app's mailer, the sender's domain for the
 * Message-IDs, and the renderers of the files that wait for the send (the orders module's sale
 * confirmation). Built once by app.ts (`app.mailDelivery`): the `mail-delivery` processor and the
 * operator's sends that answer with the status (`sendQueuedNow`) take the same.
 */
export function mailDeliveryDepsOf(app: FastifyInstance): MailDeliveryDeps {
  return {
    mailer: app.mailer,
    messageIdDomain: messageIdDomain(app.deps.config.mailFrom),
    renderers: { 'order-confirmation': orders.renderConfirmationAttachment },
  };
}

function registerProcessors(app: FastifyInstance, processors: Processor[]) {
  const { config, database } = app.deps;
  const everyMs = config.eventsIntervalMs;
  const again = new Set<string>();
  for (const p of processors) {
    const job = `events:${p.name}`;
    const batch = Math.min(p.batch ?? EVENTS_BATCH, EVENTS_BATCH);
    app.jobs.register({
      name: job,
      everyMs,
      atStart: true,
      minGapMs: 0,
      run: async () => {
        // Events held back by an older transaction still running are looked at again shortly (from
        // 10 ms, doubling), for as long as EVENTS_WAIT_MS; past it the next tick or commit takes them.
        let pause = 10;
        const waitUntil = Date.now() + EVENTS_WAIT_MS;
        for (;;) {
          again.delete(job);
          const r = await dispatch(database.db, p, { batch: EVENTS_BATCH });
          for (const error of r.afterCommitErrors) app.log.error({ processor: p.name, error }, 'an event processor’s after-commit step failed');
          if (r.busy) return;
          if (r.waiting && r.read < batch && !again.has(job) && Date.now() < waitUntil && !app.jobs.halted) {
            await new Promise((resolve) => setTimeout(resolve, pause));
            pause = Math.min(pause * 2, 1_000);
            continue;
          }
          if (r.read < batch && !again.has(job)) {
            if (r.failing) throw new Error(`${r.failing} event(s) parked for ${p.name}; first error: ${r.firstError ?? 'waiting behind another'}`);
            return;
          }
        }
      },
    });
  }
  if (everyMs <= 0) return;
  let unlisten: (() => Promise<void>) | undefined;
  const wake = () => {
    for (const p of processors) {
      const job = `events:${p.name}`;
      again.add(job);
      // A run that already left its loop would miss this commit's events until the next tick: run again after it.
      void app.jobs.runExclusive(job, { again: true });
    }
  };
  app.addHook('onReady', async () => {
    unlisten = await database.listen(EVENTS_CHANNEL, wake, wake);
  });
  app.addHook('onClose', async () => {
    await unlisten?.();
  });
}
