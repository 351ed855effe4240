import { FEED_EVENT_SCOPES, type ApiScope, type FeedEntry, type FeedEventType, type FeedPage, type FeedQuery } from '@primeur/shared';
import type { Executor } from '../../db/client.js';
import type { EventRow, Processor } from '../../events/events.js';
import { accountWithPlace } from '../../companies/users/users.read-model.js';
import type { SessionUser } from '../../plugins/session.js';
import * as orders from '../orders/orders.service.js';
import * as claims from '../claims/claims.service.js';
import * as invoicing from '../invoicing/invoicing.service.js';
import { lotSummary } from '../marketplace/marketplace.read-model.js';
import * as repo from './feed.repository.js';

/**
 * The traders' change feed (issue 34 §2, decision 1011). The `api-feed` processor takes each event of
 * the trade once, in the events' order, and appends it to the feed of every company that may see it
 * (the event's `company_ids`: an order's buyer and seller, never a rival), numbered per company, with
 * the resource as the API shows it to that company at that moment. `GET /api/v1/events` reads a
 * company's entries after a sequence; the webhooks deliver the same entries.
 */

export interface FeedDeps {
  claimWindowMs: number;
  weightTolerancePercent?: number;
}

/** The public type of an internal event; undefined for events the feed does not carry. */
export function feedType(name: string): FeedEventType | undefined {
  const type = name.startsWith('request.') ? `purchase_${name}` : name;
  return type in FEED_EVENT_SCOPES ? (type as FeedEventType) : undefined;
}

/** The internal names the processor reads. */
const INTERNAL_NAMES = Object.keys(FEED_EVENT_SCOPES).map((t) => t.replace(/^purchase_request\./, 'request.'));

/** The company as a caller of the API: the views below answer what that company may see. */
async function companyCaller(tx: Executor, companyId: number): Promise<SessionUser | undefined> {
  const a = await accountWithPlace(tx, companyId);
  return a && { id: a.id, email: a.email, category: a.category, companyName: a.companyName, sessionId: 'api-feed' };
}

const num = (v: unknown) => (typeof v === 'number' ? v : typeof v === 'string' && /^\d+$/.test(v) ? Number(v) : undefined);

/**
 * The resource an event tells of, as `caller` sees it through the API: the order, the claim, the
 * invoice or credit note; for a lot's outcome and a purchase request's step, the facts of the event.
 */
async function resourceOf(tx: Executor, deps: FeedDeps, caller: SessionUser, e: EventRow, type: FeedEventType): Promise<Record<string, unknown>> {
  const view = { db: tx, claimWindowMs: deps.claimWindowMs, weightTolerancePercent: deps.weightTolerancePercent };
  if (type.startsWith('order.')) return { ...(await orders.get(view, caller, e.subjectId)) };
  if (type.startsWith('claim.')) {
    const orderId = num(e.payload.orderId);
    const claim = orderId === undefined ? undefined : (await claims.list(view, caller, orderId)).items.find((c) => c.id === e.subjectId);
    return claim ? { ...claim, orderId } : { id: e.subjectId, orderId };
  }
  if (type.startsWith('invoice.') || type.startsWith('credit_note.')) return { ...(await invoicing.invoiceFor(tx, caller, e.subjectId)) };
  if (type.startsWith('lot.')) {
    const lot = await lotSummary(tx, e.subjectId);
    return { id: e.subjectId, name: lot?.name ?? null, sold: type === 'lot.sold', orderId: num(e.payload.orderId) ?? null };
  }
  // purchase_request.*: the request's id, lot and what the step said (the price countered, the reason declined).
  const data = (e.payload.data ?? {}) as Record<string, unknown>;
  return { id: e.subjectId, productId: num(e.payload.productId) ?? null, status: type.slice('purchase_request.'.length), ...data };
}

export function feedProcessor(deps: FeedDeps): Processor {
  return {
    name: 'api-feed',
    events: INTERNAL_NAMES,
    async handle(tx, e) {
      const type = feedType(e.name);
      if (!type) return;
      for (const companyId of e.companyIds) {
        const caller = await companyCaller(tx, companyId);
        // An account deleted since (or the operator's own id on a commission invoice): nobody reads its feed.
        if (!caller || caller.category === 'admin') continue;
        const data = await resourceOf(tx, deps, caller, e, type);
        await repo.append(tx, { companyId, eventId: e.id, type, occurredAt: e.at, data });
      }
    },
  };
}

const present = (r: repo.FeedEntryRow): FeedEntry => ({
  sequence: r.sequence,
  id: `evt_${r.eventId}`,
  type: r.type as FeedEventType,
  occurredAt: r.occurredAt.toISOString(),
  data: r.data,
});

/** The types a caller may read: all for a session, those its scopes cover for an API token. */
export function readableTypes(scopes: readonly ApiScope[] | undefined): FeedEventType[] | undefined {
  if (!scopes) return undefined;
  return (Object.entries(FEED_EVENT_SCOPES) as Array<[FeedEventType, ApiScope]>).filter(([, s]) => scopes.includes(s)).map(([t]) => t);
}

/** `GET /api/v1/events`: the caller's company's entries after `after`, oldest first. */
export async function page(db: Executor, user: SessionUser, q: FeedQuery): Promise<FeedPage> {
  const rows = await repo.after(db, user.id, q.after, q.limit, readableTypes(user.apiToken?.scopes));
  return { items: rows.map(present), next: rows.at(-1)?.sequence ?? q.after };
}

/** A company's entries after `after` (the webhooks' reader). */
export async function entriesAfter(db: Executor, companyId: number, after: number, limit: number): Promise<FeedEntry[]> {
  return (await repo.after(db, companyId, after, limit)).map(present);
}

export const lastSequence = repo.lastSequence;
