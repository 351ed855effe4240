/**
 * The orders module's one door for the rest of the server (routes, jobs, auctions, claims): what
 * other modules may call. The work lives beside it — creation, transitions (steps, lifecycle job,
 * claim steps), reads, and messages (the processors of its events, after a commit).
 */
export type { OrderRow } from './orders.repository.js';
export { sideOf } from './orders.policy.js';
export { bestNetKg } from './orders.presenter.js';
export {
  orderDepsOf,
  orderMessagesProcessor,
  relistedPhotosProcessor,
  renderConfirmationAttachment,
  type OrderApp,
  type OrderDeps,
} from './orders.messages.js';
export { createFromAuction, createOrder } from './orders.creation.js';
export { shippingDocument } from './orders.documents.js';
export {
  AUTO_RECEIVE_MS,
  cancel,
  closeAfterClaim,
  noteClaimStep,
  recordBuyerReceipt,
  recordCancel,
  runLifecycle,
  ship,
  toleranceOf,
  update,
  type HistoryNote,
  type WeightDispute,
} from './orders.transitions.js';
export { carriers, confirmationPdf, csvRows, get, listAll, listMine, lockRow, present } from './orders.reads.js';
export { findRow, refsByProducts } from './orders.read-model.js';
