import { eq } from 'drizzle-orm';
import type { Executor } from '../client.js';
import { companies, contacts } from '../schema/index.js';
import { importOffers } from '../factories/unchecked-products.js';

/**
 * A handful of WhatsApp offer messages awaiting review, read by the real parser: two from supplier
 * contacts (attributed to their supplier), one from an unknown number (no supplier), in Spanish,
 * French and English, with greetings and chatter the parser must skip.
 */
const MESSAGES: Array<{ phone: string; hoursAgo: number; body: string }> = [
  {
    phone: '+34950123456',
    hoursAgo: 5,
    body: [
      'Buenos días Primeur 👋',
      'Oferta Almería, salida lunes:',
      '- Tomate rama cj 30x40 5kg a 1,20 3 pal',
      '- Pimiento rojo cal G caja 5kg 1,45€/kg 2 pal',
      '- Calabacín cj 5kg 0,90€/kg 4 pal',
      '- Pepino 0,38€/pieza 2 pal',
      'Saludos, Lucía',
    ].join('\n'),
  },
  {
    phone: '+212661234567',
    hoursAgo: 3,
    body: [
      'Bonjour,',
      'Origine Maroc, départ 28/11 :',
      'Clémentines cal 2 colis 10kg 9€ le colis 6 palettes',
      'Mandarine Nadorcott cal 1 colis 10kg 1,10€/kg 4 pal',
      'Oranges navel cal 4 vrac 0,58€/kg 1 camion',
      'Merci, bonne journée',
    ].join('\n'),
  },
  {
    phone: '+447700900123',
    hoursAgo: 1,
    body: [
      'Hi, offer for next week:',
      'Hass avocados Peru size 20 4kg box €10.50/box 3 pallets',
      'Blueberries Peru 125g punnets €1.10 each 2 pallets',
      'Thanks',
    ].join('\n'),
  },
];

export async function seedUncheckedProducts(tx: Executor) {
  for (const m of MESSAGES) {
    const [owner] = await tx
      .select({ id: companies.id })
      .from(contacts)
      .innerJoin(companies, eq(companies.id, contacts.companyId))
      .where(eq(contacts.phone, m.phone))
      .limit(1);
    await importOffers(tx, {
      body: m.body,
      fromPhone: m.phone,
      supplierId: owner?.id ?? null,
      receivedAt: new Date(Date.now() - m.hoursAgo * 3_600_000),
    });
  }
}
