import { randomUUID } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { dayInParis, AUCTION_DURATION_MS } from '@primeur/shared';
import type { Executor } from '../client.js';
import { createUser } from '../factories.js';
import { createOffer, createProduct } from '../factories/listings.js';
import { articles, packagings, products, users } from '../schema/index.js';
import { drawProducePhoto } from '../../lib/png.js';

type Rgb = [number, number, number];

interface DemoLot {
  seller: string;
  article: string;
  name: string;
  description: string;
  caliber: string;
  origin: string;
  packaging: string;
  price: number;
  quantity: number;
  colour: Rgb;
  disabled?: boolean;
  /** Auction that started this many hours ago (over 72 = ended). */
  auctionStartedHoursAgo?: number;
  /** Bids as [buyer, amount], oldest first. */
  bids?: Array<[string, number]>;
}

// The French companies carry what a French invoice must state (decision 968): a SIREN that passes
// Luhn, the VAT number made from it (key = (12 + 3 × (SIREN mod 97)) mod 97), form, capital, RCS.
const SUPPLIERS = [
  {
    email: 'agrumi@example.com',
    companyName: 'Agrumi di Sicilia S.r.l.',
    country: 'IT',
    city: 'Catania',
    vatId: 'IT01234567890',
    address: 'Via Etnea 120',
    postalCode: '95131',
  },
  {
    email: 'vergers@example.com',
    companyName: 'Vergers du Roussillon SAS',
    country: 'FR',
    city: 'Perpignan',
    vatId: 'FR66523710002',
    address: '12 avenue du Marché International',
    postalCode: '66000',
    registrationId: '523710002',
    legalForm: 'SAS',
    shareCapital: '120000.00',
    registryCity: 'Perpignan',
  },
  {
    email: 'kas@example.com',
    companyName: 'Kwekerij Westland B.V.',
    country: 'NL',
    city: 'Naaldwijk',
    vatId: 'NL987654321B01',
    address: 'Zuidweg 40',
    postalCode: '2671 MN',
  },
];
const BUYERS = [
  {
    email: 'primeurs.lyon@example.com',
    companyName: 'Primeurs Lyonnais SARL',
    country: 'FR',
    city: 'Lyon',
    vatId: 'FR14798130001',
    address: '3 rue du Marché de Gros',
    postalCode: '69007',
    registrationId: '798130001',
    legalForm: 'SARL',
    shareCapital: '15000.00',
    registryCity: 'Lyon',
  },
  {
    email: 'fruttaverde@example.com',
    companyName: 'Fruttaverde Milano S.p.A.',
    country: 'IT',
    city: 'Milano',
    vatId: 'IT09876543210',
    address: 'Via Lombroso 54',
    postalCode: '20137',
  },
];

const HUERTA = 'supplier@example.com';
const BUYER = 'buyer@example.com';
const LYON = 'primeurs.lyon@example.com';
const MILANO = 'fruttaverde@example.com';

const RED: Rgb = [205, 40, 35];
const ORANGE: Rgb = [240, 130, 30];
const YELLOW: Rgb = [245, 215, 60];
const GREEN: Rgb = [80, 150, 60];
const PEACH: Rgb = [240, 160, 90];

/**
 * A pallet as these packagings are usually loaded (issue 21: every demo lot states its weight):
 * boxes per pallet and net kg per box; bulk goods (bins) have no boxes.
 */
const PALLET_LOAD: Record<string, { boxes: number | null; kgPerBox: number | null; kgPerPallet: number }> = {
  'punnet 250 g': { boxes: 224, kgPerBox: 2.25, kgPerPallet: 504 },
  'punnet 500 g': { boxes: 160, kgPerBox: 4.5, kgPerPallet: 720 },
  'flow-pack': { boxes: 120, kgPerBox: 4.8, kgPerPallet: 576 },
  ifco: { boxes: 80, kgPerBox: 10, kgPerPallet: 800 },
  europool: { boxes: 90, kgPerBox: 9, kgPerPallet: 810 },
  bulk: { boxes: null, kgPerBox: null, kgPerPallet: 900 },
};
export const palletLoad = (packaging: string) => PALLET_LOAD[packaging] ?? { boxes: 80, kgPerBox: 10, kgPerPallet: 800 };

export const DEMO_LOTS: DemoLot[] = [
  {
    seller: HUERTA,
    article: 'Cherry tomato',
    name: 'Cherry tomatoes on the vine',
    description: 'Greenhouse grown in Níjar, harvested at full colour.',
    caliber: '20-25 mm',
    origin: 'ES',
    packaging: 'punnet 250 g',
    price: 2.1,
    quantity: 12,
    colour: RED,
  },
  {
    seller: HUERTA,
    article: 'Red bell pepper',
    name: 'California red peppers',
    description: 'Thick-walled, glossy, first category.',
    caliber: 'L',
    origin: 'ES',
    packaging: 'ifco',
    price: 1.65,
    quantity: 20,
    colour: RED,
  },
  {
    seller: HUERTA,
    article: 'Cucumber',
    name: 'Long cucumbers',
    description: 'Straight and dark green, 400-500 g each.',
    caliber: '400-500 g',
    origin: 'ES',
    packaging: 'europool',
    price: 0.85,
    quantity: 18,
    colour: GREEN,
  },
  {
    seller: 'agrumi@example.com',
    article: 'Lemon',
    name: 'Femminello lemons',
    description: 'Unwaxed Sicilian lemons, very juicy.',
    caliber: '3',
    origin: 'IT',
    packaging: 'ifco',
    price: 1.2,
    quantity: 15,
    colour: YELLOW,
  },
  {
    seller: 'agrumi@example.com',
    article: 'Blood orange',
    name: 'Tarocco blood oranges',
    description: 'From the slopes of Etna. Deep red flesh.',
    caliber: '4',
    origin: 'IT',
    packaging: 'europool',
    price: 1.45,
    quantity: 10,
    colour: [200, 70, 40],
  },
  {
    seller: 'vergers@example.com',
    article: 'Flat peach',
    name: 'Flat white peaches',
    description: 'Tree-ripened, sweet and fragrant.',
    caliber: 'A',
    origin: 'FR',
    packaging: 'ifco',
    price: 2.4,
    quantity: 8,
    colour: PEACH,
  },
  {
    seller: 'vergers@example.com',
    article: 'Apricot',
    name: 'Rouge du Roussillon apricots',
    description: 'AOP apricots picked the day before shipping.',
    caliber: 'AA',
    origin: 'FR',
    packaging: 'ifco',
    price: 2.8,
    quantity: 6,
    colour: ORANGE,
  },
  {
    seller: 'vergers@example.com',
    article: 'Golden Delicious apple',
    name: 'Golden apples (stock clearance)',
    description: 'Withdrawn by the operator pending a quality check.',
    caliber: '75-80',
    origin: 'FR',
    packaging: 'bulk',
    price: 0.9,
    quantity: 14,
    colour: YELLOW,
    disabled: true,
  },
  {
    seller: 'kas@example.com',
    article: 'Vine tomato',
    name: 'Truss tomatoes',
    description: 'Westland greenhouse, five to six fruits per truss.',
    caliber: '57-67',
    origin: 'NL',
    packaging: 'europool',
    price: 1.9,
    quantity: 22,
    colour: RED,
  },
  {
    seller: 'kas@example.com',
    article: 'Mini cucumber',
    name: 'Snack cucumbers',
    description: 'Mini cucumbers in flow-packs of six.',
    caliber: '',
    origin: 'NL',
    packaging: 'flow-pack',
    price: 1.3,
    quantity: 9,
    colour: GREEN,
  },
  {
    seller: 'kas@example.com',
    article: 'Yellow bell pepper',
    name: 'Yellow bell peppers',
    description: 'Blocky peppers, 200 g and up.',
    caliber: 'L',
    origin: 'NL',
    packaging: 'ifco',
    price: 1.75,
    quantity: 11,
    colour: YELLOW,
  },
  // Auctions running, with offers.
  {
    seller: HUERTA,
    article: 'Seedless watermelon',
    name: 'Seedless watermelons, full truck',
    description: 'Crimson type, 6-8 kg per fruit, loaded on 26 pallets.',
    caliber: '6-8 kg',
    origin: 'ES',
    packaging: 'bulk',
    price: 0.55,
    quantity: 26,
    colour: [60, 130, 60],
    auctionStartedHoursAgo: 60,
    bids: [
      [BUYER, 0.55],
      [LYON, 0.58],
      [BUYER, 0.6],
      [MILANO, 0.63],
    ],
  },
  {
    seller: 'agrumi@example.com',
    article: 'Navel orange',
    name: 'Navel oranges, end of season',
    description: 'Sweet, seedless, easy to peel.',
    caliber: '5',
    origin: 'IT',
    packaging: 'europool',
    price: 0.95,
    quantity: 12,
    colour: ORANGE,
    auctionStartedHoursAgo: 30,
    bids: [
      [MILANO, 0.95],
      [BUYER, 1.0],
    ],
  },
  {
    seller: HUERTA,
    article: 'Strawberry',
    name: 'Strawberries from Huelva',
    description: 'Fortuna variety, packed in the field.',
    caliber: 'L',
    origin: 'ES',
    packaging: 'punnet 500 g',
    price: 2.6,
    quantity: 7,
    colour: [215, 30, 50],
    auctionStartedHoursAgo: 6,
    bids: [
      [LYON, 2.6],
      [MILANO, 2.7],
      [LYON, 2.75],
    ],
  },
  {
    seller: 'vergers@example.com',
    article: 'Williams pear',
    name: 'Williams pears',
    description: 'Crisp, picked at the right firmness for ripening.',
    caliber: '65-70',
    origin: 'FR',
    packaging: 'ifco',
    price: 1.35,
    quantity: 9,
    colour: [190, 200, 70],
    auctionStartedHoursAgo: 0.5,
    bids: [[BUYER, 1.4]],
  },
  // An auction that ended with a winner.
  {
    seller: 'agrumi@example.com',
    article: 'Clementine',
    name: 'Clementines with leaves',
    description: 'Hand-picked, with two leaves on each fruit.',
    caliber: '2',
    origin: 'IT',
    packaging: 'ifco',
    price: 1.1,
    quantity: 8,
    colour: ORANGE,
    auctionStartedHoursAgo: 96,
    bids: [
      [LYON, 1.1],
      [MILANO, 1.18],
      [BUYER, 1.25],
    ],
  },
];

async function writePhotos(dataDir: string, productId: number, colour: Rgb, seed: number) {
  const dir = path.join(path.resolve(dataDir, 'product-images'), String(productId));
  await mkdir(dir, { recursive: true });
  const names: string[] = [];
  for (let i = 0; i < 3; i++) {
    const name = `${randomUUID()}.png`;
    await writeFile(path.join(dir, name), drawProducePhoto(colour, seed * 7 + i));
    names.push(name);
  }
  return names;
}

/**
 * Demo listings from several suppliers, with drawn photos, four running auctions with offers and one
 * that ended with a winner. Articles are looked up by English name in the catalog (reference data);
 * a lot whose article or packaging is missing is skipped with a warning.
 */
export async function seedListings(tx: Executor, dataDir: string, warn: (msg: string) => void = console.warn) {
  const ids = new Map<string, number>();
  for (const [list, category] of [
    [SUPPLIERS, 'supplier'],
    [BUYERS, 'client'],
  ] as const) {
    for (const u of list) {
      const created = await createUser(tx, { ...u, category, password: 'Demo-company-1' });
      ids.set(u.email, created.id);
    }
  }
  for (const email of [HUERTA, BUYER]) {
    const [u] = await tx.select({ id: users.id }).from(users).where(eq(users.email, email));
    if (u) ids.set(email, u.id);
  }

  let n = 0;
  for (const lot of DEMO_LOTS) {
    n++;
    const [article] = await tx
      .select({ id: articles.id })
      .from(articles)
      .where(sql`lower(${articles.article}) = lower(${lot.article})`)
      .limit(1);
    const [packaging] = await tx.select({ id: packagings.id }).from(packagings).where(eq(packagings.name, lot.packaging)).limit(1);
    const sellerId = ids.get(lot.seller);
    if (!article || !packaging || !sellerId) {
      warn(`demo listing "${lot.name}" skipped: ${!article ? `article "${lot.article}"` : `packaging "${lot.packaging}"`} is not in the catalog`);
      continue;
    }
    const start = lot.auctionStartedHoursAgo === undefined ? undefined : new Date(Date.now() - lot.auctionStartedHoursAgo * 3_600_000);
    const row = await createProduct(tx, {
      supplierId: sellerId,
      articleId: article.id,
      packagingId: packaging.id,
      origin: lot.origin,
      name: lot.name,
      description: lot.description,
      caliber: lot.caliber,
      price: lot.price,
      quantity: lot.quantity,
      netKgPerPallet: palletLoad(lot.packaging).kgPerPallet,
      boxesPerPallet: palletLoad(lot.packaging).boxes,
      netKgPerBox: palletLoad(lot.packaging).kgPerBox,
      availableUntil: dayInParis(21),
      // Most demo lots are class I; a few Extra and II show the badge's range (issue 25).
      qualityClass: n % 5 === 1 ? 'EXTRA' : n % 7 === 3 ? 'II' : 'I',
      status: lot.disabled ? 'DISABLED' : undefined,
      auctionStartDate: start,
      createdAt: start ?? new Date(Date.now() - n * 3_600_000),
    });
    const photos = await writePhotos(dataDir, row.id, lot.colour, n);
    let lastOfferId: number | null = null;
    const bids = lot.bids ?? [];
    for (const [i, [buyer, amount]] of bids.entries()) {
      // Spread the bids over the auction's elapsed time, oldest first.
      const at = new Date(start!.getTime() + ((i + 1) / (bids.length + 1)) * Math.min(Date.now() - start!.getTime(), AUCTION_DURATION_MS));
      lastOfferId = (await createOffer(tx, row.id, ids.get(buyer)!, amount, at)).id;
    }
    const ended = start && start.getTime() + AUCTION_DURATION_MS <= Date.now();
    await tx
      .update(products)
      .set({ photos, ...(ended ? { status: 'EXPIRED' as const, closedAt: row.endsAt, winningOfferId: lastOfferId } : {}) })
      .where(eq(products.id, row.id));
  }
}
