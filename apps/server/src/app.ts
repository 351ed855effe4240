import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import cookie from '@fastify/cookie';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppConfig } from './config/env.js';
import type { Database } from './db/client.js';
import { InProcessEventBus, type EventBus } from './realtime/event-bus.js';
import { createMailer, type Mailer } from './documents/email/mailer.js';
import { stompRoutes, websocketTransport } from './realtime/stomp-routes.js';
import type { StompLimits } from './realtime/stomp-connection.js';
import errorsPlugin from './plugins/errors.js';
import securityPlugin from './plugins/security.js';
import sessionPlugin, { requireAccessRules, type DeclaredRoute } from './plugins/session.js';
import staticWebPlugin from './plugins/static-web.js';
import openapiPlugin from './plugins/openapi.js';
import { healthRoutes } from './modules/health/health.routes.js';
import { authRoutes } from './modules/auth/auth.routes.js';
import { usersRoutes } from './modules/users/users.routes.js';
import { locationRoutes } from './modules/location/location.routes.js';
import { catalogRoutes } from './modules/catalog/catalog.routes.js';
import { suppliersRoutes } from './modules/suppliers/suppliers.routes.js';
import { companiesRoutes } from './modules/companies/companies.routes.js';
import { contactsRoutes } from './modules/contacts/contacts.routes.js';
import { productLinksRoutes } from './modules/product-links/product-links.routes.js';
import { pricesRoutes } from './modules/prices/prices.routes.js';
import { weatherRoutes } from './modules/weather/weather.routes.js';
import { marketplaceRoutes } from './modules/marketplace/marketplace.routes.js';
import { auctionsRoutes } from './modules/auctions/auctions.routes.js';
import { supplierProductsRoutes } from './modules/supplier-products/supplier-products.routes.js';
import { requestsRoutes } from './modules/requests/requests.routes.js';
import { clientProductsRoutes } from './modules/client-products/client-products.routes.js';
import { uncheckedProductsRoutes } from './modules/unchecked-products/unchecked-products.routes.js';
import { whatsappRoutes } from './modules/unchecked-products/whatsapp.routes.js';

export interface AppDeps {
  config: AppConfig;
  database: Database;
  /** Live-message bus; in-process unless the caller passes another (Redis). */
  bus?: EventBus;
  /** STOMP limits and heart-beat intervals (tests shorten them). */
  stomp?: Partial<StompLimits>;
}

declare module 'fastify' {
  interface FastifyInstance {
    deps: AppDeps;
    bus: EventBus;
    /** The one outgoing-mail transport (SMTP, or the outbox when SMTP_URL is unset). */
    mailer: Mailer;
    /** Every API route with its declared access rule (the access matrix test walks it). */
    declaredRoutes: DeclaredRoute[];
  }
}

export const WEB_DIST_DIR = path.resolve(import.meta.dirname, '../../web/dist');

/** Builds the whole app (plugins, then modules). Never listens. */
export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { config } = deps;
  const app = Fastify({
    logger: config.logLevel === 'silent' ? false : { level: config.logLevel, redact: ['req.headers.cookie', 'req.headers.authorization'] },
    trustProxy: config.trustProxy,
    bodyLimit: 1_048_576,
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('deps', deps);
  app.decorate('bus', deps.bus ?? new InProcessEventBus());
  app.decorate('mailer', createMailer(config));
  app.addHook('onClose', async () => app.mailer.close());
  app.decorate('declaredRoutes', [] as DeclaredRoute[]);

  await app.register(errorsPlugin);
  await app.register(cookie);
  await app.register(securityPlugin, { config });
  await app.register(sessionPlugin, { db: deps.database.db, config });
  await app.register(openapiPlugin);
  await app.register(websocketTransport, { limits: deps.stomp });

  await app.register(async (api) => {
    requireAccessRules(api, app.declaredRoutes);
    await api.register(healthRoutes);
    await api.register(authRoutes);
    await api.register(usersRoutes);
    await api.register(locationRoutes);
    await api.register(catalogRoutes);
    await api.register(companiesRoutes);
    await api.register(suppliersRoutes);
    await api.register(contactsRoutes);
    await api.register(productLinksRoutes);
    await api.register(stompRoutes, { config, limits: deps.stomp });
    await api.register(pricesRoutes);
    await api.register(weatherRoutes);
    await api.register(marketplaceRoutes);
    await api.register(auctionsRoutes);
    await api.register(supplierProductsRoutes);
    await api.register(requestsRoutes);
    await api.register(uncheckedProductsRoutes);
    await api.register(clientProductsRoutes);
    await api.register(whatsappRoutes);
  });

  await app.register(staticWebPlugin, { distDir: config.webDistDir ?? WEB_DIST_DIR });
  return app;
}
