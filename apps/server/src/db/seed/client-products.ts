import { eq } from 'drizzle-orm';
import type { Executor } from '../client.js';
import { companies } from '../schema/index.js';
import { createClientVariant, type ClientVariantFactoryInput } from '../factories/client-products.js';

/**
 * Demo client variants: the Hamburg buyer wants Spanish vine tomatoes in ifco 6416 crates (caliber
 * 67-82) and clementines of caliber 1 from any origin; Rungis wants courgettes 14-21. Their other
 * products stay "any variant", so the demo price lists show both kinds of line.
 */
const WANTS: Array<{ company: string } & Omit<ClientVariantFactoryInput, 'clientId'>> = [
  { company: 'Frischmarkt Hamburg GmbH', code: 'TOM02', origin: 'ES', box: 'ifco 6416 (60×40×16)', caliber: '67-82', weightPiece: 0.15, nbPiece: 40 },
  { company: 'Frischmarkt Hamburg GmbH', code: 'CIT04', caliber: '1' },
  { company: 'Primeurs de Rungis SAS', code: 'FRV08', caliber: '14-21', weightPiece: 0.25, nbPiece: 20 },
];

export async function seedClientProducts(tx: Executor) {
  for (const { company, ...want } of WANTS) {
    const [client] = await tx.select({ id: companies.id }).from(companies).where(eq(companies.company, company)).limit(1);
    if (client) await createClientVariant(tx, { clientId: client.id, ...want });
  }
}
