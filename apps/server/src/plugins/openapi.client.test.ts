import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { copyFile, mkdtemp, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import ts from 'typescript';
import { todayInParis } from '@primeur/shared';
import { apiTypes } from '../../test/api-types.js';
import { createTestApp, jobsDrivenByTest, settle, signedIn, type TestContext } from '../../test/build-app.js';
import { wonOrderId } from '../../test/won-order.js';

// The types of a 190-operation document are generated and compiled with the example (a few seconds);
// the sale renders an invoice PDF.
vi.setConfig({ testTimeout: 180_000 });

/**
 * A typed client from the served OpenAPI document (issue 34 §4): openapi-typescript makes the types,
 * openapi-fetch the client, and the example ERP sync (examples/erp-sync/sync.ts) compiles against them
 * and reads the change feed of a real app over HTTP with an API token, resumably.
 */
const EXAMPLE = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../examples/erp-sync/sync.ts');

/**
 * The example as this test uses it. It is loaded by its path, not imported: its types come from the
 * generated primeur-api.d.ts, which a fresh clone does not have (`npm run api:types` writes it), so the
 * server's type check must not reach it; the first test compiles it against freshly generated types.
 */
interface SyncState {
  after: number;
  resources: Record<string, { type: string; sequence: number; occurredAt: string; data: Record<string, unknown> }>;
}
interface ErpSync {
  primeurClient(baseUrl: string, token: string): unknown;
  syncOnce(client: unknown, file: string, pageSize?: number): Promise<number>;
}
const loadExample = async () => (await import(pathToFileURL(EXAMPLE).href)) as ErpSync;

let ctx: TestContext;
let dir: string;
let baseUrl: string;
type Party = Awaited<ReturnType<typeof signedIn>>;
let seller: Party;
let buyer: Party;

beforeAll(async () => {
  ctx = await createTestApp(jobsDrivenByTest());
  await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  const addr = ctx.app.server.address();
  baseUrl = `http://127.0.0.1:${typeof addr === 'object' && addr ? addr.port : 0}`;
  dir = await mkdtemp(path.join(tmpdir(), 'primeur-erp-'));
  seller = await signedIn(ctx, { category: 'supplier', companyName: 'Huerta Cliente S.L.', country: 'ES', vatId: 'ESB04123456', postalCode: '04700' });
  buyer = await signedIn(ctx, { category: 'client', companyName: 'Primeurs Client SAS', country: 'FR', vatId: 'FR23334175221', postalCode: '94150' });
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
  await ctx.close();
});

describe('the typed client and the example ERP sync', () => {
  it('compiles the example against the types of the served document, and refuses a call the document does not have', async () => {
    const doc = (await ctx.app.inject({ url: '/api/openapi.json' })).json();
    await writeFile(path.join(dir, 'primeur-api.d.ts'), await apiTypes(doc));
    await copyFile(EXAMPLE, path.join(dir, 'sync.ts'));
    // An ES module, as the repository's packages are.
    await writeFile(path.join(dir, 'package.json'), JSON.stringify({ type: 'module' }));
    // The repository's packages (openapi-fetch, @types/node), as a project beside it would install them.
    await symlink(path.resolve(path.dirname(EXAMPLE), '../../node_modules'), path.join(dir, 'node_modules'), 'dir');
    // Probes beside it: a feed position of the wrong type, and a path the API does not serve, must not compile.
    const probe = (call: string) =>
      `import createClient from 'openapi-fetch';\nimport type { paths } from './primeur-api.js';\nconst c = createClient<paths>({ baseUrl: 'http://x' });\nvoid ${call};\n`;
    await writeFile(path.join(dir, 'wrong-type.ts'), probe(`c.GET('/api/v1/events', { params: { query: { after: 'zero' } } })`));
    await writeFile(path.join(dir, 'no-path.ts'), probe(`c.GET('/api/v1/no-such-feed', {})`));
    await writeFile(path.join(dir, 'right.ts'), probe(`c.GET('/api/v1/events', { params: { query: { after: 0, limit: 100 } } })`));
    const compile = (file: string) => {
      const program = ts.createProgram([path.join(dir, file)], {
        strict: true,
        noEmit: true,
        target: ts.ScriptTarget.ES2022,
        module: ts.ModuleKind.NodeNext,
        moduleResolution: ts.ModuleResolutionKind.NodeNext,
        skipLibCheck: true,
        types: ['node'],
      });
      return ts.getPreEmitDiagnostics(program).map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n'));
    };
    expect(compile('sync.ts')).toEqual([]);
    expect(compile('right.ts')).toEqual([]);
    expect(compile('wrong-type.ts').join('\n')).toMatch(/'string' is not assignable to type 'number'/);
    expect(compile('no-path.ts').join('\n')).toMatch(/no-such-feed/);
  });

  it('syncs the feed into a local file with a token, resumes from where it stopped, and applies nothing twice', async () => {
    const orderId = await wonOrderId(ctx.db, seller.user.id, buyer.user.id, 1.5);
    await settle(ctx);
    const call = (who: Party, url: string, payload: object) => ctx.app.inject({ method: 'POST', url, headers: { cookie: who.cookie }, payload });
    expect(
      (await call(seller, `/api/users/orders/${orderId}/ship`, { pallets: 4, netKg: 3200, departureDate: todayInParis(), vehiclePlate: '1234-BCD' }))
        .statusCode,
    ).toBe(200);
    await settle(ctx);
    expect((await call(buyer, `/api/users/orders/${orderId}/receive`, { pallets: 4, netKg: 3200 })).statusCode).toBe(200);
    await settle(ctx);
    await settle(ctx);
    const created = await call(buyer, '/api/users/api-tokens', { name: 'ERP sync', scopes: ['orders:read', 'invoices:read'] });
    expect(created.statusCode, created.body).toBe(201);
    const { primeurClient, syncOnce } = await loadExample();
    const client = primeurClient(baseUrl, (created.json() as { secret: string }).secret);
    const file = path.join(dir, 'state.json');

    // Two events a page: the sync reads every page, writing the position after each.
    expect(await syncOnce(client, file, 2)).toBe(4);
    const state = JSON.parse(await readFile(file, 'utf8')) as SyncState;
    expect(state.after).toBe(4);
    expect(state.resources[`order:${orderId}`]).toMatchObject({ type: 'order.delivered', sequence: 3, data: { id: orderId, status: 'DELIVERED' } });
    const invoice = Object.entries(state.resources).find(([k]) => k.startsWith('invoice:'))!;
    expect(invoice[1]).toMatchObject({ type: 'invoice.issued', sequence: 4, data: { orderId, kind: 'INVOICE' } });

    // Nothing new: nothing applied, the file unchanged.
    expect(await syncOnce(client, file)).toBe(0);
    expect(JSON.parse(await readFile(file, 'utf8'))).toEqual(state);

    // Stopped after its first page (the position written was 2): the next run reads on from there and ends where a whole run ends.
    await writeFile(file, JSON.stringify({ after: 2, resources: { [`order:${orderId}`]: state.resources[`order:${orderId}`] } }));
    expect(await syncOnce(client, file)).toBe(2);
    expect(JSON.parse(await readFile(file, 'utf8'))).toEqual(state);

    // A revoked token stops the sync with the server's answer, the file untouched.
    const tokens = (await ctx.app.inject({ url: '/api/users/api-tokens', headers: { cookie: buyer.cookie } })).json() as Array<{ id: number }>;
    await ctx.app.inject({ method: 'DELETE', url: `/api/users/api-tokens/${tokens[0]!.id}`, headers: { cookie: buyer.cookie } });
    await expect(syncOnce(client, file)).rejects.toThrow(/401/);
    expect(JSON.parse(await readFile(file, 'utf8'))).toEqual(state);
  });
});
