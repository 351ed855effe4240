import type { InvoiceInput } from '../src/trading/invoicing/invoice-input.js';

/**
 * Invoice inputs for the tests: the cases a produce trade meets (domestic France and Spain, France
 * to Germany, an export to Switzerland, a credit note), each a plain object a test may change.
 */
type Party = InvoiceInput['seller'];

export const sellerFR: Party = {
  name: 'Les Vergers du Roussillon SARL',
  addressLines: ['12 chemin des Pêchers', 'Mas Saint-Éloi'],
  postalCode: '66000',
  city: 'Perpignan',
  country: 'FR',
  vatId: 'FR40303265045',
  registrationId: '303265045',
  legal: { form: 'SARL', shareCapital: 15000, registryCity: 'Perpignan' },
  contact: { name: 'Élodie Marché', phone: '+33468000000', email: 'compta@vergers-roussillon.example' },
};

export const buyerFR: Party = {
  name: 'Primeurs de Rungis SAS',
  addressLines: ['MIN de Rungis, bâtiment D4', '1 rue de la Tour'],
  postalCode: '94150',
  city: 'Rungis',
  country: 'FR',
  vatId: 'FR23334175221',
  registrationId: null,
  contact: { name: 'Jean Dupont', phone: null, email: 'achats@primeurs-rungis.example' },
};

export const sellerES: Party = {
  name: 'Agrícola Hermanos Pérez Martínez S.L.',
  addressLines: ['Paraje Los Llanos, s/n'],
  postalCode: '04700',
  city: 'El Ejido',
  country: 'ES',
  vatId: 'ESB04123456',
  registrationId: null,
  contact: { name: 'Begoña Núñez', phone: '+34950123456', email: 'facturas@hpm.example' },
};

export const buyerES: Party = {
  name: 'Frutas Ñandú S.A.',
  addressLines: ['Mercamadrid, nave C, puesto 12'],
  postalCode: '28053',
  city: 'Madrid',
  country: 'ES',
  vatId: 'ESA28123456',
  registrationId: null,
  contact: null,
};

export const buyerDE: Party = {
  name: 'Frischmarkt Müller & Söhne GmbH',
  addressLines: ['Großmarkthalle, Stand 17', 'Überseeallee 3'],
  postalCode: '20457',
  city: 'Hamburg',
  country: 'DE',
  vatId: 'DE123456789',
  registrationId: 'HRB 12345',
  contact: { name: 'Jürgen Weiß', phone: '+4940123456', email: 'einkauf@frischmarkt.example' },
};

export const buyerCH: Party = {
  name: 'Gemüse Zürich AG',
  addressLines: ['Engrosmarkt, Halle 2'],
  postalCode: '8048',
  city: 'Zürich',
  country: 'CH',
  vatId: 'CHE-123.456.789 MWST',
  registrationId: null,
  contact: null,
};

const deliveryOf = (p: Party) => ({
  date: '2026-11-24',
  name: p.name,
  addressLines: p.addressLines,
  postalCode: p.postalCode,
  city: p.city,
  country: p.country,
});

export function domesticFR(overrides: Partial<InvoiceInput> = {}): InvoiceInput {
  return {
    kind: 'INVOICE',
    number: 'VERROU-2026-00001',
    issueDate: '2026-11-26',
    language: 'fr',
    seller: sellerFR,
    buyer: buyerFR,
    delivery: deliveryOf(buyerFR),
    incoterm: { code: 'DAP', place: 'Rungis' },
    orderNumber: 'PRM-2026-000123',
    lines: [
      {
        article: 'Pêche jaune',
        origin: 'FR',
        caliber: 'A 67-73',
        qualityClass: 'I',
        variety: 'Royal Summer',
        packedOn: '2026-11-20',
        orderNumber: 'PRM-2026-000123',
        quantityKg: 6_412.5,
        unitPrice: 1.62,
      },
      { article: 'Abricot Bergeron', origin: 'FR', caliber: '45-50', orderNumber: 'PRM-2026-000123', quantityKg: 812.35, unitPrice: 2.15 },
    ],
    payment: { termsText: '30 jours date de livraison, virement', dueDate: '2026-12-24', iban: 'FR76 3000 6000 0112 3456 7890 189', bic: 'AGRIFRPP' },
    ...overrides,
  };
}

export function domesticES(overrides: Partial<InvoiceInput> = {}): InvoiceInput {
  return {
    kind: 'INVOICE',
    number: 'AHPM-2026-00042',
    issueDate: '2026-11-26',
    language: 'es',
    seller: sellerES,
    buyer: buyerES,
    delivery: deliveryOf(buyerES),
    incoterm: { code: 'FCA', place: 'El Ejido' },
    orderNumber: 'PRM-2026-000124',
    lines: [
      { article: 'Pimiento California rojo', origin: 'ES', caliber: 'GG', orderNumber: 'PRM-2026-000124', quantityKg: 4_800, unitPrice: 1.35 },
      { article: 'Pepino español', origin: 'ES', caliber: null, orderNumber: 'PRM-2026-000124', quantityKg: 1_234.567, unitPrice: 0.87 },
    ],
    payment: { termsText: 'Pago a 30 días de la fecha de entrega', dueDate: '2026-12-24', iban: 'ES91 2100 0418 4502 0005 1332', bic: null },
    ...overrides,
  };
}

export function intraEU(overrides: Partial<InvoiceInput> = {}): InvoiceInput {
  return {
    kind: 'INVOICE',
    number: 'VERROU-2026-00002',
    issueDate: '2026-11-26',
    language: 'de',
    seller: sellerFR,
    buyer: buyerDE,
    delivery: deliveryOf(buyerDE),
    incoterm: { code: 'CPT', place: 'Hamburg' },
    orderNumber: 'PRM-2026-000125',
    lines: [
      { article: 'Pfirsich gelb', origin: 'FR', caliber: 'A 67-73', orderNumber: 'PRM-2026-000125', quantityKg: 9_600, unitPrice: 1.48 },
      { article: 'Nektarine weiß', origin: 'ES', caliber: 'B 61-67', orderNumber: 'PRM-2026-000125', quantityKg: 2_400.5, unitPrice: 1.73 },
    ],
    payment: { termsText: '30 Tage nach Lieferung, Überweisung', dueDate: '2026-12-24', iban: 'FR7630006000011234567890189', bic: 'AGRIFRPP' },
    ...overrides,
  };
}

export function exportCH(overrides: Partial<InvoiceInput> = {}): InvoiceInput {
  return {
    kind: 'INVOICE',
    number: 'AHPM-2026-00043',
    issueDate: '2026-11-26',
    language: 'de',
    seller: sellerES,
    buyer: buyerCH,
    delivery: deliveryOf(buyerCH),
    incoterm: { code: 'DAP', place: 'Zürich' },
    orderNumber: 'PRM-2026-000126',
    lines: [{ article: 'Tomate Raf', origin: 'ES', caliber: 'M', orderNumber: 'PRM-2026-000126', quantityKg: 3_000, unitPrice: 2.4 }],
    payment: { termsText: '30 Tage nach Lieferung', dueDate: '2026-12-24', iban: null, bic: null },
    ...overrides,
  };
}

export function creditNoteFR(overrides: Partial<InvoiceInput> = {}): InvoiceInput {
  return {
    kind: 'CREDIT_NOTE',
    number: 'VERROU-2026-00003',
    issueDate: '2026-11-30',
    precedingInvoice: { number: 'VERROU-2026-00001', issueDate: '2026-11-26' },
    language: 'fr',
    seller: sellerFR,
    buyer: buyerFR,
    delivery: deliveryOf(buyerFR),
    incoterm: null,
    orderNumber: 'PRM-2026-000123',
    lines: [
      {
        article: 'Pêche jaune — fruits abîmés (réclamation R-2026-0007)',
        origin: 'FR',
        caliber: 'A 67-73',
        orderNumber: 'PRM-2026-000123',
        quantityKg: 320,
        unitPrice: 1.62,
      },
    ],
    payment: { termsText: 'Avoir imputé sur la facture VERROU-2026-00001', dueDate: '2026-11-30', iban: null, bic: null },
    notes: ['Réclamation R-2026-0007 : 320 kg de pêches abîmées à la réception.'],
    ...overrides,
  };
}

/** Small amounts where rounding line by line and on the sum differ. */
export function roundingFR(overrides: Partial<InvoiceInput> = {}): InvoiceInput {
  return domesticFR({
    number: 'VERROU-2026-00004',
    lines: [
      { article: 'Persil plat (botte)', origin: 'FR', caliber: null, orderNumber: null, quantityKg: 0.333, unitPrice: 0.5 },
      { article: 'Ciboulette', origin: 'FR', caliber: null, orderNumber: null, quantityKg: 1.005, unitPrice: 1 },
      { article: 'Cerfeuil', origin: 'FR', caliber: null, orderNumber: null, quantityKg: 12.345, unitPrice: 1.1 },
      { article: 'Aneth', origin: 'FR', caliber: null, orderNumber: null, quantityKg: 0.1, unitPrice: 0.1 },
    ],
    ...overrides,
  });
}

/** The operator as the issuer of its own commission invoices (decision 850). */
export const operatorFR: Party = {
  name: 'Primeur Marketplace SAS',
  addressLines: ['10 rue du Marché'],
  postalCode: '75001',
  city: 'Paris',
  country: 'FR',
  vatId: 'FR44732829320',
  registrationId: null,
  contact: { name: null, phone: null, email: 'factures@primeur.example' },
};

/** The operator's commission on a seller's month: a service over a period, one C62 line per order. */
export function commissionFR(overrides: Partial<InvoiceInput> = {}): InvoiceInput {
  return {
    kind: 'INVOICE',
    purpose: 'COMMISSION',
    period: { start: '2026-11-01', end: '2026-11-30' },
    number: 'PRM-COM-2026-00001',
    issueDate: '2026-12-01',
    language: 'fr',
    seller: operatorFR,
    buyer: sellerFR,
    delivery: { date: '2026-11-30', name: null, addressLines: [], postalCode: '', city: '', country: 'FR' },
    incoterm: null,
    orderNumber: null,
    lines: [
      {
        article: 'Commission 2,5 % sur 10 388,25 €',
        origin: null,
        caliber: null,
        orderNumber: 'PRM-2026-000123',
        unit: 'C62',
        quantityKg: 1,
        unitPrice: 259.71,
      },
      { article: 'Commission 2,5 % sur 1 746,55 €', origin: null, caliber: null, orderNumber: 'PRM-2026-000127', unit: 'C62', quantityKg: 1, unitPrice: 43.66 },
    ],
    payment: { termsText: 'Paiement à 30 jours', dueDate: '2026-12-31', iban: 'FR7630006000011234567890189', bic: 'AGRIFRPP' },
    notes: ['Commission du 1er au 30 novembre 2026'],
    ...overrides,
  };
}
