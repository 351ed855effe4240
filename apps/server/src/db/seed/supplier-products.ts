import { dayInParis, type QualityClass } from '@primeur/shared';
import { asc, eq } from 'drizzle-orm';
import type { Executor } from '../client.js';
import { createVariant } from '../factories/supplier-products.js';
import { articles, companies, countries, productLinks } from '../schema/index.js';

/**
 * Demo price lists: every product of every demo supplier gets two or three variants with prices near
 * the wholesale market of the season, validity dates around today and volumes in pallets, so the
 * overview and the request page compare real-looking offers.
 */
interface Profile {
  kg: number;
  weight: number;
  pieces: number;
  box: string;
  packaging?: string;
  calibers: string[];
  /** The quality class of each variant, in turn with the calibers (Class I unless said). */
  classes?: QualityClass[];
}

const BY_PREFIX: Record<string, Profile> = {
  CIT: { kg: 0.95, weight: 0.16, pieces: 63, box: 'Cardboard box 40×60', calibers: ['1', '2', '3'] },
  STO: { kg: 2.2, weight: 0.18, pieces: 28, box: 'Cardboard tray 40×60 one layer', calibers: ['A', 'AA', 'B'] },
  POM: { kg: 0.95, weight: 0.2, pieces: 65, box: 'Cardboard tray 40×60 one layer', calibers: ['70-75', '75-80', '80-85'] },
  BER: {
    kg: 4.2,
    weight: 0.25,
    pieces: 8,
    box: 'Cardboard tray 30×40 one layer',
    packaging: 'punnet 250 g',
    calibers: ['35+ mm', '25-35 mm'],
    classes: ['EXTRA', 'I'],
  },
  GRA: { kg: 2.6, weight: 0.5, pieces: 10, box: 'Cardboard box 30×40', packaging: 'clamshell 250 g', calibers: ['18+', '20+'] },
  MEL: { kg: 1.3, weight: 1.1, pieces: 9, box: 'Cardboard box 30×50', calibers: ['9', '12'] },
  TRO: { kg: 3.1, weight: 0.22, pieces: 18, box: 'Cardboard box 30×40', calibers: ['16', '18', '20'] },
  EXO: { kg: 2.1, weight: 0.35, pieces: 12, box: 'Cardboard box 30×40', calibers: ['10', '12'] },
  TOM: { kg: 1.25, weight: 0.15, pieces: 40, box: 'Cardboard box 30×40', calibers: ['57-67', '67-82', 'GG'] },
  SAL: { kg: 1.0, weight: 0.55, pieces: 10, box: 'Plastic crate 40×60', calibers: ['10', '12'] },
  FRV: { kg: 1.6, weight: 0.2, pieces: 25, box: 'Cardboard box 30×40', calibers: ['M', 'L', 'XL'] },
  STE: { kg: 1.4, weight: 0.35, pieces: 15, box: 'Wooden crate 30×50', calibers: ['L', 'M'], classes: ['I', 'II'] },
};

const BY_CODE: Record<string, Partial<Profile>> = {
  CIT04: { kg: 1.15, weight: 0.07, pieces: 140, calibers: ['1X', '1', '2'] },
  CIT08: { kg: 1.05, weight: 0.13, pieces: 115 },
  STO06: { kg: 6.5, weight: 0.01, pieces: 500, calibers: ['26+', '28+'] },
  BER02: { kg: 9, weight: 0.125, pieces: 12, packaging: 'punnet 125 g' },
  BER03: { kg: 7.5, weight: 0.125, pieces: 12, packaging: 'punnet 125 g' },
  TOM03: { kg: 2.8, weight: 0.25, pieces: 12, packaging: 'punnet 250 g', calibers: ['25-30 mm', '20-25 mm'], classes: ['EXTRA', 'I'] },
  TOM06: { kg: 2.1, weight: 0.03, pieces: 100 },
  FRV07: { kg: 1.3, weight: 0.3, pieces: 17, calibers: ['L', 'M'], classes: ['I', 'II'] },
  FRV08: { kg: 1.1, weight: 0.25, pieces: 20, calibers: ['14-21', '21-27'] },
  FRV09: { kg: 0.8, weight: 0.4, pieces: 12, calibers: ['350-400', '400-500'] },
  STE05: { kg: 2.2, weight: 0.25, pieces: 20 },
  POM08: { kg: 1.1, weight: 0.22, pieces: 60, calibers: ['60-65', '65-70'] },
};

/** A stable spread of ±7 % so the suppliers' prices differ without being random between runs. */
const spread = (n: number) => 1 + (((n * 37) % 15) - 7) / 100;

export async function seedSupplierProducts(tx: Executor) {
  const links = await tx
    .select({ supplierId: companies.id, packagings: companies.packagings, origin: countries.alpha2, code: articles.code })
    .from(productLinks)
    .innerJoin(companies, eq(companies.id, productLinks.companyId))
    .innerJoin(articles, eq(articles.id, productLinks.articleId))
    .leftJoin(countries, eq(countries.id, companies.countryId))
    .where(eq(companies.kind, 'supplier'))
    .orderBy(asc(companies.id), asc(articles.code));
  let n = 0;
  for (const link of links) {
    const base = BY_PREFIX[link.code.slice(0, 3)];
    if (!base) throw new Error(`No demo price profile for ${link.code}`);
    const p = { ...base, ...BY_CODE[link.code] };
    // Reusable crates where the supplier works with them, else the profile's packaging (or bulk).
    const packaging = p.packaging ?? link.packagings[0] ?? 'bulk';
    const box = link.packagings[0] === 'ifco' ? 'ifco 6416 (60×40×16)' : link.packagings[0] === 'europool' ? 'europool 6418 (60×40×18)' : p.box;
    const windows: Array<[number, number]> = [
      [-7, 7],
      [-3, 14],
      [8, 30],
    ];
    const count = n % 2 === 0 ? 3 : 2;
    for (let i = 0; i < count; i++) {
      n++;
      const [from, to] = windows[i]!;
      await createVariant(tx, {
        supplierId: link.supplierId,
        code: link.code,
        origin: link.origin ?? undefined,
        packaging,
        box,
        caliber: p.calibers[i % p.calibers.length]!,
        qualityClass: p.classes?.[i % p.classes.length] ?? 'I',
        weightPiece: p.weight,
        nbPiece: p.pieces,
        // Larger calibers and later weeks quote a little higher.
        priceKg: Math.round(p.kg * spread(n) * (1 + i * 0.04) * 1000) / 1000,
        volume: 2 + ((n * 7) % 23),
        startDate: dayInParis(from),
        endDate: dayInParis(to),
      });
    }
  }
}
