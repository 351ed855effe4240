import type { ParsedOffer } from './offer-parser.js';

/**
 * The offer-parser's table: lines as suppliers send them (Spanish, French, English) with what staff
 * expect to see, and lines that hold no offer (offer-parser.test.ts reads both).
 */
export type Expected = Pick<
  ParsedOffer,
  'origin' | 'packaging' | 'box' | 'caliber' | 'qualityClass' | 'priceKg' | 'priceColis' | 'pricePiece' | 'volume' | 'startDate'
> & {
  code: string | null;
};

/** Every field read as empty: a case names only what the parser finds in its line. */
const NOTHING: Omit<Expected, 'code'> = {
  origin: '',
  packaging: '',
  box: '',
  caliber: '',
  qualityClass: null,
  priceKg: null,
  priceColis: null,
  pricePiece: null,
  volume: null,
  startDate: null,
};
const offer = (code: string | null, found: Partial<Omit<Expected, 'code'>>): Expected => ({ code, ...NOTHING, ...found });

/** Offer lines as suppliers send them (Spanish, French, English), with what staff expect to see. */
export const OFFERS: Array<[string, Expected]> = [
  ['Tomate rama cj 30x40 5kg a 1,20 3 pal', offer('TOM02', { box: 'cj 30x40 5kg', priceKg: 1.2, volume: 3 })],
  [
    'Naranja navel cal 3 España 0,65€/kg 4 pal desde 25/11',
    offer('CIT01', { origin: 'Spain', caliber: '3', priceKg: 0.65, volume: 4, startDate: '2026-11-25' }),
  ],
  ['Clementina Nules cal 1-2 cj 10kg 9,50€/cj 3 palets', offer('CIT04', { box: 'cj 10kg', caliber: '1-2', priceKg: 0.95, priceColis: 9.5, volume: 3 })],
  ['Limón Primofiori cal 4 granel 0,80 €/kg 6 pal', offer('CIT08', { packaging: 'granel', caliber: '4', priceKg: 0.8, volume: 6 })],
  ['Tomate rama cj 30x40 5kg a 1,20 Almería 2 pal', offer('TOM02', { origin: 'Spain', box: 'cj 30x40 5kg', priceKg: 1.2, volume: 2 })],
  ['Pimiento rojo cal G caja 5kg 1.45€/kg lunes', offer('FRV01', { box: 'caja 5kg', caliber: 'G', priceKg: 1.45, startDate: '2026-11-23' })],
  ['Calabacín cj 5kg 0,90€/kg 3 pal', offer('FRV08', { box: 'cj 5kg', priceKg: 0.9, volume: 3 })],
  ['Pepino holandés 1€/pieza 26/11', offer('FRV09', { pricePiece: 1, startDate: '2026-11-26' })],
  ['Fresas tarrina 500g 1,60€/ud 5 pal Huelva', offer('BER01', { origin: 'Spain', packaging: '500g tarrina', pricePiece: 1.6, volume: 5 })],
  ['Aguacate Hass cal 18 caja 4kg 11€/caja Perú', offer('TRO04', { origin: 'Peru', box: 'caja 4kg', caliber: '18', priceKg: 2.75, priceColis: 11 })],
  [
    'Oranges navel Espagne cal 4 colis 15kg 0,72€/kg 5 palettes',
    offer('CIT01', { origin: 'Spain', box: 'colis 15kg', caliber: '4', priceKg: 0.72, volume: 5 }),
  ],
  [
    'Clémentines Maroc cal 2 colis 10kg 9€ le colis 2 pal à partir du 28/11',
    offer('CIT04', { origin: 'Morocco', box: 'colis 10kg', caliber: '2', priceKg: 0.9, priceColis: 9, volume: 2, startDate: '2026-11-28' }),
  ],
  ['Pommes Golden cal 75/80 plateau 1 rang 1,10€/kg 4 pal', offer('POM02', { box: 'plateau', caliber: '75/80', priceKg: 1.1, volume: 4 })],
  ['Poires Conférence cal 60+ 1,05 €/kg 2 palettes dispo lundi', offer('POM08', { caliber: '60+', priceKg: 1.05, volume: 2, startDate: '2026-11-23' })],
  ['Tomates cerises barquette 250g 0,95€ pièce 3 pal', offer('TOM03', { packaging: '250g barquette', pricePiece: 0.95, volume: 3 })],
  ['Courgettes cat I colis 5kg 1,10€/kg 1 camion', offer('FRV08', { box: 'colis 5kg', qualityClass: 'I', priceKg: 1.1, volume: 33 })],
  ['Haricots verts Kenya 4,20 €/kg 1 pal', offer('POD01', { origin: 'Kenya', priceKg: 4.2, volume: 1 })],
  [
    'Navel oranges Spain size 5 15kg box €0.70/kg 3 pallets from 24/11',
    offer('CIT01', { origin: 'Spain', box: 'box 15kg', caliber: '5', priceKg: 0.7, volume: 3, startDate: '2026-11-24' }),
  ],
  [
    'Hass avocados Peru size 20 4kg box €10.50/box 2 pallets',
    offer('TRO04', { origin: 'Peru', box: 'box 4kg', caliber: '20', priceKg: 2.625, priceColis: 10.5, volume: 2 }),
  ],
  ['Cherry tomatoes 250g punnets €0.90 each 4 pallets', offer('TOM03', { packaging: '250g punnets', pricePiece: 0.9, volume: 4 })],
  ['Red peppers 5kg box 1.40 €/kg 1 truck', offer('FRV01', { box: 'box 5kg', priceKg: 1.4, volume: 33 })],
  ['Lemons Turkey cal 3 bulk 0.75€/kg 3 pal', offer('CIT08', { origin: 'Türkiye', packaging: 'bulk', caliber: '3', priceKg: 0.75, volume: 3 })],
  [
    'Green asparagus Peru 16+ mm 5kg €3.80/kg 1 pallet monday',
    offer('STE01', { origin: 'Peru', box: '5kg', caliber: '16+mm', priceKg: 3.8, volume: 1, startDate: '2026-11-23' }),
  ],
  ['Granada Mollar cal AA 3,5 kg 2,10€/kg 4 pal', offer('EXO03', { box: '3,5 kg', caliber: 'AA', priceKg: 2.1, volume: 4 })],
  ['Mandarina Nadorcott cal 1 cj 10kg 1,05€/kg 5 pal', offer('CIT07', { box: 'cj 10kg', caliber: '1', priceKg: 1.05, volume: 5 })],
  ['Naranja Valencia Late cal 5 cj 15kg 0,55 €/kg 8 pal', offer('CIT02', { box: 'cj 15kg', caliber: '5', priceKg: 0.55, volume: 8 })],
  ['Uva blanca sin semillas cj 5kg 2,30€/kg 2 pal semana 49', offer('GRA01', { box: 'cj 5kg', priceKg: 2.3, volume: 2, startDate: '2026-11-30' })],
  ['Sandía sin semillas granel 0,45€/kg 1 camión', offer('MEL06', { packaging: 'granel', priceKg: 0.45, volume: 33 })],
  ['Brócoli cj 6kg 1,35€/kg 3 pal', offer('CAB02', { box: 'cj 6kg', priceKg: 1.35, volume: 3 })],
  ['Lechuga iceberg cj 10 uds 0,50€/ud 4 pal', offer('SAL01', { box: 'cj', pricePiece: 0.5, volume: 4 })],
  ['Ajo morado cal 50-60 malla 1kg 2,80€/kg 2 pal', offer('ALL06', { packaging: 'malla', box: '1kg', caliber: '50-60', priceKg: 2.8, volume: 2 })],
  ['Patata nueva saco 25kg 0,38€/kg 10 pal', offer('POT02', { packaging: 'saco', box: '25kg', priceKg: 0.38, volume: 10 })],
  [
    'Kiwi verde cal 30 plató 3kg 7,50€/caja Italia 2 pal',
    offer('TRO07', { origin: 'Italy', box: 'plató 3kg', caliber: '30', priceKg: 2.5, priceColis: 7.5, volume: 2 }),
  ],
  [
    'Mangue Pérou cal 8 colis 4kg 8,50 € colis 3 pal',
    offer('TRO03', { origin: 'Peru', box: 'colis 4kg', caliber: '8', priceKg: 2.125, priceColis: 8.5, volume: 3 }),
  ],
  [
    'Avocats Hass Kenya cal 16 colis 4kg 10€/colis 4 palettes 02/12',
    offer('TRO04', { origin: 'Kenya', box: 'colis 4kg', caliber: '16', priceKg: 2.5, priceColis: 10, volume: 4, startDate: '2026-12-02' }),
  ],
  [
    'Fraises Espagne barquette 500g 1,75€ pièce 6 palettes demain',
    offer('BER01', { origin: 'Spain', packaging: '500g barquette', pricePiece: 1.75, volume: 6, startDate: '2026-11-22' }),
  ],
  ['Citrons Espagne cal 3 vrac 0,85€/kg 5 pal', offer('CIT08', { origin: 'Spain', packaging: 'vrac', caliber: '3', priceKg: 0.85, volume: 5 })],
  ['Poivrons jaunes colis 5kg 1,90€/kg 2 pal', offer('FRV03', { box: 'colis 5kg', priceKg: 1.9, volume: 2 })],
  ['Endives cat I colis 5kg 1,60 €/kg 3 pal', offer('SAL09', { box: 'colis 5kg', qualityClass: 'I', priceKg: 1.6, volume: 3 })],
  ['Carottes filet 1kg 0,70€ pièce 8 palettes', offer('ROO01', { packaging: 'filet', box: '1kg', pricePiece: 0.7, volume: 8 })],
  ['Pomelo Florida cal 40 cj 15kg 12€/cj 2 pal', offer('CIT10', { box: 'cj 15kg', caliber: '40', priceKg: 0.8, priceColis: 12, volume: 2 })],
  ['Blueberries Peru 125g punnets €1.10 each 3 pallets', offer('BER03', { origin: 'Peru', packaging: '125g punnets', pricePiece: 1.1, volume: 3 })],
  ['Green beans Kenya 5kg box €4.10/kg 2 pallets', offer('POD01', { origin: 'Kenya', box: 'box 5kg', priceKg: 4.1, volume: 2 })],
  ['Broccoli Spain 6kg box €1.30/kg 5 pallets tomorrow', offer('CAB02', { origin: 'Spain', box: 'box 6kg', priceKg: 1.3, volume: 5, startDate: '2026-11-22' })],
  ['Pink Lady apples size 80 tray €1.35/kg 4 pallets', offer('POM04', { box: 'tray', caliber: '80', priceKg: 1.35, volume: 4 })],
  ['Sweet potatoes USA 6kg box €1.15/kg 2 pallets', offer('ROO08', { origin: 'United States', box: 'box 6kg', priceKg: 1.15, volume: 2 })],
  [
    'Limes Brazil cal 48 4kg box €9/box 3 pallets',
    offer('CIT09', { origin: 'Brazil', box: 'box 4kg', caliber: '48', priceKg: 2.25, priceColis: 9, volume: 3 }),
  ],
];

/** Greetings, headers, totals and transport prices: never an offer. */
export const NOT_OFFERS = [
  'Hola buenos días, os paso oferta',
  'Gracias!',
  'Transporte a Rungis 1.200 € por camión',
  'Bonjour, voici notre offre de la semaine',
  'Total 12 palettes',
  'Origen Marruecos',
  'Good morning, please find our offer below',
  'Thanks, best regards',
  'Payment 30 days',
  'Call me for more info',
  'Buenas tardes',
  '',
  '👍',
  'Ok perfecto, mañana confirmo',
  'Merci, bonne journée',
  'Precio transporte 1,50€/kg',
  'IVA no incluido 10%',
];
