import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import { INVOICE_ATTENTION_REASONS, RECONCILIATION_RULES, type ReconciliationViolation } from '@primeur/shared';
import { HttpError } from '../lib/http-error.js';
import { SESSION_COOKIE } from './session.js';

/** The bid route, whose answers are counted as accepted or refused. */
const BID_ROUTE = '/api/users/auction/offers/add/:productId';

/**
 * What the backlog gauges count, read at scrape time from the modules that own the data: app.ts,
 * the composition root, hands them over (plugins import no module).
 */
export interface GaugeSources {
  /** E-mails not sent yet (the outbox's pending messages). */
  pendingEmails: () => Promise<number>;
  /** Received WhatsApp messages not parsed yet (waiting, or being parsed). */
  inboundToParse: () => Promise<number>;
  /** Invoices and credit notes needing attention, by their first reason (null: none recorded). */
  invoicesNeedingAttention: () => Promise<Array<{ reason: string | null; n: number }>>;
}

export class AppMetrics {
  readonly registry = new Registry();
  readonly requestDuration = new Histogram({
    name: 'primeur_http_request_duration_seconds',
    help: 'HTTP request latency by route template',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [this.registry],
  });
  readonly bids = new Counter({
    name: 'primeur_bids_total',
    help: 'Bids answered, by outcome (accepted, or the refusal code)',
    labelNames: ['outcome'] as const,
    registers: [this.registry],
  });
  readonly bidDuration = new Histogram({
    name: 'primeur_bid_duration_seconds',
    help: 'Bid latency (request to answer)',
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5],
    registers: [this.registry],
  });
  readonly busLag = new Histogram({
    name: 'primeur_live_relay_lag_seconds',
    help: 'From the commit notification to delivery to local watchers',
    buckets: [0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 5],
    registers: [this.registry],
  });
  readonly jobRuns = new Counter({
    name: 'primeur_job_runs_total',
    help: 'Background job runs on this instance, by job and outcome (skipped: another instance ran it)',
    labelNames: ['job', 'outcome'] as const,
    registers: [this.registry],
  });

  /**
   * The books' current violations (decision 997), installed by the job list (jobs/index.ts), which
   * owns the reconciliation; plugins import no module. Read at scrape time.
   */
  reconciliationSource?: () => Promise<ReconciliationViolation[]>;

  constructor() {
    collectDefaultMetrics({ register: this.registry, prefix: 'primeur_' });
  }

  /** Gauges read at scrape time. */
  addGauges(app: FastifyInstance, sources: GaugeSources) {
    const source = () => this.reconciliationSource;
    new Gauge({
      name: 'primeur_reconciliation_violations',
      help: 'Violations of the books’ invariants (GET /api/admin/reconciliation), by rule; 0 when the rule holds',
      labelNames: ['rule'] as const,
      registers: [this.registry],
      async collect() {
        const read = source();
        if (!read) return;
        try {
          const violations = await read();
          for (const rule of RECONCILIATION_RULES) this.set({ rule }, violations.filter((v) => v.rule === rule).length);
        } catch {
          // Database away: the gauge keeps its last values; readiness says why.
        }
      },
    });
    new Gauge({
      name: 'primeur_live_connections',
      help: 'Open WebSocket (STOMP) connections on this instance',
      registers: [this.registry],
      collect() {
        this.set(app.websocketServer?.clients.size ?? 0);
      },
    });
    new Gauge({
      name: 'primeur_outbox_backlog',
      help: 'Messages waiting: emails not sent yet (pending), received WhatsApp messages not parsed yet (inbound)',
      labelNames: ['queue'] as const,
      registers: [this.registry],
      async collect() {
        try {
          const [emails, inbound] = await Promise.all([sources.pendingEmails(), sources.inboundToParse()]);
          this.set({ queue: 'email' }, emails);
          this.set({ queue: 'inbound' }, inbound);
        } catch {
          // Database away: the gauges keep their last values; readiness says why.
        }
      },
    });
    new Gauge({
      name: 'primeur_invoices_needing_attention',
      help: 'Invoices and credit notes that could not be issued (status NEEDS_ATTENTION), by reason code (decision 971)',
      labelNames: ['reason'] as const,
      registers: [this.registry],
      async collect() {
        try {
          const rows = await sources.invoicesNeedingAttention();
          // Every known reason is written, 0 included, so an alert rule sees the series before the first failure.
          const counts = new Map<string, number>(INVOICE_ATTENTION_REASONS.filter((r) => r !== 'RENDER_FAILED').map((r) => [r, 0]));
          for (const r of rows) counts.set(r.reason ?? 'UNKNOWN', r.n);
          this.reset();
          for (const [reason, n] of counts) this.set({ reason }, n);
        } catch {
          // Database away: as above.
        }
      },
    });
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    metrics: AppMetrics;
  }
}

const sha256 = (s: string) => createHash('sha256').update(s, 'utf8').digest();

/**
 * Compares the SHA-256 digests, always 32 bytes: comparing the strings' bytes threw on a bearer of
 * the token's length in characters but not in bytes (non-ASCII, a 500), and a length check before
 * the comparison told the token's length by timing. Digests of equal length leak neither.
 */
export const sameSecret = (given: string, expected: string) => timingSafeEqual(sha256(given), sha256(expected));

/**
 * Prometheus metrics (decision 525): request latency by route, bids, relay lag, live connections,
 * job runs, backlogs, invoices needing attention. GET /metrics answers a `Bearer METRICS_TOKEN` or an admin's session.
 */
async function metricsPlugin(app: FastifyInstance, opts: { metrics: AppMetrics; sources: GaugeSources; token?: string }) {
  const m = opts.metrics;
  app.decorate('metrics', m);
  m.addGauges(app, opts.sources);

  app.addHook('onResponse', async (req, reply) => {
    const route = req.routeOptions.url;
    if (!route) return; // 404s: no template, and unbounded label values otherwise
    const seconds = reply.elapsedTime / 1000;
    m.requestDuration.observe({ method: req.method, route, status: String(reply.statusCode) }, seconds);
    if (route === BID_ROUTE && req.method === 'POST') {
      m.bidDuration.observe(seconds);
      m.bids.inc({ outcome: reply.statusCode < 300 ? 'accepted' : `refused_${reply.statusCode}` });
    }
  });

  app.get('/metrics', { config: { access: 'public' }, schema: { hide: true } }, async (req, reply) => {
    const auth = req.headers.authorization;
    let allowed = !!opts.token && typeof auth === 'string' && auth.startsWith('Bearer ') && sameSecret(auth.slice(7), opts.token);
    if (!allowed) {
      const cookie = req.cookies[SESSION_COOKIE];
      const user = cookie ? await app.sessions.resolve(cookie) : null;
      if (!user) throw new HttpError(401, 'NOT_SIGNED_IN', 'A metrics token or an admin session is required.');
      if (user.category !== 'admin') throw new HttpError(403, 'FORBIDDEN', 'You do not have the required permissions.');
      allowed = true;
    }
    return reply.type(m.registry.contentType).send(await m.registry.metrics());
  });
}

export default fp(metricsPlugin, { name: 'metrics' });
