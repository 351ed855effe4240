import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ActivityPage, Client, Supplier } from '@primeur/shared';
import { createTestApp, login, type TestContext } from '../../../test/build-app.js';
import { DEMO_EDITS, seedActivity } from '../../demo-activity.js';
import { DEMO_ACCOUNTS, seedDemo } from './demo.js';

const H = 3_600_000;
let ctx: TestContext;
let admin: string;
let started: number;

beforeAll(async () => {
  ctx = await createTestApp();
  started = Date.now();
  expect(await seedDemo(ctx.db, { activity: seedActivity })).toBe(true);
  admin = await login(ctx.app, DEMO_ACCOUNTS.admin.email, DEMO_ACCOUNTS.admin.password);
}, 60_000);
afterAll(() => ctx.close());

const get = <T>(url: string) => ctx.app.inject({ url, headers: { cookie: admin } }).then((r) => (expect(r.statusCode).toBe(200), r.json() as T));

describe('demo activity', () => {
  it('fills the activity page with the demo admin’s edits, newest first, spread over the last two weeks', async () => {
    const page = await get<ActivityPage>('/api/admin/activity?size=50');
    expect(page.total).toBe(DEMO_EDITS.length);
    expect(page.items).toHaveLength(DEMO_EDITS.length);
    const at = page.items.map((e) => new Date(e.at).getTime());
    expect([...at].sort((a, b) => b - a)).toEqual(at);
    expect(at[0]).toBeLessThan(started);
    expect(at.at(-1)).toBeGreaterThan(started - 15 * 24 * H);
    expect(at[0]! - at.at(-1)!).toBeGreaterThan(7 * 24 * H);
    for (const e of page.items) {
      expect(e.user?.email).toBe(DEMO_ACCOUNTS.admin.email);
      expect(e.action).toBe('update');
      expect(e.changes.length).toBeGreaterThan(0);
    }
    expect(new Set(page.items.map((e) => e.entity))).toEqual(new Set(['supplier', 'client', 'contact', 'variant']));
  });

  it('records each edit as its route would: the fields changed, from what to what', async () => {
    const suppliers = await get<Supplier[]>('/api/intern/supplier/getAll');
    const clients = await get<Client[]>('/api/intern/client/getAll');
    const huerta = suppliers.find((s) => s.company === 'Huerta de Almería S.L.')!;
    const rungis = clients.find((c) => c.company === 'Primeurs de Rungis SAS')!;
    const [discount] = (await get<ActivityPage>(`/api/admin/activity?entity=supplier&id=${huerta.id}`)).items;
    expect(discount!.changes).toEqual([{ field: 'discount', from: '2.00', to: '3.00' }]);
    const [incoterm] = (await get<ActivityPage>(`/api/admin/activity?entity=client&id=${rungis.id}`)).items;
    expect(incoterm!.changes).toEqual([
      { field: 'ict', from: 'CIF', to: 'FOB' },
      { field: 'transportId', from: expect.any(Number), to: null },
    ]);
  });

  it('leaves every record as the seed makes it', async () => {
    const suppliers = await get<Supplier[]>('/api/intern/supplier/getAll');
    const clients = await get<Client[]>('/api/intern/client/getAll');
    const supplier = (name: string) => suppliers.find((s) => s.company === name)!;
    const client = (name: string) => clients.find((c) => c.company === name)!;
    expect(supplier('Huerta de Almería S.L.').discount).toBe(3);
    expect(supplier('Les Vergers de Provence').carrier?.carrier).toBe('STEF');
    expect(supplier('Cítricos del Turia S.L.').certificates.map((c) => c.name)).toContain('IFS Food');
    expect(supplier('Berries del Condado S.L.').contacts[0]!.note).toBe('Season December to June');
    expect(client('Primeurs de Rungis SAS')).toMatchObject({ ict: 'FOB', carrier: null });
    expect(client('Nordisk Frukt AB').discount).toBe(2);
  });

  it('is made once: a second seed of the same database adds no entry', async () => {
    expect(await seedDemo(ctx.db, { activity: seedActivity })).toBe(false);
    expect((await get<ActivityPage>('/api/admin/activity')).total).toBe(DEMO_EDITS.length);
  });
});
