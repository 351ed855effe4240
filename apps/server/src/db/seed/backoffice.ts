import type { Executor } from '../client.js';
import { createClient, createSupplier, type ClientFactoryInput, type SupplierFactoryInput } from '../factories/backoffice.js';

const suppliers: SupplierFactoryInput[] = [
  {
    company: 'Huerta de Almería S.L.',
    country: 'ES',
    city: 'Almería',
    address: 'Carretera de Níjar 12, 04120 La Cañada',
    ict: 'FOB',
    carrier: 'Primafrio',
    discount: 3,
    certificates: ['GLOBALG.A.P.', 'GRASP', 'IFS Food'],
    packagings: ['ifco'],
    products: ['TOM01', 'TOM02', 'TOM03', 'FRV01', 'FRV02', 'FRV08', 'FRV09', 'FRV07'],
    contacts: [
      {
        firstName: 'Lucía',
        lastName: 'Martínez',
        email: 'lucia.martinez@huerta-almeria.es',
        phone: '+34950123456',
        note: 'Sales, Monday to Friday 7:00–15:00',
      },
      { firstName: 'Javier', lastName: 'Ruiz', email: 'javier.ruiz@huerta-almeria.es', phone: '+34612345678', note: 'Quality and certificates' },
    ],
  },
  {
    company: 'Cítricos del Turia S.L.',
    country: 'ES',
    city: 'Valencia',
    address: 'Camí de la Font 4, 46120 Alboraia',
    ict: 'CIF',
    discount: 2.5,
    certificates: ['GLOBALG.A.P.', 'IFS Food'],
    packagings: ['europool'],
    products: ['CIT01', 'CIT02', 'CIT04', 'CIT05', 'CIT08', 'TRO04'],
    contacts: [{ firstName: 'Vicente', lastName: 'Ferrer', email: 'vferrer@citricosturia.es', phone: '+34961234567', note: null }],
  },
  {
    company: 'Berries del Condado S.L.',
    country: 'ES',
    city: 'Huelva',
    address: 'Polígono Las Palmeras 8, 21800 Moguer',
    ict: 'FOB',
    carrier: 'Transportes Monfort',
    discount: 1,
    certificates: ['GLOBALG.A.P.', 'GRASP', 'BRCGS Food Safety'],
    packagings: ['ifco', 'europool'],
    products: ['BER01', 'BER02', 'BER03', 'BER04'],
    contacts: [{ firstName: 'María', lastName: 'López', email: 'maria.lopez@berriescondado.es', phone: '+34959123456', note: 'Season December to June' }],
  },
  {
    company: 'Les Vergers de Provence',
    country: 'FR',
    city: 'Cavaillon',
    address: '145 avenue du Marché Gare, 84300 Cavaillon',
    ict: 'FOB',
    carrier: 'STEF',
    certificates: ['GLOBALG.A.P.', 'LEAF Marque'],
    packagings: ['europool'],
    products: ['MEL01', 'STO04', 'STO06', 'STO01', 'STO03'],
    contacts: [
      { firstName: 'Camille', lastName: 'Roux', email: 'c.roux@vergers-provence.fr', phone: '+33490712345', note: null },
      { firstName: 'Thomas', lastName: 'Garnier', email: 't.garnier@vergers-provence.fr', phone: '+33612345678', note: 'Logistics' },
    ],
  },
  {
    company: 'Ortofrutta Sole Mediterraneo S.r.l.',
    country: 'IT',
    city: 'Catania',
    address: 'Zona Industriale Blocco Palma I, 95121 Catania',
    ict: 'CIF',
    discount: 4,
    certificates: ['GLOBALG.A.P.', 'EU organic'],
    packagings: ['ifco'],
    products: ['CIT03', 'CIT08', 'STE04', 'STE05', 'EXO03'],
    contacts: [{ firstName: 'Giuseppe', lastName: 'Bianchi', email: 'g.bianchi@ortofruttasole.it', phone: '+390951234567', note: 'Speaks English and French' }],
  },
  {
    company: 'Pomi Alto Adige Soc. Agr.',
    country: 'IT',
    city: 'Bolzano',
    address: 'Via Macello 2, 39100 Bolzano',
    ict: 'FOB',
    carrier: 'Nagel-Group',
    certificates: ['GLOBALG.A.P.', 'QS'],
    packagings: [],
    products: ['POM01', 'POM02', 'POM03', 'POM04', 'POM06'],
    contacts: [{ firstName: 'Martina', lastName: 'Gruber', email: 'm.gruber@pomialtoadige.it', phone: '+390471123456', note: null }],
  },
  {
    company: 'Kwekerij De Westlandse Kas B.V.',
    country: 'NL',
    city: 'Naaldwijk',
    address: 'Middel Broekweg 29, 2675 KB Honselersdijk',
    ict: 'FOB',
    carrier: 'Kuehne+Nagel',
    discount: 2,
    certificates: ['GLOBALG.A.P.', 'GRASP', 'QS'],
    packagings: ['ifco', 'europool'],
    products: ['TOM02', 'TOM06', 'FRV01', 'FRV03', 'FRV09', 'SAL01'],
    contacts: [
      { firstName: 'Jeroen', lastName: 'de Vries', email: 'jeroen@westlandsekas.nl', phone: '+31174123456', note: null },
      { firstName: 'Sanne', lastName: 'Bakker', email: 'sanne@westlandsekas.nl', phone: '+31612345678', note: 'Planning' },
    ],
  },
  {
    company: 'Agrumes du Souss SARL',
    country: 'MA',
    city: 'Agadir',
    address: 'Zone industrielle Tassila, lot 112, Agadir',
    ict: 'FOB',
    carrier: 'Frigo Transports Souss',
    discount: 5,
    certificates: ['GLOBALG.A.P.', 'SMETA'],
    packagings: ['europool'],
    products: ['CIT04', 'CIT07', 'TOM03', 'TOM06', 'FRV01'],
    contacts: [{ firstName: 'Youssef', lastName: 'El Amrani', email: 'y.elamrani@agrumes-souss.ma', phone: '+212661234567', note: 'WhatsApp preferred' }],
  },
  {
    company: 'Cape Orchards Export (Pty) Ltd',
    country: 'ZA',
    city: 'Paarl',
    address: '12 Lady Grey Street, Paarl 7646',
    ict: 'CIF',
    discount: 1.5,
    certificates: ['GLOBALG.A.P.', 'SIZA', 'Fairtrade'],
    packagings: [],
    products: ['GRA01', 'GRA02', 'POM08', 'POM04', 'CIT01', 'TRO04'],
    contacts: [
      { firstName: 'Pieter', lastName: 'van der Merwe', email: 'pieter@capeorchards.co.za', phone: '+27211234567', note: null },
      { firstName: 'Thandi', lastName: 'Nkosi', email: 'thandi@capeorchards.co.za', phone: '+27821234567', note: 'Shipping documents' },
    ],
  },
];

// Payment terms as traders agree them: most at 30 days, the legal cap for perishable food (decision
// 956), some shorter, one payable on receipt.
const clients: ClientFactoryInput[] = [
  {
    company: 'Frischmarkt Hamburg GmbH',
    ict: 'CIF',
    carrier: 'Nagel-Group',
    certificates: ['QS', 'IFS Food'],
    products: ['TOM01', 'TOM02', 'BER01', 'CIT04', 'POM01'],
    contacts: [{ firstName: 'Lukas', lastName: 'Schmidt', email: 'l.schmidt@frischmarkt-hamburg.de', phone: '+494012345678', note: 'Buyer fruit' }],
  },
  {
    company: 'Primeurs de Rungis SAS',
    paymentTermDays: 14,
    ict: 'FOB',
    discount: 1.5,
    certificates: ['IFS Broker'],
    products: ['MEL01', 'STO01', 'FRV07', 'FRV08'],
    contacts: [{ firstName: 'Élodie', lastName: 'Bernard', email: 'e.bernard@primeurs-rungis.fr', phone: '+33141801234', note: null }],
  },
  {
    company: 'Versmarkt Brussel NV',
    paymentTermDays: 21,
    ict: 'CIF',
    carrier: 'DHL Freight',
    certificates: ['BRCGS Food Safety'],
    products: ['SAL01', 'SAL09', 'TOM03'],
    contacts: [{ firstName: 'Pieter', lastName: 'Janssens', email: 'pieter.janssens@versmarkt.be', phone: '+32471234567', note: null }],
  },
  {
    company: 'Nordisk Frukt AB',
    ict: 'CIF',
    carrier: 'Girteka',
    discount: 2,
    certificates: ['GLOBALG.A.P.'],
    products: ['POM01', 'POM04', 'CIT01', 'GRA01'],
    contacts: [
      { firstName: 'Anna', lastName: 'Lindqvist', email: 'anna.lindqvist@nordiskfrukt.se', phone: '+46421234567', note: null },
      { firstName: 'Erik', lastName: 'Johansson', email: 'erik.johansson@nordiskfrukt.se', phone: '+46701234567', note: 'Night shift receiving' },
    ],
  },
  {
    company: 'Hurtownia Owoców Mazowsze Sp. z o.o.',
    paymentTermDays: 7,
    ict: 'CIF',
    carrier: 'Girteka',
    certificates: [],
    products: ['CIT01', 'TRO01', 'TOM01'],
    contacts: [{ firstName: 'Katarzyna', lastName: 'Nowak', email: 'k.nowak@owoce-mazowsze.pl', phone: '+48221234567', note: null }],
  },
  {
    company: 'Obst & Gemüse Wien GmbH',
    paymentTermDays: 0,
    ict: 'FOB',
    discount: 0.5,
    certificates: ['QS'],
    products: ['STE01', 'STE02', 'BER01'],
    contacts: [{ firstName: 'Markus', lastName: 'Huber', email: 'markus.huber@og-wien.at', phone: '+436641234567', note: null }],
  },
];

/**
 * Demo suppliers and clients of the back office: real-looking companies across the main origins and
 * markets, with contacts (E.164 phones), certificates, carriers (suppliers FOB / clients CIF when
 * they have one, as the incoterm rules require) and the products they deal in.
 */
export async function seedBackoffice(tx: Executor) {
  // One at a time, in this order: the ids (and so the demo's look) follow it.
  for (const supplier of suppliers) await createSupplier(tx, supplier);
  for (const client of clients) await createClient(tx, client);
}
