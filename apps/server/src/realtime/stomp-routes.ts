import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import websocket from '@fastify/websocket';
import type { AppConfig } from '../config/env.js';
import { isCrossSite } from '../plugins/security.js';
import { SESSION_COOKIE } from '../plugins/session.js';
import { HttpError } from '../lib/http-error.js';
import { DEFAULT_STOMP_LIMITS, StompConnection, type StompLimits } from './stomp-connection.js';
import { TopicHub } from './topic-hub.js';

export const STOMP_PATH = '/ws';

declare module 'fastify' {
  interface FastifyInstance {
    /** The local STOMP topic registry (one per instance). */
    topicHub: TopicHub;
  }
}

export interface RealtimeOptions {
  config: AppConfig;
  limits?: Partial<StompLimits>;
}

/**
 * The WebSocket transport, registered at the root before any route (@fastify/websocket must see
 * every route). The WebSocket payload limit is the STOMP frame limit: clients only send small
 * control frames.
 */
export const websocketTransport = fp(
  async (app: FastifyInstance, opts: { limits?: Partial<StompLimits> }) => {
    const limits = { ...DEFAULT_STOMP_LIMITS, ...opts.limits };
    await app.register(websocket, {
      options: {
        maxPayload: limits.maxFrameBytes,
        // Offers are small JSON; compression would cost CPU per socket and defeat serializing once.
        perMessageDeflate: false,
        // Browsers fail a connection whose subprotocol answer is not one they offered: answer the
        // STOMP version we speak (stompjs offers v12.stomp, v11.stomp, v10.stomp).
        handleProtocols: (protocols: Set<string>) =>
          protocols.has('v12.stomp') ? 'v12.stomp' : protocols.has('v11.stomp') ? 'v11.stomp' : false,
      },
    });
    app.decorate('topicHub', new TopicHub(app.bus));
    // The bus lost messages (Redis connection cut): close every live socket so that each client
    // reconnects, resubscribes and refetches — the only way STOMP has to say "you may have missed some".
    const offGap = app.bus.onGap?.(() => {
      app.log.warn('event bus was interrupted: closing live connections so that clients resync');
      for (const client of app.websocketServer.clients) client.close(1012, 'Live feed interrupted');
    });
    app.addHook('onClose', async () => offGap?.());
  },
  { name: 'websocket-transport' },
);

/**
 * STOMP 1.2 over WebSocket at /ws. The route is public at the HTTP level because STOMP authenticates
 * at CONNECT (an ERROR frame tells a client why, where a refused upgrade tells it nothing).
 */
export async function stompRoutes(app: FastifyInstance, opts: RealtimeOptions) {
  const limits = { ...DEFAULT_STOMP_LIMITS, ...opts.limits };
  app.get(
    STOMP_PATH,
    {
      websocket: true,
      config: { access: 'public' },
      // Cross-site WebSocket hijacking: browsers send the session cookie with a cross-site upgrade,
      // so the upgrade is refused unless it comes from our own origin (same rule as state changes).
      onRequest: async (req) => {
        if (isCrossSite(req, opts.config)) {
          throw new HttpError(403, 'CROSS_SITE_REQUEST', 'Cross-site requests are not allowed.');
        }
      },
    },
    (socket, req) => {
      const token = req.cookies[SESSION_COOKIE];
      new StompConnection(socket, {
        hub: app.topicHub,
        limits,
        authenticate: async () => (token ? app.sessions.resolve(token) : null),
        log: req.log,
      });
    },
  );
}
