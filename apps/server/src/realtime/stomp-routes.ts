import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import websocket from '@fastify/websocket';
import type { WebSocketServer } from 'ws';
import { encodeFrame } from './stomp-frame.js';
import type { AppConfig } from '../config/env.js';
import { isCrossSite } from '../plugins/security.js';
import { SESSION_COOKIE } from '../plugins/session.js';
import { routeLimit } from '../plugins/rate-limit.js';
import { HttpError } from '../lib/http-error.js';
import { DEFAULT_STOMP_LIMITS, StompConnection, type ConnectionDeps, type StompLimits } from './stomp-connection.js';
import { TopicHub } from './topic-hub.js';
import { LiveSessions, parseSessionsEnded, SESSIONS_ENDED_TOPIC } from '../plugins/live-sessions.js';

export const STOMP_PATH = '/ws';

declare module 'fastify' {
  interface FastifyInstance {
    /** The local STOMP topic registry (one per instance). */
    topicHub: TopicHub;
    /** This instance's live sockets by user (ended sessions close them). */
    liveSessions: LiveSessions;
    /** Closes every live socket of this instance (code 1012) so that clients reconnect and refetch. */
    resyncLiveClients(reason: string): void;
  }
}

export interface RealtimeOptions {
  config: AppConfig;
  limits?: Partial<StompLimits>;
  /** The lots' visibility rule, injected by app.ts (see ConnectionDeps.mayFollowLot). */
  mayFollowLot?: ConnectionDeps['mayFollowLot'];
}

/**
 * The WebSocket transport, registered at the root before any route (@fastify/websocket must see
 * every route). The WebSocket message limit is above the STOMP frame limit, so that an oversize frame
 * reaches the STOMP parser and gets its ERROR frame (decision 783).
 */
export const websocketTransport = fp(
  async (app: FastifyInstance, opts: { limits?: Partial<StompLimits> }) => {
    const limits = { ...DEFAULT_STOMP_LIMITS, ...opts.limits };
    await app.register(websocket, {
      // Replaces the plugin's own, which closes sockets without a code or reason.
      preClose: async function (this: FastifyInstance) {
        await closeForRestart(this.websocketServer);
      },
      options: {
        maxPayload: Math.max(limits.wsMaxPayload, limits.maxFrameBytes * 2),
        // Offers are small JSON; compression would cost CPU per socket and defeat serializing once.
        perMessageDeflate: false,
        // Browsers fail a connection whose subprotocol answer is not one they offered: answer the
        // STOMP version we speak (stompjs offers v12.stomp, v11.stomp, v10.stomp).
        handleProtocols: (protocols: Set<string>) => (protocols.has('v12.stomp') ? 'v12.stomp' : protocols.has('v11.stomp') ? 'v11.stomp' : false),
      },
    });
    const hub = new TopicHub(app.bus);
    app.decorate('topicHub', hub);
    app.addHook('onClose', async () => hub.close());
    // Messages may have been lost (Redis or the database LISTEN connection cut): close every live
    // socket so that each client reconnects, resubscribes and refetches — the only way STOMP has to
    // say "you may have missed some".
    app.decorate('resyncLiveClients', (reason: string) => {
      app.log.warn({ reason }, 'closing live connections so that clients resync');
      for (const client of app.websocketServer.clients) client.close(1012, reason);
    });
    const offGap = app.bus.onGap?.(() => app.resyncLiveClients('Live feed interrupted'));
    app.addHook('onClose', async () => offGap?.());

    // Sign-out, password change and deactivation on any instance close the user's sockets on every
    // instance at once (decision 523).
    const liveSessions = new LiveSessions();
    app.decorate('liveSessions', liveSessions);
    let offEnded: (() => Promise<void>) | undefined;
    app.addHook('onReady', async () => {
      offEnded = await app.bus.subscribe(SESSIONS_ENDED_TOPIC, (payload) => {
        const ev = parseSessionsEnded(payload);
        if (ev) liveSessions.end(ev);
      });
    });
    app.addHook('onClose', async () => {
      // Not awaited: with Redis down the UNSUBSCRIBE would wait for it; the bus closes right after.
      void offEnded?.().catch(() => undefined);
    });
  },
  { name: 'websocket-transport' },
);

/** What a live client is told when the server stops (SIGTERM): it reconnects and refetches. */
export const RESTART_REASON = 'Server restarting';
/** Time a client gets to answer the close handshake before its socket is cut. */
const CLOSE_GRACE_MS = 1_500;

/**
 * Shutdown (decision 620): no new upgrade is accepted; every live socket gets a STOMP ERROR frame
 * saying why (what STOMP clients report) and a WebSocket close 1001 "going away" with the same
 * reason. The web client reconnects after either (to another instance behind the load balancer, or
 * to this one once restarted) and refetches what it may have missed. Sockets that do not answer the
 * close handshake in time are cut, so a dead peer never holds the stop.
 */
export async function closeForRestart(wss: WebSocketServer) {
  wss.close();
  const error = encodeFrame('ERROR', { message: RESTART_REASON, 'content-type': 'text/plain' }, `${RESTART_REASON}: reconnect in a moment.`);
  const closed: Array<Promise<void>> = [];
  for (const client of wss.clients) {
    closed.push(new Promise<void>((resolve) => client.once('close', () => resolve())));
    if (client.readyState === client.OPEN) client.send(error, { binary: false });
    client.close(1001, RESTART_REASON);
  }
  let timer: NodeJS.Timeout | undefined;
  await Promise.race([Promise.all(closed), new Promise((r) => (timer = setTimeout(r, CLOSE_GRACE_MS)))]);
  clearTimeout(timer);
  for (const client of wss.clients) client.terminate();
}

/**
 * STOMP 1.2 over WebSocket at /ws. The route is public at the HTTP level because STOMP authenticates
 * at CONNECT (an ERROR frame tells a client why, where a refused upgrade tells it nothing).
 */
export async function stompRoutes(app: FastifyInstance, opts: RealtimeOptions) {
  const limits = { ...DEFAULT_STOMP_LIMITS, ...opts.limits };
  // Sockets open per address on this instance: one address cannot hold the feed's resources.
  const openByAddress = new Map<string, number>();
  app.get(
    STOMP_PATH,
    {
      websocket: true,
      config: { access: 'public', rateLimit: routeLimit(opts.config, 'wsConnections') },
      // Cross-site WebSocket hijacking: browsers send the session cookie with a cross-site upgrade,
      // so the upgrade is refused unless it comes from our own origin (same rule as state changes).
      onRequest: async (req) => {
        if (isCrossSite(req, opts.config)) {
          throw new HttpError(403, 'CROSS_SITE_REQUEST', 'Cross-site requests are not allowed.');
        }
        if ((openByAddress.get(req.ip) ?? 0) >= opts.config.wsMaxConnectionsPerIp) {
          throw new HttpError(429, 'RATE_LIMITED', 'Too many live connections from this address.', undefined, { retryAfterSeconds: 60 });
        }
      },
    },
    (socket, req) => {
      const ip = req.ip;
      openByAddress.set(ip, (openByAddress.get(ip) ?? 0) + 1);
      socket.once('close', () => {
        const n = (openByAddress.get(ip) ?? 1) - 1;
        if (n > 0) openByAddress.set(ip, n);
        else openByAddress.delete(ip);
      });
      const token = req.cookies[SESSION_COOKIE];
      new StompConnection(socket, {
        hub: app.topicHub,
        limits,
        authenticate: async () => (token ? app.sessions.resolve(token) : null),
        log: req.log,
        liveSessions: app.liveSessions,
        mayFollowLot: opts.mayFollowLot,
      });
    },
  );
}
