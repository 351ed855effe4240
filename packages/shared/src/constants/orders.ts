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

/** A purchase request's life: the supplier accepts (→ order) or declines, or it expires unanswered. */
export const PURCHASE_REQUEST_STATUSES = ['PENDING', 'ACCEPTED', 'DECLINED', 'EXPIRED'] as const;
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
/** The largest net weight of one order (kg): 10 000 pallets of 2 t. */
export const MAX_ORDER_NET_KG = 20_000_000;

/** The STOMP destination of order events (body: `orderEvent`); each user receives its own orders' changes. */
export const ORDERS_QUEUE = '/user/queue/orders';
