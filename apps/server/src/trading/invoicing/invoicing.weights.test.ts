import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { eq } from 'drizzle-orm';
import { todayInParis } from '@primeur/shared';
import { createTestApp, jobsDrivenByTest, signedIn, type TestContext } from '../../../test/build-app.js';
import { wonOrderId } from '../../../test/won-order.js';
import { invoices } from '../../db/schema/index.js';
import * as orderService from '../orders/orders.service.js';
import * as issuing from './invoicing.issuing.js';

// Each issue renders a Factur-X PDF (about a second on a busy machine).
vi.setConfig({ testTimeout: 300_000 });

/**
 * The invoice states which weight it used (issue 32 §3, decision 981). wonOrderId's lots are 4 pallets
 * of 800 kg declared: shipped 3200 kg; the buyer is French, so the notes are in French.
 */
let ctx: TestContext;
type Party = Awaited<ReturnType<typeof signedIn>>;
let seller: Party;
let buyer: Party;

beforeAll(async () => {
  ctx = await createTestApp(jobsDrivenByTest());
  seller = await signedIn(ctx, { category: 'supplier', companyName: 'Huerta de Almería S.L.', country: 'ES', vatId: 'ESB04123456', postalCode: '04700' });
  buyer = await signedIn(ctx, { category: 'client', companyName: 'Primeurs de Rungis SAS', country: 'FR', vatId: 'FR23334175221', postalCode: '94150' });
});
afterAll(() => ctx.close());

const call = (url: string, who: Party, payload: unknown) =>
  ctx.app.inject({ method: 'POST', url, headers: { cookie: who.cookie }, payload: payload as object });

async function shipped(netKg = 3200) {
  const orderId = await wonOrderId(ctx.db, seller.user.id, buyer.user.id, 1.5);
  const res = await call(`/api/users/orders/${orderId}/ship`, seller, { pallets: 4, netKg, departureDate: todayInParis(), vehiclePlate: '1234-BCD' });
  expect(res.statusCode, res.body).toBe(200);
  return orderId;
}
const receive = async (orderId: number, netKg: number) =>
  expect((await call(`/api/users/orders/${orderId}/receive`, buyer, { pallets: 4, netKg })).statusCode).toBe(200);

async function issue(orderId: number) {
  const r = await issuing.issueForOrder({ db: ctx.db, mailer: ctx.app.mailer, log: ctx.app.log }, orderId);
  expect(r?.result).toBe('issued');
  const [row] = await ctx.db.select().from(invoices).where(eq(invoices.orderId, orderId));
  return { row: row!, input: row!.input as { weightBasis: string; lines: Array<{ quantityKg: number }>; notes: string[] } };
}

describe('the invoiced weight', () => {
  it('is the received weight within the tolerance, and the note says so', async () => {
    const orderId = await shipped();
    await receive(orderId, 3000);
    const { row, input } = await issue(orderId);
    expect(input).toMatchObject({ weightBasis: 'RECEIVED', lines: [{ quantityKg: 3000 }] });
    expect(input.notes[0]).toMatch(/^Poids facturé : 3\u202f000 kg net, tel que réceptionné et pesé par l'acheteur\.$/);
    expect(row.net).toBe('4500.00');
  });

  it('is the shipped weight of a disputed receipt, with the received weight named beside it', async () => {
    const orderId = await shipped();
    await receive(orderId, 2000);
    const { row, input } = await issue(orderId);
    expect(input).toMatchObject({ weightBasis: 'SHIPPED', lines: [{ quantityKg: 3200 }] });
    expect(input.notes[0]).toContain('3\u202f200 kg net');
    expect(input.notes[0]).toContain('2\u202f000 kg');
    expect(row.net).toBe('4800.00');
  });

  it('is the shipped weight of an automatic receipt', async () => {
    const orderId = await shipped(3100);
    await orderService.runLifecycle(orderService.orderDepsOf(ctx.app), Date.now() + 72 * 3_600_000 + 1000);
    const { input } = await issue(orderId);
    expect(input).toMatchObject({ weightBasis: 'SHIPPED', lines: [{ quantityKg: 3100 }] });
    expect(input.notes[0]).toContain("tel qu'expédié (réception enregistrée sans pesée");
  });
});
