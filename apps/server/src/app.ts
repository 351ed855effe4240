import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import cookie from '@fastify/cookie';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { fastifyTrustProxy, type AppConfig } from './config/env.js';
import { REDACT_PATHS, safeError, safeRequest } from './lib/log-safety.js';
import type { Database } from './db/client.js';
import { InProcessEventBus, type EventBus } from './realtime/event-bus.js';
import { createMailer, type Mailer } from './documents/email/mailer.js';
import type { MailDeliveryDeps } from './documents/email/delivery.js';
import { countPendingMails } from './documents/email/outbox.js';
import { stompRoutes, websocketTransport } from './realtime/stomp-routes.js';
import { SESSIONS_ENDED_TOPIC } from './plugins/live-sessions.js';
import type { StompLimits } from './realtime/stomp-connection.js';
import errorsPlugin from './plugins/errors.js';
import securityPlugin from './plugins/security.js';
import rateLimitPlugin from './plugins/rate-limit.js';
import sessionPlugin, { requireAccessRules, type DeclaredRoute } from './plugins/session.js';
import staticWebPlugin from './plugins/static-web.js';
import openapiPlugin from './plugins/openapi.js';
import { healthRoutes } from './platform/health/health.routes.js';
import { authRoutes } from './companies/auth/auth.routes.js';
import { usersRoutes } from './companies/users/users.routes.js';
import { accountsView } from './companies/users/users.read-model.js';
import { locationRoutes } from './platform/location/location.routes.js';
import { catalogRoutes } from './platform/catalog/catalog.routes.js';
import { suppliersRoutes } from './companies/companies/suppliers.routes.js';
import { clientsRoutes } from './companies/companies/clients.routes.js';
import { companiesRoutes } from './companies/companies/companies.routes.js';
import { contactsRoutes } from './companies/contacts/contacts.routes.js';
import { productLinksRoutes } from './companies/product-links/product-links.routes.js';
import { apiTokensRoutes } from './companies/api-tokens/api-tokens.routes.js';
import { authenticator as apiTokenAuthenticator } from './companies/api-tokens/api-tokens.service.js';
import { pricesRoutes } from './pricing/prices/prices.routes.js';
import { weatherRoutes } from './platform/weather/weather.routes.js';
import { marketplaceRoutes } from './trading/marketplace/marketplace.routes.js';
import { lotExposure } from './trading/marketplace/marketplace.service.js';
import { auctionsRoutes } from './trading/auctions/auctions.routes.js';
import { liveMessages } from './trading/auctions/auctions.service.js';
import { startOfferRelay } from './realtime/offer-relay.js';
import { supplierProductsRoutes } from './pricing/supplier-products/supplier-products.routes.js';
import { requestsRoutes } from './trading/requests/requests.routes.js';
import { clientProductsRoutes } from './pricing/client-products/client-products.routes.js';
import { uncheckedProductsRoutes } from './pricing/unchecked-products/unchecked-products.routes.js';
import { whatsappRoutes } from './pricing/unchecked-products/whatsapp.routes.js';
import { IntakeWorker } from './pricing/unchecked-products/intake-worker.js';
import { countInboundToParse } from './pricing/unchecked-products/unchecked-products.service.js';
import { JobRunner } from './jobs/runner.js';
import { ordersRoutes } from './trading/orders/orders.routes.js';
import { claimsRoutes } from './trading/claims/claims.routes.js';
import { invoicingRoutes } from './trading/invoicing/invoicing.routes.js';
import { feedRoutes } from './trading/feed/feed.routes.js';
import { webhooksRoutes } from './trading/webhooks/webhooks.routes.js';
import { traceRoutes } from './trading/trace/trace.routes.js';
import { recallsRoutes } from './trading/recalls/recalls.routes.js';
import type { HostResolver } from './trading/webhooks/webhooks.address.js';
import { countInvoicesNeedingAttention } from './trading/invoicing/invoicing.service.js';
import { mailDeliveryDepsOf, registerJobs } from './jobs/index.js';
import { jobsRoutes } from './jobs/jobs.routes.js';
import metricsPlugin, { AppMetrics } from './plugins/metrics.js';
import { alertsRoutes } from './trading/alerts/alerts.routes.js';
import { homeRoutes } from './trading/home/home.routes.js';
import { adminProductsRoutes } from './trading/products/admin-products.routes.js';
import { bulkRoutes } from './backoffice/bulk/bulk.routes.js';
import { dataExchangeRoutes } from './backoffice/data-exchange/data-exchange.routes.js';
import { activityRoutes } from './backoffice/activity/activity.routes.js';

export interface AppDeps {
  config: AppConfig;
  database: Database;
  /** Live-message bus; in-process unless the caller passes another (Redis). */
  bus?: EventBus;
  /** Where the log goes (tests read it); stdout when absent. */
  logStream?: { write(line: string): void };
  /** STOMP limits and heart-beat intervals (tests shorten them). */
  stomp?: Partial<StompLimits>;
  /**
   * Start the jobs when the app is ready (default). server.ts passes false and starts them itself,
   * once it is listening (decision 920).
   */
  startJobs?: boolean;
  /** DNS for the webhooks' addresses (decision 1012; tests give a fixed table); the system's resolver when absent. */
  resolveHost?: HostResolver;
}

declare module 'fastify' {
  interface FastifyInstance {
    deps: AppDeps;
    bus: EventBus;
    /** The one outgoing-mail transport (SMTP, or the outbox when SMTP_URL is unset). */
    mailer: Mailer;
    /**
     * What sending a queued e-mail needs (the mailer, the Message-IDs' domain, the attachments'
     * renderers): the `mail-delivery` processor's and the operator's sends that answer at once (decision 1009).
     */
    mailDelivery: MailDeliveryDeps;
    /** The background jobs of this instance (each runs on one instance at a time). */
    jobs: JobRunner;
    /** Every API route with its declared access rule (the access matrix test walks it). */
    declaredRoutes: DeclaredRoute[];
  }
}

export const WEB_DIST_DIR = path.resolve(import.meta.dirname, '../../web/dist');

/** Builds the whole app (plugins, then modules). Never listens. */
export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { config } = deps;
  const app = Fastify({
    logger:
      config.logLevel === 'silent'
        ? false
        : {
            level: config.logLevel,
            redact: { paths: REDACT_PATHS, censor: '[redacted]' },
            serializers: { err: (e: Error) => safeError(e), error: (e: Error) => safeError(e), req: safeRequest },
            ...(deps.logStream ? { stream: deps.logStream } : {}),
          },
    trustProxy: fastifyTrustProxy(config.trustProxy),
    // While stopping (SIGTERM), a request that still arrives on an open keep-alive connection is
    // served, not refused with a bare 503: the listening socket is already closed and Fastify
    // answers it with `Connection: close`, so each connection ends after its answer (decision 620).
    return503OnClosing: false,
    bodyLimit: 1_048_576,
  }).withTypeProvider<ZodTypeProvider>();

  // Stopping: every answer from now on closes its connection, also for requests that started
  // before the stop, so that keep-alive connections end and the drain completes (decision 620).
  let stopping = false;
  app.addHook('preClose', async () => {
    stopping = true;
  });
  app.addHook('onSend', async (_req, reply) => {
    if (stopping) void reply.header('connection', 'close');
  });

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('deps', deps);
  app.decorate('bus', deps.bus ?? new InProcessEventBus());
  app.decorate('mailer', createMailer(config));
  app.addHook('onClose', async () => app.mailer.close());
  app.decorate('mailDelivery', mailDeliveryDepsOf(app));
  app.decorate('declaredRoutes', [] as DeclaredRoute[]);
  app.decorate(
    'intake',
    new IntakeWorker(deps.database.db, {
      onError: (err, messageId) => app.log.error({ err, messageId }, 'inbound message could not be parsed; kept as failed'),
      onRunError: (err) => app.log.warn({ err }, 'inbound message parsing stopped; stored messages wait for the next run'),
    }),
  );
  const metrics = new AppMetrics();
  app.decorate('jobs', new JobRunner(deps.database, app.log, { onRun: (job, outcome) => metrics.jobRuns.inc({ job, outcome }) }));
  // A parse in progress when the server stops finishes its message first (it holds the database).
  app.addHook('onClose', async () => app.intake.stop());

  await app.register(errorsPlugin);
  await app.register(cookie);
  await app.register(securityPlugin, { config });
  await app.register(sessionPlugin, { db: deps.database.db, config, accounts: accountsView, apiTokens: apiTokenAuthenticator(deps.database.db) });
  await app.register(rateLimitPlugin, { config });
  await app.register(openapiPlugin);
  await app.register(websocketTransport, { limits: deps.stomp });
  // The backlog gauges read the owners' counts (plugins import no module).
  await app.register(metricsPlugin, {
    metrics,
    token: config.metricsToken,
    sources: {
      pendingEmails: () => countPendingMails(deps.database.db),
      inboundToParse: () => countInboundToParse(deps.database.db),
      invoicesNeedingAttention: () => countInvoicesNeedingAttention(deps.database.db),
    },
  });
  // Ended sessions are announced on the bus after their commit: every instance closes their sockets.
  app.sessions.onEnded = (ev) => {
    void app.bus.publish(SESSIONS_ENDED_TOPIC, JSON.stringify(ev)).catch((err: unknown) => app.log.error({ err }, 'could not announce ended sessions'));
  };

  await app.register(async (api) => {
    requireAccessRules(api, app.declaredRoutes);
    await api.register(healthRoutes);
    await api.register(authRoutes);
    await api.register(usersRoutes);
    await api.register(locationRoutes);
    await api.register(catalogRoutes);
    await api.register(companiesRoutes);
    await api.register(suppliersRoutes);
    await api.register(clientsRoutes);
    await api.register(contactsRoutes);
    await api.register(productLinksRoutes);
    await api.register(apiTokensRoutes);
    await api.register(stompRoutes, {
      config,
      limits: deps.stomp,
      // A disabled lot's offers are followed only by its seller and the operator (decision 505).
      mayFollowLot: async (user, productId) => (await lotExposure(deps.database.db, productId, () => user)) !== 'hidden',
    });
    await api.register(pricesRoutes);
    await api.register(weatherRoutes);
    await api.register(marketplaceRoutes);
    await api.register(auctionsRoutes);
    // The live path in one place (docs/architecture.md, "Live path"): committed offers reach this
    // instance's watchers from the database, whichever instance took them (decision 521).
    let stopRelay: (() => Promise<void>) | undefined;
    api.addHook('onReady', async () => {
      stopRelay = await startOfferRelay({
        listen: deps.database.listen,
        hub: api.topicHub,
        build: (productId, offerId) => liveMessages(deps.database.db, productId, offerId),
        onGap: () => api.resyncLiveClients('Live feed interrupted'),
        log: app.log,
        onDelivered: (ms) => app.metrics?.busLag.observe(ms / 1000),
      });
    });
    api.addHook('preClose', async () => {
      await stopRelay?.();
    });
    await api.register(supplierProductsRoutes);
    await api.register(requestsRoutes);
    await api.register(uncheckedProductsRoutes);
    await api.register(clientProductsRoutes);
    await api.register(whatsappRoutes);
    await api.register(jobsRoutes);
    await api.register(alertsRoutes);
    await api.register(homeRoutes);
    await api.register(dataExchangeRoutes);
    await api.register(adminProductsRoutes);
    await api.register(bulkRoutes);
    await api.register(activityRoutes);
    await api.register(ordersRoutes);
    await api.register(claimsRoutes);
    await api.register(invoicingRoutes);
    await api.register(feedRoutes);
    await api.register(webhooksRoutes);
    await api.register(traceRoutes);
    await api.register(recallsRoutes);
  });
  registerJobs(app);
  if (deps.startJobs !== false) app.addHook('onReady', async () => app.jobs.start());
  // No new run once the stop begins; the runs in progress are waited for after the server has stopped
  // listening (onClose), still before the mailer and the database close. Waited for in preClose, a run
  // held by a lock kept the instance accepting new connections until the lock went.
  app.addHook('preClose', async () => app.jobs.halt());
  app.addHook('onClose', async () => app.jobs.stop());

  await app.register(staticWebPlugin, { distDir: config.webDistDir ?? WEB_DIST_DIR });
  return app;
}
