import { ROLE_IDS, type AdminProduct, type ProductDetails, type UserInfo } from '@primeur/shared';

/** Test data the web tests share: users, lots and answers as the server sends them. */

const HOUR = 3_600_000;

/** A JSON answer, as `renderPage`'s answer functions and fetch mocks return it. */
export const jsonResponse = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** A user as `/api/users/userInfos` answers, with no address. */
export const userInfo = (user: Pick<UserInfo, 'userId' | 'username' | 'companyName' | 'category' | 'vatId'>): UserInfo => ({
  address: '',
  postalCode: '',
  registrationId: null,
  legalForm: null,
  shareCapital: null,
  registryCity: null,
  city: null,
  country: null,
  globalGapNumber: null,
  ...user,
});

/** A German buyer, the one most tests sign in as. */
export const germanBuyer = userInfo({ userId: 7, username: 'b@example.com', companyName: 'Frischmarkt Hamburg GmbH', category: 'client', vatId: 'DE1' });

/** The session answers for `renderPage`: signed in as this user, with the role of its category. */
export const signedIn = (user: UserInfo) => ({
  '/api/users/isLoggedIn': [[{ roleId: ROLE_IDS[user.category], name: 'X' }]],
  '/api/users/userInfos': user,
});

/** A lemon lot on the marketplace, enabled and not in auction. */
export const marketLot = (over: Partial<AdminProduct> = {}): AdminProduct => ({
  productId: 5,
  productName: 'Lemon',
  articleId: 1,
  family: 'fruits',
  name: 'Verna lemons',
  description: '',
  photos: '["x.png"]',
  user: { companyName: 'Seller' },
  supplier: 3,
  created: '2026-11-01T00:00:00.000Z',
  caliber: '3',
  origin: { id: 1, name: 'Spain', alpha2: 'ES' },
  packaging: { id: 1, name: 'ifco' },
  status: 'ENABLED',
  auctionStartDate: null,
  endsAt: null,
  availableUntil: '2099-01-01',
  price: 1.2,
  quantity: 4,
  netKgPerPallet: 800,
  boxesPerPallet: 160,
  netKgPerBox: 5,
  qualityClass: 'I',
  variety: 'Verna',
  packedOn: null,
  gtin: null,
  globalGapNumber: null,
  certificates: [],
  ...over,
});

/** An orange lot in auction: started an hour ago, ends in two hours. */
export const auctionLot = (over: Partial<AdminProduct> = {}): AdminProduct => {
  const now = Date.now();
  return {
    productId: 5,
    productName: 'Navel orange',
    articleId: 1,
    family: 'fruits',
    name: 'Navel oranges, end of season',
    description: '',
    photos: '[]',
    user: { companyName: 'Agrumi di Sicilia' },
    supplier: 42,
    created: new Date(now - 2 * HOUR).toISOString(),
    caliber: '5',
    origin: { id: 1, name: 'Italy', alpha2: 'IT' },
    packaging: { id: 1, name: 'europool' },
    status: 'IN_AUCTION',
    auctionStartDate: new Date(now - HOUR).toISOString(),
    endsAt: new Date(now + 2 * HOUR).toISOString(),
    availableUntil: '2099-01-01',
    price: 0.95,
    quantity: 12,
    netKgPerPallet: null,
    boxesPerPallet: null,
    netKgPerBox: null,
    qualityClass: 'EXTRA',
    variety: null,
    packedOn: null,
    gtin: null,
    globalGapNumber: '4049929999999',
    certificates: [],
    ...over,
  };
};

/** The auction page of `auctionLot`: open, no offer yet, the server's clock equal to this one. */
export const auctionDetails = (over: Partial<ProductDetails> = {}): ProductDetails => ({
  ...auctionLot(),
  seller: { companyName: 'Agrumi di Sicilia' },
  serverTime: new Date().toISOString(),
  highest: null,
  nextMinimum: 0.95,
  bidders: 0,
  reserveMet: null,
  phase: 'open',
  open: true,
  originalEndsAt: null,
  myBidderNumber: null,
  result: null,
  winner: null,
  ...over,
});

/** What an auction page asks the server for: the session, the lot, its offers and the user's own bid (none yet). */
export const auctionPageAnswers = (user: UserInfo, d: ProductDetails, offers: unknown[]) => ({
  ...signedIn(user),
  [`/api/users/product/details/${d.productId}`]: d,
  [`/api/users/auction/offers/${d.productId}`]: offers,
  [`/api/users/auction/myBid/${d.productId}`]: { maxAmount: null, leading: false },
});

const noPrices = { rows: 0, days: 0, from: null, to: null };
/** `/api/intern/prices/imports/status` before any price import, with no schedule. */
export const noPriceImports = {
  schedule: { enabled: false, hour: 6, sourceCount: 0, nextRunAt: null },
  lastScheduled: null,
  recent: [],
  stored: { market: noPrices, grower: noPrices },
};
