import type { ShippingDocModel } from './shipping-model.js';

/** An order as the shipping documents see it, with accented names in every field that can carry them. */
export function shippingFixture(over: Partial<ShippingDocModel> = {}): ShippingDocModel {
  return {
    number: 'PRM-2026-000042',
    draft: false,
    createdAt: new Date('2026-11-20T09:15:00Z'),
    seller: {
      companyName: 'Huertas Peñíscola Cítricos S.L.',
      address: 'Camí de l’Ermita 12, Polígono Ñ',
      postalCode: '12598',
      city: 'Peñíscola',
      countryAlpha2: 'ES',
      countryName: 'Spain',
      vatId: 'ESB12345678',
      email: 'ventas@huertas-peniscola.example',
    },
    buyer: {
      companyName: 'Großmarkt Müller & Söhne GmbH',
      address: 'Straße des Großmarkts 7, Halle Ö',
      postalCode: '80337',
      city: 'München',
      countryAlpha2: 'DE',
      countryName: 'Germany',
      vatId: 'DE123456789',
      email: 'einkauf@mueller-soehne.example',
    },
    deliveryAddress: { address: 'Lagerhalle Süd, Tor 3, Schäftlarnstraße 10', postalCode: '81371', city: 'München', countryAlpha2: 'DE' },
    requestedDeliveryDate: '2026-11-24',
    incoterm: 'FCA',
    incotermPlace: 'Peñíscola, ES',
    lot: {
      productId: 314,
      article: { en: 'Clementine', fr: 'Clémentine', de: 'Clementine', es: 'Clementina' },
      title: 'Clémentines Nules extra, récolte du matin',
      caliber: '1X (63–74 mm)',
      originAlpha2: 'ES',
      originName: 'Spain',
      packaging: 'Carton 10 kg, 60 × 40 cm',
      netKgPerPallet: 800,
      boxesPerPallet: 80,
      netKgPerBox: 10,
      qualityClass: 'I',
    },
    hsChapter: '08',
    pallets: 8,
    estimatedNetKg: 6400,
    shipment: { pallets: 8, netKg: 6385.5, departureDate: '2026-11-22', vehiclePlate: '1234-ÑBC', carrierName: 'Transportes Ibáñez e Hijos' },
    receipt: null,
    claimWindowHours: 24,
    ...over,
  };
}
