/**
 * The one map of the web app's paths (issue 20): the router declares its routes with these, and every
 * link, redirect and navigate() builds its target here — a path is spelled once. Fixed pages are
 * strings; pages of one record are builders (`paths.order(id)`), whose route pattern is in
 * `routePatterns`. The paths themselves are spec §2's (French words included), unchanged.
 */
type Id = number | string;

export const paths = {
  landing: '/',
  login: '/user/login',
  register: '/user/register',
  unauthorized: '/unauthorized',
  terms: '/terms',

  // Signed in
  userHome: '/user/home',
  profile: '/user/profil',
  myAuctions: '/user/auctions',
  marketplace: '/marketplace',
  auctions: '/encheres',
  auctionRoom: (productId: Id) => `/encheres/details/${productId}`,
  orders: '/user/orders',
  order: (orderId: Id) => `/user/orders/${orderId}`,
  invoices: '/user/invoices',
  /** The supplier's own lots. */
  myProducts: '/user/products',

  // Operator (admin)
  adminHome: '/admin/home',
  adminProducts: '/admin/productsList',
  adminUsers: '/admin/usersList',
  adminOrders: '/admin/orders',
  adminOrder: (orderId: Id) => `/admin/orders/${orderId}`,
  adminClaims: '/admin/claims',
  adminInvoices: '/admin/invoices',
  adminActivity: '/admin/activity',
  adminTrace: '/admin/trace',
  adminRecalls: '/admin/recalls',
  adminRecall: (recallId: Id) => `/admin/recalls/${recallId}`,
  suppliers: '/intern/suppliers',
  supplierDetails: '/intern/supplierDetails',
  /** One supplier's details page, preselected. */
  supplierDetailsOf: (supplierId: Id) => `/intern/supplierDetails?supplier=${supplierId}`,
  supplierOverview: '/intern/supplierOverview',
  requestProduct: '/intern/requestProduct',
  outbox: '/intern/outbox',
  clients: '/intern/clients',
  clientOverview: '/intern/clientOverview',
  uncheckedProducts: '/intern/supplierProductsUnchecked',
} as const;

/** The router's patterns of the pages of one record (the builders above fill them). */
export const routePatterns = {
  auctionRoom: '/encheres/details/:productId',
  order: '/user/orders/:orderId',
  adminOrder: '/admin/orders/:orderId',
  adminRecall: '/admin/recalls/:recallId',
} as const;
