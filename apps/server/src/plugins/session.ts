import { createHash, randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { and, eq, gt, lt } from 'drizzle-orm';
import type { Category } from '@primeur/shared';
import type { AppConfig } from '../config/env.js';
import type { Db, Executor } from '../db/client.js';
import { sessions, users } from '../db/schema/index.js';
import { HttpError } from '../lib/http-error.js';

export const SESSION_COOKIE = 'primeur_sid';

export type Access = 'public' | 'authenticated' | 'admin';

export interface SessionUser {
  id: number;
  email: string;
  category: Category;
  companyName: string;
  sessionId: string;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Who may call the route. Required: the server refuses to start without it. */
    access?: Access;
  }
  interface FastifyRequest {
    user: SessionUser | null;
  }
  interface FastifyInstance {
    sessions: SessionStore;
  }
}

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');
/** How often last_seen_at is written: sliding the idle expiry on every request would write on every request. */
const TOUCH_INTERVAL_MS = 60_000;

export class SessionStore {
  constructor(
    private readonly db: Db,
    private readonly cfg: AppConfig['session'],
  ) {}

  /** Creates a session with a fresh 256-bit id and returns the cookie token. */
  async create(userId: number, userAgent?: string): Promise<string> {
    const token = randomBytes(32).toString('base64url');
    const now = Date.now();
    await this.db.insert(sessions).values({
      id: hashToken(token),
      userId,
      userAgent: userAgent?.slice(0, 300),
      expiresAt: new Date(now + this.cfg.absoluteMs),
    });
    return token;
  }

  async resolve(token: string): Promise<SessionUser | null> {
    const id = hashToken(token);
    const now = new Date();
    const rows = await this.db
      .select({
        id: users.id,
        email: users.email,
        category: users.category,
        companyName: users.companyName,
        active: users.active,
        lastSeenAt: sessions.lastSeenAt,
      })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .where(and(eq(sessions.id, id), gt(sessions.expiresAt, now)))
      .limit(1);
    const row = rows[0];
    if (!row) return null;
    if (!row.active || now.getTime() - row.lastSeenAt.getTime() > this.cfg.idleMs) {
      await this.db.delete(sessions).where(eq(sessions.id, id));
      return null;
    }
    if (now.getTime() - row.lastSeenAt.getTime() > TOUCH_INTERVAL_MS) {
      await this.db.update(sessions).set({ lastSeenAt: now }).where(eq(sessions.id, id));
    }
    return { id: row.id, email: row.email, category: row.category, companyName: row.companyName, sessionId: id };
  }

  /** Ends the session a cookie token names, whatever its state (sign-in and sign-out). */
  async destroyToken(token: string) {
    await this.destroy(hashToken(token));
  }

  async destroy(sessionId: string) {
    await this.db.delete(sessions).where(eq(sessions.id, sessionId));
  }

  async destroyAllFor(userId: number, db: Executor = this.db) {
    await db.delete(sessions).where(eq(sessions.userId, userId));
  }

  async purgeExpired() {
    await this.db.delete(sessions).where(lt(sessions.expiresAt, new Date()));
  }
}

export interface SessionPluginOptions {
  db: Db;
  config: AppConfig;
}

async function sessionPlugin(app: FastifyInstance, opts: SessionPluginOptions) {
  const store = new SessionStore(opts.db, opts.config.session);
  app.decorate('sessions', store);
  app.decorateRequest('user', null);

  // onRequest: refuse before the body is even parsed.
  app.addHook('onRequest', async (req: FastifyRequest) => {
    const access = req.routeOptions.config.access;
    // Public routes (and those outside the API context: static files, API docs) never need the user,
    // so they cost no session lookup; photos and assets are requested by the dozen.
    if (access === 'public' || access === undefined) return;
    const token = req.cookies[SESSION_COOKIE];
    if (token) req.user = await store.resolve(token);
    if (!req.user) throw new HttpError(401, 'NOT_SIGNED_IN', 'You are not signed in.');
    if (access === 'admin' && req.user.category !== 'admin') {
      throw new HttpError(403, 'FORBIDDEN', 'You do not have the required permissions.');
    }
  });
}

export interface DeclaredRoute {
  method: string;
  url: string;
  access: Access;
}

/** Registers in an encapsulated context: every route in it must declare its access rule. */
export function requireAccessRules(app: FastifyInstance, registry: DeclaredRoute[]) {
  app.addHook('onRoute', (route) => {
    const access = route.config?.access;
    if (access !== 'public' && access !== 'authenticated' && access !== 'admin') {
      throw new Error(`Route ${String(route.method)} ${route.url} declares no access rule (config.access).`);
    }
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) if (method !== 'HEAD') registry.push({ method, url: route.url, access });
  });
}

export function setSessionCookie(reply: FastifyReply, req: FastifyRequest, token: string, config: AppConfig) {
  const secure = config.cookieSecure === 'auto' ? req.protocol === 'https' : config.cookieSecure;
  reply.setCookie(SESSION_COOKIE, token, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure,
    maxAge: Math.floor(config.session.absoluteMs / 1000),
  });
}

export function clearSessionCookie(reply: FastifyReply) {
  reply.clearCookie(SESSION_COOKIE, { path: '/' });
}

export default fp(sessionPlugin, { name: 'session', dependencies: ['@fastify/cookie'] });
