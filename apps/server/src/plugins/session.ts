import { createHash, randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { and, eq, gt, lt, ne, type Subquery } from 'drizzle-orm';
import { isApiScope, type ApiScope, type Category, type ErrorCode } from '@primeur/shared';
import type { AppConfig } from '../config/env.js';
import type { Db, Executor } from '../db/client.js';
import type { ReadModelColumn as Column } from '../db/read-model.js';
import { sessions } from '../db/schema/index.js';
import { HttpError } from '../lib/http-error.js';
import { parseSessionsEnded, SESSIONS_ENDED_TOPIC } from './live-sessions.js';

export const SESSION_COOKIE = 'primeur_sid';

/** A signed-in caller's role: `buyer` is the client category (spec §2). */
export type Role = 'admin' | 'supplier' | 'buyer';
export const ROLES: readonly Role[] = ['admin', 'supplier', 'buyer'];
/** Who may call a route: anyone, any signed-in active user, one role, or a list of roles. */
export type Access = 'public' | 'authenticated' | Role | readonly Role[];

export const roleOf = (category: Category): Role => (category === 'client' ? 'buyer' : category);

/** The roles an access rule admits (every role for `authenticated`; none is needed for `public`). */
export function rolesOf(access: Access): readonly Role[] {
  if (access === 'public' || access === 'authenticated') return ROLES;
  return typeof access === 'string' ? [access] : access;
}

export function isAccess(value: unknown): value is Access {
  if (value === 'public' || value === 'authenticated') return true;
  if (typeof value === 'string') return (ROLES as readonly string[]).includes(value);
  return Array.isArray(value) && value.length > 0 && value.every((r) => (ROLES as readonly string[]).includes(r));
}

/** The code refusing a signed-in caller whose role the rule does not admit (null: every role passes). */
export function roleRefusalCode(access: Access): 'SUPPLIERS_ONLY' | 'BUYERS_ONLY' | 'FORBIDDEN' | null {
  if (access === 'public' || access === 'authenticated') return null;
  const roles = rolesOf(access);
  if (roles.length === 1 && roles[0] === 'supplier') return 'SUPPLIERS_ONLY';
  if (roles.length === 1 && roles[0] === 'buyer') return 'BUYERS_ONLY';
  return 'FORBIDDEN';
}

/** A route's own answer to a role its access rule does not admit (403). */
export interface RoleRefusal {
  code: ErrorCode;
  message: string;
}

const REFUSALS = {
  SUPPLIERS_ONLY: 'Only suppliers can do this.',
  BUYERS_ONLY: 'Only buyers can do this.',
  FORBIDDEN: 'You do not have the required permissions.',
} as const;

export interface SessionUser {
  id: number;
  email: string;
  category: Category;
  companyName: string;
  sessionId: string;
  /**
   * Present when the request was authenticated with an API token instead of a session cookie
   * (decision 1008): the caller is the token's company, limited to the token's scopes.
   */
  apiToken?: ApiTokenIdentity;
}

/** What a route asks of an API token: a scope, or any one of a list. */
export type RouteScope = ApiScope | readonly ApiScope[];

const scopeList = (scope: RouteScope): readonly ApiScope[] => (typeof scope === 'string' ? [scope] : scope);

/** Whether a route's scope is a known scope or a non-empty list of known scopes. */
export const isRouteScope = (v: unknown): v is RouteScope => isApiScope(v) || (Array.isArray(v) && v.length > 0 && v.every(isApiScope));

/** The API token a request came with: which one (its id and name, for the history) and what it may do. */
export interface ApiTokenIdentity {
  id: number;
  name: string;
  scopes: readonly ApiScope[];
}

/**
 * Resolves the secret of an `Authorization: Bearer prm_…` header to its company, as a session user
 * marked with the token; null for an unknown or revoked token or an inactive company. Given by app.ts
 * (the api-tokens module's `authenticator`: the plugins import no module); `ip` is the caller's address
 * as the trusted proxies give it, recorded as the token's last use.
 */
export type ApiTokenResolver = (secret: string, ip: string) => Promise<SessionUser | null>;

/**
 * The credential of a request that carries `Authorization: Bearer <token>` and no session cookie: the
 * token (possibly malformed: the resolver refuses it). Undefined otherwise: a cookie always wins, and
 * another scheme (Basic) is no credential of this app.
 */
export function bearerToken(req: FastifyRequest): string | undefined {
  if (req.cookies[SESSION_COOKIE]) return undefined;
  const header = req.headers.authorization;
  if (typeof header !== 'string') return undefined;
  const m = /^Bearer[ \t]+(\S*)[ \t]*$/i.exec(header);
  return m ? m[1] : undefined;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Who may call the route. Required: the server refuses to start without it. */
    access?: Access;
    /**
     * The refusal a signed-in caller whose role `access` does not admit gets, when the route has a
     * clearer one than the default (e.g. the bid route: ADMIN_CANNOT_BID).
     */
    refusal?: RoleRefusal;
    /**
     * The scope an API token needs on this route (decision 1008), or a list of which the token needs
     * any one (a route that answers each scope's part, as the change feed). A route without one refuses
     * every token (403 SCOPE_MISSING): only a session may call it.
     */
    scope?: RouteScope;
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

export interface EndedSessions {
  userId: number;
  sessionId?: string;
  exceptSessionId?: string;
}

/**
 * The accounts sessions belong to, as their owner shows them: the read model `accountsView` of
 * companies/users, given by app.ts (the plugins import no module).
 */
export type SessionAccounts = Subquery & {
  id: Column<number>;
  email: Column<string>;
  category: Column<Category>;
  companyName: Column<string>;
  active: Column<boolean>;
};

interface CachedSession {
  user: SessionUser;
  /** Reused until then (now + cacheMs), and never past the session's own absolute expiry. */
  until: number;
}

/** The most sessions kept resolved; the oldest entry goes first beyond it. */
const CACHE_MAX_ENTRIES = 10_000;

/**
 * Sessions in the database, and for a short while (config `session.cacheMs`, decision 630) in memory:
 * a bid burst would otherwise make one session query per bid. Ending sessions evicts them here at
 * once and, through the bus, on every other instance (`forget`, subscribed by the session plugin);
 * the short lifetime bounds what a lost bus message could leave behind.
 */
export class SessionStore {
  private readonly cache = new Map<string, CachedSession>();
  /** Bumped by every eviction: a lookup that an eviction overtook is answered but not cached. */
  private evictions = 0;
  private announce: (ev: EndedSessions) => void = () => undefined;

  /**
   * Told after sessions end (their deletion committed): evicts them from this instance's cache, then
   * announces them (the app sets the announcer: the bus, so that live sockets and caches of every
   * instance let go of them).
   */
  get onEnded(): (ev: EndedSessions) => void {
    return (ev) => {
      this.forget(ev);
      this.announce(ev);
    };
  }
  set onEnded(announce: (ev: EndedSessions) => void) {
    this.announce = announce;
  }

  constructor(
    private readonly db: Db,
    private readonly cfg: AppConfig['session'],
    private readonly accounts: SessionAccounts,
  ) {}

  /** Drops the cached sessions an ended-sessions event names (one, all of a user's, or all but one). */
  forget(ev: EndedSessions) {
    this.evictions++;
    if (ev.sessionId !== undefined && ev.exceptSessionId === undefined) {
      this.cache.delete(ev.sessionId);
      return;
    }
    for (const [id, entry] of this.cache) {
      if (entry.user.id !== ev.userId) continue;
      if (ev.sessionId !== undefined && id !== ev.sessionId) continue;
      if (ev.exceptSessionId !== undefined && id === ev.exceptSessionId) continue;
      this.cache.delete(id);
    }
  }

  /** Drops every cached session (after the bus may have lost an announcement). */
  forgetAll() {
    this.evictions++;
    this.cache.clear();
  }

  /** How many sessions are cached (tests). */
  get cachedCount() {
    return this.cache.size;
  }

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
    const cached = this.cache.get(id);
    if (cached) {
      if (Date.now() < cached.until) return cached.user;
      this.cache.delete(id);
    }
    const evictionsBefore = this.evictions;
    const user = await this.lookup(id);
    if (user && this.cfg.cacheMs > 0 && this.evictions === evictionsBefore) {
      if (this.cache.size >= CACHE_MAX_ENTRIES) this.cache.delete(this.cache.keys().next().value!);
      this.cache.set(id, { user: user.user, until: Math.min(Date.now() + this.cfg.cacheMs, user.expiresAt) });
    }
    return user?.user ?? null;
  }

  private async lookup(id: string): Promise<{ user: SessionUser; expiresAt: number } | null> {
    const now = new Date();
    const account = this.accounts;
    const rows = await this.db
      .select({
        id: account.id,
        email: account.email,
        category: account.category,
        companyName: account.companyName,
        active: account.active,
        lastSeenAt: sessions.lastSeenAt,
        expiresAt: sessions.expiresAt,
      })
      .from(sessions)
      .innerJoin(account, eq(account.id, sessions.userId))
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
    return {
      user: { id: row.id, email: row.email, category: row.category, companyName: row.companyName, sessionId: id },
      expiresAt: row.expiresAt.getTime(),
    };
  }

  /** Ends the session a cookie token names, whatever its state (sign-in and sign-out). */
  async destroyToken(token: string) {
    await this.destroy(hashToken(token));
  }

  async destroy(sessionId: string) {
    const [row] = await this.db.delete(sessions).where(eq(sessions.id, sessionId)).returning({ userId: sessions.userId });
    if (row) this.onEnded({ userId: row.userId, sessionId });
    else this.forget({ userId: 0, sessionId });
  }

  /** Deletes every session of a user (in the caller's transaction); the caller calls onEnded after its commit. */
  async destroyAllFor(userId: number, db: Executor = this.db) {
    await db.delete(sessions).where(eq(sessions.userId, userId));
  }

  /** Deletes a user's sessions but one (in the caller's transaction); the caller calls onEnded after its commit. */
  async destroyOthersOf(userId: number, keptSessionId: string, db: Executor = this.db) {
    await db.delete(sessions).where(and(eq(sessions.userId, userId), ne(sessions.id, keptSessionId)));
  }

  async purgeExpired() {
    await this.db.delete(sessions).where(lt(sessions.expiresAt, new Date()));
  }
}

export interface SessionPluginOptions {
  db: Db;
  config: AppConfig;
  accounts: SessionAccounts;
  /** API tokens' resolver (decision 1008); without it every bearer token is refused. */
  apiTokens?: ApiTokenResolver;
}

const tokenRefused = () => new HttpError(401, 'TOKEN_INVALID', 'This API token is unknown or revoked, or its company is not active.');

async function sessionPlugin(app: FastifyInstance, opts: SessionPluginOptions) {
  const store = new SessionStore(opts.db, opts.config.session, opts.accounts);
  app.decorate('sessions', store);
  app.decorateRequest('user', null);

  // Sessions ended on any instance (this one included) leave this instance's cache at once; after a
  // gap in the bus (Redis was away) nothing cached is trusted. (The app always has a bus; a bare
  // server built around this plugin alone has no other instance to hear from.)
  if (app.hasDecorator('bus')) {
    const offEnded = await app.bus.subscribe(SESSIONS_ENDED_TOPIC, (payload) => {
      const ev = parseSessionsEnded(payload);
      if (ev) store.forget(ev);
    });
    const offGap = app.bus.onGap?.(() => store.forgetAll());
    app.addHook('onClose', async () => {
      offGap?.();
      await offEnded().catch(() => undefined);
    });
  }

  // onRequest: refuse before the body is even parsed.
  app.addHook('onRequest', async (req: FastifyRequest, reply: FastifyReply) => {
    const access = req.routeOptions.config.access;
    // Public routes (and those outside the API context: static files, API docs) never need the user,
    // so they cost no session lookup; photos and assets are requested by the dozen.
    if (access === 'public' || access === undefined) return;
    const bearer = bearerToken(req);
    if (bearer !== undefined) {
      // An API token (decision 1008): looked up on every request, never cached, so a revoked token is
      // refused at once by every instance. The caller becomes the token's company: every access rule and
      // every "another company's record is unknown" answer below applies to it unchanged.
      req.user = opts.apiTokens ? await opts.apiTokens(bearer, req.ip) : null;
      if (!req.user) {
        void reply.header('www-authenticate', 'Bearer error="invalid_token"');
        throw tokenRefused();
      }
    } else {
      const token = req.cookies[SESSION_COOKIE];
      if (token) req.user = await store.resolve(token);
      if (!req.user) throw new HttpError(401, 'NOT_SIGNED_IN', 'You are not signed in.');
    }
    const refusal = roleRefusalCode(access);
    if (refusal && !rolesOf(access).includes(roleOf(req.user.category))) {
      const own = req.routeOptions.config.refusal;
      throw own ? new HttpError(403, own.code, own.message) : new HttpError(403, refusal, REFUSALS[refusal]);
    }
    const apiToken = req.user.apiToken;
    if (apiToken) {
      const wanted = req.routeOptions.config.scope === undefined ? [] : scopeList(req.routeOptions.config.scope);
      if (!wanted.some((s) => apiToken.scopes.includes(s))) {
        void reply.header('www-authenticate', `Bearer error="insufficient_scope"${wanted.length ? ` scope="${wanted.join(' ')}"` : ''}`);
        // The scope is named in the message and the header: the routes' error schemas keep no extra field.
        throw new HttpError(
          403,
          'SCOPE_MISSING',
          wanted.length ? `This API token lacks the scope ${wanted.join(' or ')}.` : 'This route takes no API token: sign in to use it.',
        );
      }
    }
  });
}

export interface DeclaredRoute {
  method: string;
  url: string;
  access: Access;
  /** The code refusing a role the rule does not admit, when the route declares its own. */
  refusalCode?: ErrorCode;
  /** The scope (or any one of the scopes) an API token needs on it; none: tokens are refused there. */
  scope?: RouteScope;
}

/**
 * Registers in an encapsulated context: every route in it must declare its access rule, and a scope it
 * declares (`config.scope`, decision 1008) must be a known one, on a route that is not public.
 */
export function requireAccessRules(app: FastifyInstance, registry: DeclaredRoute[]) {
  app.addHook('onRoute', (route) => {
    const access = route.config?.access;
    if (!isAccess(access)) {
      throw new Error(`Route ${String(route.method)} ${route.url} declares no access rule (config.access).`);
    }
    const config = route.config!; // checked above: it holds the access rule
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    const scope = config.scope;
    if (scope !== undefined && !isRouteScope(scope))
      throw new Error(`Route ${String(route.method)} ${route.url} declares an unknown scope "${String(scope)}".`);
    if (scope !== undefined && access === 'public') throw new Error(`Route ${String(route.method)} ${route.url} is public: it needs no scope.`);
    const refusalCode = config.refusal?.code;
    for (const method of methods)
      if (method !== 'HEAD') registry.push({ method, url: route.url, access, ...(refusalCode ? { refusalCode } : {}), ...(scope ? { scope } : {}) });
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
