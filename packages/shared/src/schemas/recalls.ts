import { z } from 'zod';
import { multilineText, text } from './common.js';

/**
 * Recalls and recall drills (issue 37 §5, decision 1016): the operator recalls a lot; every buyer that
 * received its pallets is told at once and acknowledges; the recall's page and report show who has
 * and has not, and the time from the start to the last acknowledgement.
 */

/** POST /api/admin/recalls: the lot (`L123` or `123`), why, and whether it is a drill. */
export const startRecallInput = z
  .object({
    lot: text().trim().min(1, 'required').max(32, 'tooLong'),
    reason: multilineText().trim().min(3, 'required').max(1000, 'tooLong'),
    exercise: z.boolean(),
  })
  .strict();
export type StartRecallInput = z.input<typeof startRecallInput>;

export const recallNoticeOrder = z.object({ orderId: z.number().int(), number: z.string(), codes: z.array(z.string()) });

export const recallNotice = z.object({
  id: z.number().int(),
  companyName: z.string(),
  orders: z.array(recallNoticeOrder),
  notifiedAt: z.string(),
  acknowledgedAt: z.string().nullable(),
  /** Minutes from the recall's start to this acknowledgement (null until acknowledged). */
  minutesToAcknowledge: z.number().nullable(),
});
export type RecallNotice = z.infer<typeof recallNotice>;

export const recallSummary = z.object({
  id: z.number().int(),
  productId: z.number().int().nullable(),
  lotNumber: z.string(),
  lotTitle: z.string(),
  reason: z.string(),
  exercise: z.boolean(),
  startedAt: z.string(),
  buyers: z.number().int(),
  acknowledged: z.number().int(),
  /** When the last buyer acknowledged (null while any has not). */
  completedAt: z.string().nullable(),
  /** Minutes from the start to the last acknowledgement (null while any buyer has not acknowledged). */
  minutesToComplete: z.number().nullable(),
});
export type RecallSummary = z.infer<typeof recallSummary>;

/** GET /api/admin/recalls/{id}: the recall and each buyer told. */
export const recallDetail = recallSummary.extend({ notices: z.array(recallNotice), lotWithdrawn: z.boolean() });
export type RecallDetail = z.infer<typeof recallDetail>;

export const recallList = z.array(recallSummary);

/** GET /api/users/recalls (buyer): the recalls of lots it received, unacknowledged first. */
export const myRecall = z.object({
  id: z.number().int(),
  lotNumber: z.string(),
  lotTitle: z.string(),
  reason: z.string(),
  exercise: z.boolean(),
  startedAt: z.string(),
  orders: z.array(recallNoticeOrder),
  acknowledgedAt: z.string().nullable(),
});
export type MyRecall = z.infer<typeof myRecall>;
export const myRecalls = z.array(myRecall);
