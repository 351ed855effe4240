/** Orders: what every sale becomes (issue 21, decisions 720–739). */

/** The life of an order. CLOSED and CANCELLED are final. */
export const ORDER_STATUSES = ['CONFIRMED', 'SHIPPED', 'DELIVERED', 'CLOSED', 'CANCELLED'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/** Where an order came from. */
export const ORDER_SOURCES = ['AUCTION', 'PURCHASE_REQUEST'] as const;
export type OrderSource = (typeof ORDER_SOURCES)[number];

/** What a viewer may do next on an order (`nextActions`); the web shows one button per action. */
export const ORDER_ACTIONS = ['ship', 'receive', 'cancel', 'editDelivery'] as const;
export type OrderAction = (typeof ORDER_ACTIONS)[number];

/** Who made a change in an order's history. SYSTEM: a job (automatic receipt, closing after the claim window). */
export const ORDER_ACTORS = ['BUYER', 'SELLER', 'OPERATOR', 'SYSTEM'] as const;
export type OrderActor = (typeof ORDER_ACTORS)[number];

/** How the viewer stands to an order. */
export const ORDER_SIDES = ['buyer', 'seller', 'operator'] as const;
export type OrderSide = (typeof ORDER_SIDES)[number];

/** The incoterms an order may carry (ICC Incoterms 2020; the road trade of fresh produce uses these). */
export const ORDER_INCOTERMS = ['EXW', 'FCA', 'CPT', 'DAP', 'DDP', 'FOB', 'CIF'] as const;
export type OrderIncoterm = (typeof ORDER_INCOTERMS)[number];

/**
 * A purchase request's life (decision 982): PENDING until the supplier accepts (→ ACCEPTED, an order at
 * the request's price), declines, or counters with another price (→ COUNTERED); the buyer accepts a
 * counter-offer (→ ACCEPTED, an order at the counter price) or declines it (→ COUNTER_DECLINED).
 * PENDING and COUNTERED requests left unanswered expire.
 */
export const PURCHASE_REQUEST_STATUSES = ['PENDING', 'COUNTERED', 'ACCEPTED', 'DECLINED', 'COUNTER_DECLINED', 'EXPIRED'] as const;
export type PurchaseRequestStatus = (typeof PURCHASE_REQUEST_STATUSES)[number];

/** Order numbers: PRM-YYYY-NNNNNN, continuous per year. */
export const ORDER_NUMBER_PATTERN = /^PRM-\d{4}-\d{6}$/;
export const formatOrderNumber = (year: number, seq: number) => `PRM-${year}-${String(seq).padStart(6, '0')}`;

/** Hours after shipping when an order the buyer has not confirmed counts as received (recorded as automatic). */
export const AUTO_RECEIVE_AFTER_HOURS = 72;

/** Upper bounds of the weight fields (kg). */
export const MAX_NET_KG_PER_PALLET = 2_000;
export const MAX_NET_KG_PER_BOX = 100;
export const MAX_BOXES_PER_PALLET = 1_000;
/** The largest net weight of one shipment or receipt (kg): 10⁷ (issue 32 §3); the tolerance bounds it further. */
export const MAX_ORDER_NET_KG = 10_000_000;

/** Which weight an order's amount and invoice use (decision 981). */
export const ORDER_WEIGHT_BASES = ['SHIPPED', 'RECEIVED'] as const;
export type OrderWeightBasis = (typeof ORDER_WEIGHT_BASES)[number];

/** The STOMP destination of order events (body: `orderEvent`); each user receives its own orders' changes. */
export const ORDERS_QUEUE = '/user/queue/orders';
