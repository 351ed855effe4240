import type { ClaimReason } from '@primeur/shared';

/**
 * The demo's sales after the auction (decision 900), as data: who sold what to whom, the bids, and
 * what happened to each order afterwards, oldest sale first. demo-trade.ts plays them through the
 * services.
 */

export const H = 3_600_000;
export const D = 24 * H;

export const HUERTA = 'supplier@example.com';
const FRISCHMARKT = 'buyer@example.com';

export type Step =
  | { kind: 'ship'; at: number; netKg: number; plate: string }
  | { kind: 'receive'; at: number; pallets?: number; netKg: number; differences?: string }
  | { kind: 'invoice'; at: number }
  | { kind: 'close'; at: number }
  | { kind: 'cancel'; at: number; by: 'buyer' | 'seller'; reason: string }
  | {
      kind: 'claim';
      at: number;
      reasons: ClaimReason[];
      pallets: number;
      description: string;
      creditAsked: number;
    }
  | { kind: 'propose'; at: number; credit: number; note: string }
  | { kind: 'acceptProposal'; at: number }
  | { kind: 'creditNote'; at: number };

export interface DemoTrade {
  seller: string;
  buyer: string;
  article: string;
  name: string;
  caliber: string;
  packaging: string;
  pallets: number;
  startPrice: number;
  /** Bids as [buyer, €/kg], oldest first; the last one wins. */
  bids: Array<[string, number]>;
  /** When the auction ended (the order's confirmation), ms before now. */
  endedAgo: number;
  colour: [number, number, number];
  steps: Step[];
}

const LYON = 'primeurs.lyon@example.com';
const MILANO = 'fruttaverde@example.com';

/** Oldest sale first: the auctions close in this order, so the order numbers follow it. */
export const DEMO_TRADES: DemoTrade[] = [
  {
    seller: HUERTA,
    buyer: FRISCHMARKT,
    article: 'Red bell pepper',
    name: 'California red peppers, greenhouse Níjar',
    caliber: 'L',
    packaging: 'ifco',
    pallets: 6,
    startPrice: 1.55,
    bids: [
      [LYON, 1.55],
      [FRISCHMARKT, 1.62],
    ],
    endedAgo: 17 * D,
    colour: [205, 40, 35],
    steps: [
      { kind: 'ship', at: 16 * D, netKg: 4785.5, plate: '4821-KLM' },
      { kind: 'receive', at: 14 * D, netKg: 4785.5 },
      { kind: 'invoice', at: 14 * D - 2 * H },
      { kind: 'close', at: 13 * D },
    ],
  },
  {
    seller: 'agrumi@example.com',
    buyer: LYON,
    article: 'Lemon',
    name: 'Femminello lemons, unwaxed',
    caliber: '3',
    packaging: 'ifco',
    pallets: 5,
    startPrice: 1.15,
    bids: [[LYON, 1.2]],
    endedAgo: 15 * D,
    colour: [245, 215, 60],
    steps: [
      { kind: 'ship', at: 14 * D, netKg: 3990, plate: 'FG 482 KT' },
      { kind: 'receive', at: 12 * D, netKg: 3990 },
      { kind: 'invoice', at: 12 * D - 2 * H },
      { kind: 'close', at: 11 * D },
    ],
  },
  {
    seller: HUERTA,
    buyer: FRISCHMARKT,
    article: 'Cucumber',
    name: 'Long cucumbers, first category',
    caliber: '400-500 g',
    packaging: 'europool',
    pallets: 8,
    startPrice: 0.8,
    bids: [
      [MILANO, 0.8],
      [FRISCHMARKT, 0.86],
    ],
    endedAgo: 12 * D,
    colour: [80, 150, 60],
    steps: [
      { kind: 'ship', at: 11 * D, netKg: 6470, plate: '7310-GHT' },
      { kind: 'receive', at: 9 * D, pallets: 8, netKg: 6470, differences: 'Two pallets with soft, yellowing cucumbers at the bottom layers.' },
      { kind: 'invoice', at: 9 * D - 2 * H },
      {
        kind: 'claim',
        at: 9 * D - 3 * H,
        reasons: ['DECAY'],
        pallets: 2,
        description: 'Two pallets with soft, yellowing cucumbers in the bottom layers (about 25 % of the boxes). Photos taken at the dock.',
        creditAsked: 420,
      },
      { kind: 'propose', at: 8 * D, credit: 300, note: 'Our loading record shows the pallets were fine at departure; we offer 300 € as a gesture.' },
      { kind: 'acceptProposal', at: 8 * D - 4 * H },
      { kind: 'creditNote', at: 8 * D - 3 * H },
    ],
  },
  {
    seller: HUERTA,
    buyer: FRISCHMARKT,
    article: 'Cherry tomato',
    name: 'Cherry tomatoes on the vine',
    caliber: '20-25 mm',
    packaging: 'punnet 250 g',
    pallets: 4,
    startPrice: 2.05,
    bids: [[FRISCHMARKT, 2.1]],
    endedAgo: 8 * D,
    colour: [205, 40, 35],
    steps: [{ kind: 'cancel', at: 7 * D, by: 'buyer', reason: 'Our cold room is under repair this week; we cannot take the goods.' }],
  },
  {
    seller: 'vergers@example.com',
    buyer: MILANO,
    article: 'Apricot',
    name: 'Rouge du Roussillon apricots',
    caliber: 'AA',
    packaging: 'ifco',
    pallets: 4,
    startPrice: 2.7,
    bids: [
      [FRISCHMARKT, 2.7],
      [MILANO, 2.85],
    ],
    endedAgo: 5 * D,
    colour: [240, 130, 30],
    steps: [{ kind: 'ship', at: 2 * D, netKg: 3150, plate: 'GH-214-PX' }],
  },
  {
    seller: HUERTA,
    buyer: FRISCHMARKT,
    article: 'Strawberry',
    name: 'Strawberries Fortuna',
    caliber: 'L',
    packaging: 'punnet 500 g',
    pallets: 5,
    startPrice: 2.5,
    bids: [
      [LYON, 2.5],
      [FRISCHMARKT, 2.65],
    ],
    endedAgo: 4 * D,
    colour: [200, 30, 50],
    steps: [
      { kind: 'ship', at: 3 * D, netKg: 3590, plate: '2290-MBX' },
      // Fractions of the claim window, so any CLAIM_WINDOW_HOURS leaves this claim filed inside it.
      { kind: 'receive', at: -0.6, netKg: 3585 },
      { kind: 'invoice', at: -0.55 },
      {
        kind: 'claim',
        at: -0.5,
        reasons: ['BRUISING', 'TEMPERATURE'],
        pallets: 1,
        description: 'One pallet arrived at 9 °C instead of 2 °C; many punnets show bruised and leaking fruit.',
        creditAsked: 650,
      },
    ],
  },
  {
    seller: HUERTA,
    buyer: FRISCHMARKT,
    article: 'Seedless watermelon',
    name: 'Seedless watermelons, mini',
    caliber: '2-3 kg',
    packaging: 'bulk',
    pallets: 3,
    startPrice: 0.5,
    bids: [[FRISCHMARKT, 0.55]],
    endedAgo: 3 * D,
    colour: [80, 150, 60],
    steps: [
      { kind: 'ship', at: 2 * D, netKg: 2690, plate: '5512-JCD' },
      { kind: 'receive', at: -0.25, netKg: 2690 },
      { kind: 'invoice', at: -0.2 },
    ],
  },
  {
    seller: HUERTA,
    buyer: FRISCHMARKT,
    article: 'Red bell pepper',
    name: 'California red peppers, second harvest',
    caliber: 'L',
    packaging: 'ifco',
    pallets: 6,
    startPrice: 1.5,
    bids: [
      [MILANO, 1.5],
      [FRISCHMARKT, 1.58],
    ],
    endedAgo: 40 * 60_000 + 2 * D,
    colour: [205, 40, 35],
    steps: [{ kind: 'ship', at: 20 * H, netKg: 4790, plate: '9034-LRN' }],
  },
  {
    seller: HUERTA,
    buyer: FRISCHMARKT,
    article: 'Cucumber',
    name: 'Long cucumbers, this week’s cut',
    caliber: '400-500 g',
    packaging: 'europool',
    pallets: 4,
    startPrice: 0.82,
    bids: [
      [LYON, 0.82],
      [FRISCHMARKT, 0.88],
    ],
    endedAgo: 2 * H,
    colour: [80, 150, 60],
    steps: [],
  },
];
