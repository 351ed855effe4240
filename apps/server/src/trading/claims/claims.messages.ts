import { CLAIM_STEPS, type ClaimReason, type ClaimStep } from '@primeur/shared';
import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { claimHistory } from '../../db/schema/index.js';
import { addressedTo, queueMailEvent } from '../../documents/email/delivery.js';
import { languageForCountry } from '../../documents/email/language.js';
import { renderClaimMail } from '../../documents/email/templates/claim-message.js';
import type { Processor } from '../../events/events.js';
import * as alerts from '../alerts/alerts.service.js';
import * as orders from '../orders/orders.service.js';
import type { OrderDeps } from '../orders/orders.service.js';
import * as repo from './claims.repository.js';

/**
 * The claim's messages (issue 33 §3, decision 1003), from its `claim.<step>` events: each step is a
 * bell notice to both parties and, for those who want it, an e-mail in their language. Recorded and
 * queued in the dispatcher's transaction (notices by their dedupe key: a replay adds none); the
 * notices' pushes leave after its commit.
 */
export function claimMessagesProcessor(deps: Pick<OrderDeps, 'bus' | 'db' | 'log' | 'publicOrigin'>): Processor {
  return {
    name: 'claim-messages',
    events: CLAIM_STEPS.map((s) => `claim.${s}`),
    async handle(tx, e) {
      const p = e.payload as { orderId: number | null; historyId?: number; acceptedWhat?: 'proposal' | 'rejection' };
      if (p.orderId === null || p.historyId === undefined) return;
      const [h] = await tx.select().from(claimHistory).where(eq(claimHistory.id, p.historyId));
      const order = await orders.findRow(tx, p.orderId);
      const claim = order ? await repo.findClaim(tx, order.id, e.subjectId) : undefined;
      if (!h || !order || !claim) return;
      const noticeIds = await tell(tx, deps, {
        order,
        claim,
        step: h.step,
        historyId: h.id,
        acceptedWhat: p.acceptedWhat,
        who: h.companyName,
        credit: h.credit,
        note: h.note,
      });
      if (noticeIds.length) return () => alerts.publishNotices(deps.db, deps.bus, noticeIds, deps.log);
    },
  };
}

interface Told {
  order: orders.OrderRow;
  claim: repo.ClaimRow;
  step: ClaimStep;
  historyId: number;
  acceptedWhat?: 'proposal' | 'rejection';
  who: string | null;
  credit: string | null;
  note: string;
}

async function tell(tx: Executor, deps: Pick<OrderDeps, 'publicOrigin'>, s: Told): Promise<number[]> {
  const { order, claim } = s;
  const credit = s.credit === null ? null : Number(s.credit);
  const noticeIds: number[] = [];
  for (const userId of [order.buyerId, order.sellerId]) {
    if (userId === null) continue;
    const data: Record<string, unknown> = { orderId: order.id, orderNumber: order.number, claimId: claim.id, claimStep: s.step };
    if (credit !== null) data.credit = credit;
    if (s.note) data.reason = s.note;
    const r = await alerts.recordNotice(tx, {
      userId,
      kind: 'order_claim',
      productId: order.productId,
      data,
      dedupeKey: `claim:${claim.id}:${s.historyId}:${userId}`,
    });
    if (!r) continue;
    if (r.notificationId !== undefined) noticeIds.push(r.notificationId);
    if (!r.email) continue;
    const language = languageForCountry(r.recipient.alpha2);
    const mail = renderClaimMail({
      language,
      company: r.recipient.companyName,
      step: s.step,
      acceptedWhat: s.acceptedWhat,
      number: order.number,
      lot: order.lot.article[language] ? `${order.lot.title} (${order.lot.article[language]})` : order.lot.title,
      who: s.who,
      reasons: claim.reasons as ClaimReason[],
      credit,
      note: s.note,
      url: deps.publicOrigin ? `${deps.publicOrigin.replace(/\/$/, '')}/user/orders/${order.id}` : undefined,
    });
    await queueMailEvent(tx, [addressedTo(r.recipient, language, mail)]);
  }
  return noticeIds;
}
