import { describe, expect, it } from 'vitest';
import { CatalogMatcher } from './catalog-matcher.js';
import { parseMessage, type ParsedOffer } from './offer-parser.js';
import { referenceMatchCatalog } from './reference-catalog.js';

const matcher = new CatalogMatcher(referenceMatchCatalog());
/** A Saturday: "lunes"/"monday" is the 23rd, "mañana" the 22nd, week 49 starts on the 30th. */
const today = new Date('2026-11-21T00:00:00Z');
const parse = (text: string) => parseMessage(text, matcher, { today });

type Expected = Pick<ParsedOffer, 'origin' | 'packaging' | 'box' | 'caliber' | 'priceKg' | 'priceColis' | 'pricePiece' | 'volume' | 'startDate'> & {
  code: string | null;
};

/** Offer lines as suppliers send them (Spanish, French, English), with what staff expect to see. */
const OFFERS: Array<[string, Expected]> = [
  ["Tomate rama cj 30x40 5kg a 1,20 3 pal", {code: "TOM02",origin: "",packaging: "",box: "cj 30x40 5kg",caliber: "",priceKg: 1.2,priceColis: null,pricePiece: null,volume: 3,startDate: null}],
  ["Naranja navel cal 3 España 0,65€/kg 4 pal desde 25/11", {code: "CIT01",origin: "Spain",packaging: "",box: "",caliber: "3",priceKg: 0.65,priceColis: null,pricePiece: null,volume: 4,startDate: "2026-11-25"}],
  ["Clementina Nules cal 1-2 cj 10kg 9,50€/cj 3 palets", {code: "CIT04",origin: "",packaging: "",box: "cj 10kg",caliber: "1-2",priceKg: 0.95,priceColis: 9.5,pricePiece: null,volume: 3,startDate: null}],
  ["Limón Primofiori cal 4 granel 0,80 €/kg 6 pal", {code: "CIT08",origin: "",packaging: "granel",box: "",caliber: "4",priceKg: 0.8,priceColis: null,pricePiece: null,volume: 6,startDate: null}],
  ["Tomate rama cj 30x40 5kg a 1,20 Almería 2 pal", {code: "TOM02",origin: "Spain",packaging: "",box: "cj 30x40 5kg",caliber: "",priceKg: 1.2,priceColis: null,pricePiece: null,volume: 2,startDate: null}],
  ["Pimiento rojo cal G caja 5kg 1.45€/kg lunes", {code: "FRV01",origin: "",packaging: "",box: "caja 5kg",caliber: "G",priceKg: 1.45,priceColis: null,pricePiece: null,volume: null,startDate: "2026-11-23"}],
  ["Calabacín cj 5kg 0,90€/kg 3 pal", {code: "FRV08",origin: "",packaging: "",box: "cj 5kg",caliber: "",priceKg: 0.9,priceColis: null,pricePiece: null,volume: 3,startDate: null}],
  ["Pepino holandés 1€/pieza 26/11", {code: "FRV09",origin: "",packaging: "",box: "",caliber: "",priceKg: null,priceColis: null,pricePiece: 1,volume: null,startDate: "2026-11-26"}],
  ["Fresas tarrina 500g 1,60€/ud 5 pal Huelva", {code: "BER01",origin: "Spain",packaging: "500g tarrina",box: "",caliber: "",priceKg: null,priceColis: null,pricePiece: 1.6,volume: 5,startDate: null}],
  ["Aguacate Hass cal 18 caja 4kg 11€/caja Perú", {code: "TRO04",origin: "Peru",packaging: "",box: "caja 4kg",caliber: "18",priceKg: 2.75,priceColis: 11,pricePiece: null,volume: null,startDate: null}],
  ["Oranges navel Espagne cal 4 colis 15kg 0,72€/kg 5 palettes", {code: "CIT01",origin: "Spain",packaging: "",box: "colis 15kg",caliber: "4",priceKg: 0.72,priceColis: null,pricePiece: null,volume: 5,startDate: null}],
  ["Clémentines Maroc cal 2 colis 10kg 9€ le colis 2 pal à partir du 28/11", {code: "CIT04",origin: "Morocco",packaging: "",box: "colis 10kg",caliber: "2",priceKg: 0.9,priceColis: 9,pricePiece: null,volume: 2,startDate: "2026-11-28"}],
  ["Pommes Golden cal 75/80 plateau 1 rang 1,10€/kg 4 pal", {code: "POM02",origin: "",packaging: "",box: "plateau",caliber: "75/80",priceKg: 1.1,priceColis: null,pricePiece: null,volume: 4,startDate: null}],
  ["Poires Conférence cal 60+ 1,05 €/kg 2 palettes dispo lundi", {code: "POM08",origin: "",packaging: "",box: "",caliber: "60+",priceKg: 1.05,priceColis: null,pricePiece: null,volume: 2,startDate: "2026-11-23"}],
  ["Tomates cerises barquette 250g 0,95€ pièce 3 pal", {code: "TOM03",origin: "",packaging: "250g barquette",box: "",caliber: "",priceKg: null,priceColis: null,pricePiece: 0.95,volume: 3,startDate: null}],
  ["Courgettes cat I colis 5kg 1,10€/kg 1 camion", {code: "FRV08",origin: "",packaging: "",box: "colis 5kg",caliber: "",priceKg: 1.1,priceColis: null,pricePiece: null,volume: 33,startDate: null}],
  ["Haricots verts Kenya 4,20 €/kg 1 pal", {code: "POD01",origin: "Kenya",packaging: "",box: "",caliber: "",priceKg: 4.2,priceColis: null,pricePiece: null,volume: 1,startDate: null}],
  ["Navel oranges Spain size 5 15kg box €0.70/kg 3 pallets from 24/11", {code: "CIT01",origin: "Spain",packaging: "",box: "box 15kg",caliber: "5",priceKg: 0.7,priceColis: null,pricePiece: null,volume: 3,startDate: "2026-11-24"}],
  ["Hass avocados Peru size 20 4kg box €10.50/box 2 pallets", {code: "TRO04",origin: "Peru",packaging: "",box: "box 4kg",caliber: "20",priceKg: 2.625,priceColis: 10.5,pricePiece: null,volume: 2,startDate: null}],
  ["Cherry tomatoes 250g punnets €0.90 each 4 pallets", {code: "TOM03",origin: "",packaging: "250g punnets",box: "",caliber: "",priceKg: null,priceColis: null,pricePiece: 0.9,volume: 4,startDate: null}],
  ["Red peppers 5kg box 1.40 €/kg 1 truck", {code: "FRV01",origin: "",packaging: "",box: "box 5kg",caliber: "",priceKg: 1.4,priceColis: null,pricePiece: null,volume: 33,startDate: null}],
  ["Lemons Turkey cal 3 bulk 0.75€/kg 3 pal", {code: "CIT08",origin: "Türkiye",packaging: "bulk",box: "",caliber: "3",priceKg: 0.75,priceColis: null,pricePiece: null,volume: 3,startDate: null}],
  ["Green asparagus Peru 16+ mm 5kg €3.80/kg 1 pallet monday", {code: "STE01",origin: "Peru",packaging: "",box: "5kg",caliber: "16+mm",priceKg: 3.8,priceColis: null,pricePiece: null,volume: 1,startDate: "2026-11-23"}],
  ["Granada Mollar cal AA 3,5 kg 2,10€/kg 4 pal", {code: "EXO03",origin: "",packaging: "",box: "3,5 kg",caliber: "AA",priceKg: 2.1,priceColis: null,pricePiece: null,volume: 4,startDate: null}],
  ["Mandarina Nadorcott cal 1 cj 10kg 1,05€/kg 5 pal", {code: "CIT07",origin: "",packaging: "",box: "cj 10kg",caliber: "1",priceKg: 1.05,priceColis: null,pricePiece: null,volume: 5,startDate: null}],
  ["Naranja Valencia Late cal 5 cj 15kg 0,55 €/kg 8 pal", {code: "CIT02",origin: "",packaging: "",box: "cj 15kg",caliber: "5",priceKg: 0.55,priceColis: null,pricePiece: null,volume: 8,startDate: null}],
  ["Uva blanca sin semillas cj 5kg 2,30€/kg 2 pal semana 49", {code: "GRA01",origin: "",packaging: "",box: "cj 5kg",caliber: "",priceKg: 2.3,priceColis: null,pricePiece: null,volume: 2,startDate: "2026-11-30"}],
  ["Sandía sin semillas granel 0,45€/kg 1 camión", {code: "MEL06",origin: "",packaging: "granel",box: "",caliber: "",priceKg: 0.45,priceColis: null,pricePiece: null,volume: 33,startDate: null}],
  ["Brócoli cj 6kg 1,35€/kg 3 pal", {code: "CAB02",origin: "",packaging: "",box: "cj 6kg",caliber: "",priceKg: 1.35,priceColis: null,pricePiece: null,volume: 3,startDate: null}],
  ["Lechuga iceberg cj 10 uds 0,50€/ud 4 pal", {code: "SAL01",origin: "",packaging: "",box: "cj",caliber: "",priceKg: null,priceColis: null,pricePiece: 0.5,volume: 4,startDate: null}],
  ["Ajo morado cal 50-60 malla 1kg 2,80€/kg 2 pal", {code: "ALL06",origin: "",packaging: "malla",box: "1kg",caliber: "50-60",priceKg: 2.8,priceColis: null,pricePiece: null,volume: 2,startDate: null}],
  ["Patata nueva saco 25kg 0,38€/kg 10 pal", {code: "POT02",origin: "",packaging: "saco",box: "25kg",caliber: "",priceKg: 0.38,priceColis: null,pricePiece: null,volume: 10,startDate: null}],
  ["Kiwi verde cal 30 plató 3kg 7,50€/caja Italia 2 pal", {code: "TRO07",origin: "Italy",packaging: "",box: "plató 3kg",caliber: "30",priceKg: 2.5,priceColis: 7.5,pricePiece: null,volume: 2,startDate: null}],
  ["Mangue Pérou cal 8 colis 4kg 8,50 € colis 3 pal", {code: "TRO03",origin: "Peru",packaging: "",box: "colis 4kg",caliber: "8",priceKg: 2.125,priceColis: 8.5,pricePiece: null,volume: 3,startDate: null}],
  ["Avocats Hass Kenya cal 16 colis 4kg 10€/colis 4 palettes 02/12", {code: "TRO04",origin: "Kenya",packaging: "",box: "colis 4kg",caliber: "16",priceKg: 2.5,priceColis: 10,pricePiece: null,volume: 4,startDate: "2026-12-02"}],
  ["Fraises Espagne barquette 500g 1,75€ pièce 6 palettes demain", {code: "BER01",origin: "Spain",packaging: "500g barquette",box: "",caliber: "",priceKg: null,priceColis: null,pricePiece: 1.75,volume: 6,startDate: "2026-11-22"}],
  ["Citrons Espagne cal 3 vrac 0,85€/kg 5 pal", {code: "CIT08",origin: "Spain",packaging: "vrac",box: "",caliber: "3",priceKg: 0.85,priceColis: null,pricePiece: null,volume: 5,startDate: null}],
  ["Poivrons jaunes colis 5kg 1,90€/kg 2 pal", {code: "FRV03",origin: "",packaging: "",box: "colis 5kg",caliber: "",priceKg: 1.9,priceColis: null,pricePiece: null,volume: 2,startDate: null}],
  ["Endives cat I colis 5kg 1,60 €/kg 3 pal", {code: "SAL09",origin: "",packaging: "",box: "colis 5kg",caliber: "",priceKg: 1.6,priceColis: null,pricePiece: null,volume: 3,startDate: null}],
  ["Carottes filet 1kg 0,70€ pièce 8 palettes", {code: "ROO01",origin: "",packaging: "filet",box: "1kg",caliber: "",priceKg: null,priceColis: null,pricePiece: 0.7,volume: 8,startDate: null}],
  ["Pomelo Florida cal 40 cj 15kg 12€/cj 2 pal", {code: "CIT10",origin: "",packaging: "",box: "cj 15kg",caliber: "40",priceKg: 0.8,priceColis: 12,pricePiece: null,volume: 2,startDate: null}],
  ["Blueberries Peru 125g punnets €1.10 each 3 pallets", {code: "BER03",origin: "Peru",packaging: "125g punnets",box: "",caliber: "",priceKg: null,priceColis: null,pricePiece: 1.1,volume: 3,startDate: null}],
  ["Green beans Kenya 5kg box €4.10/kg 2 pallets", {code: "POD01",origin: "Kenya",packaging: "",box: "box 5kg",caliber: "",priceKg: 4.1,priceColis: null,pricePiece: null,volume: 2,startDate: null}],
  ["Broccoli Spain 6kg box €1.30/kg 5 pallets tomorrow", {code: "CAB02",origin: "Spain",packaging: "",box: "box 6kg",caliber: "",priceKg: 1.3,priceColis: null,pricePiece: null,volume: 5,startDate: "2026-11-22"}],
  ["Pink Lady apples size 80 tray €1.35/kg 4 pallets", {code: "POM04",origin: "",packaging: "",box: "tray",caliber: "80",priceKg: 1.35,priceColis: null,pricePiece: null,volume: 4,startDate: null}],
  ["Sweet potatoes USA 6kg box €1.15/kg 2 pallets", {code: "ROO08",origin: "United States",packaging: "",box: "box 6kg",caliber: "",priceKg: 1.15,priceColis: null,pricePiece: null,volume: 2,startDate: null}],
  ["Limes Brazil cal 48 4kg box €9/box 3 pallets", {code: "CIT09",origin: "Brazil",packaging: "",box: "box 4kg",caliber: "48",priceKg: 2.25,priceColis: 9,pricePiece: null,volume: 3,startDate: null}],
];

/** Greetings, headers, totals and transport prices: never an offer. */
const NOT_OFFERS = [
  "Hola buenos días, os paso oferta",
  "Gracias!",
  "Transporte a Rungis 1.200 € por camión",
  "Bonjour, voici notre offre de la semaine",
  "Total 12 palettes",
  "Origen Marruecos",
  "Good morning, please find our offer below",
  "Thanks, best regards",
  "Payment 30 days",
  "Call me for more info",
  "Buenas tardes",
  '',
  '👍',
  'Ok perfecto, mañana confirmo',
  'Merci, bonne journée',
  'Precio transporte 1,50€/kg',
  'IVA no incluido 10%',
];

describe('offer line parser', () => {
  it('has at least 40 offer lines in three languages', () => {
    expect(OFFERS.length).toBeGreaterThanOrEqual(40);
  });

  it.each(OFFERS)('reads %s', (line, expected) => {
    const offers = parse(line);
    expect(offers).toHaveLength(1);
    const o = offers[0]!;
    const { code, ...fields } = expected;
    expect(o.lookalike.productName?.code ?? null).toBe(code);
    expect(o).toMatchObject(fields);
    expect(o.productName.length).toBeGreaterThan(0);
    expect(o.line).toBe(line);
  });

  it.each(NOT_OFFERS)('finds no offer in %j', (line) => {
    expect(parse(line)).toEqual([]);
  });
});

describe('whole messages', () => {
  it('applies a header origin and date to the lines below it and skips the chatter', () => {
    const offers = parse(
      ['Buenos días 👋', '*OFERTA* Origen Marruecos, salida 25/11', '- Clementina cal 1 cj 10kg 0,95€/kg 4 pal', '- Naranja navel cal 4 0,60€/kg 6 pal', 'Saludos'].join('\n'),
    );
    expect(offers.map((o) => [o.lookalike.productName?.code, o.origin, o.startDate])).toEqual([
      ['CIT04', 'Morocco', '2026-11-25'],
      ['CIT01', 'Morocco', '2026-11-25'],
    ]);
  });

  it("lets a line's own origin win over the header", () => {
    const [o] = parse('Origen España\nLimón Turquía cal 3 0,70€/kg');
    expect(o!.origin).toBe('Türkiye');
  });

  it('reads a date without a year sent in December for January as next year', () => {
    const [o] = parseMessage('Fresa tarrina 500g 1,90€/ud desde 10/01', matcher, { today: new Date('2026-12-20T00:00:00Z') });
    expect(o!.startDate).toBe('2027-01-10');
  });
});

describe('catalog lookalikes', () => {
  it('matches accent- and case-insensitively in the four catalog languages', () => {
    for (const text of ['LIMON', 'limón', 'Citron', 'Zitrone', 'lemons']) expect(matcher.articles(text)[0]?.code).toBe('CIT08');
  });

  it('scores a partial name lower than a full one and keeps alternatives', () => {
    const [best, ...rest] = matcher.articles('pimiento rojo');
    expect(best).toMatchObject({ code: 'FRV01', score: 1 });
    expect(rest.every((r) => r.score < 1)).toBe(true);
  });

  it('finds boxes by dimensions and material and packagings by size', () => {
    expect(matcher.box('caja madera 30x40')?.label).toBe('Wooden crate 30×40');
    expect(matcher.box('ifco 6416')?.label).toBe('IFCO 6416 (60×40×16)');
    expect(matcher.packaging('tarrina 250g')?.label).toBe('punnet 250 g');
    expect(matcher.packaging('malla 2kg')?.label).toBe('net bag 2 kg');
  });

  it('does not take a pomegranate for a country', () => {
    const [o] = parse('Granada Mollar cal AA 2,10€/kg');
    expect(o!.lookalike.productName?.code).toBe('EXO03');
    expect(o!.origin).toBe('');
  });
});
