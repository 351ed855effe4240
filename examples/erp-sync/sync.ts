/**
 * An ERP's side of Primeur's change feed (docs/api/integration.md): reads the company's events with an
 * API token, oldest first, and keeps each order, claim, invoice, credit note, lot outcome and purchase
 * request as last seen in a local JSON file, with the feed's position. Stopped at any point (a crash,
 * Ctrl-C, the network away), the next run goes on from the last position written: the file is
 * replaced atomically after each page, and an event seen twice (a page read again) changes nothing.
 *
 *   PRIMEUR_URL=https://primeur.example PRIMEUR_TOKEN=prm_… npx tsx examples/erp-sync/sync.ts [state.json] [--follow]
 *
 * The client is typed from the served OpenAPI document (`npm run api:types` writes primeur-api.d.ts).
 */
import { readFile, rename, writeFile } from 'node:fs/promises';
import createClient from 'openapi-fetch';
import type { paths } from './primeur-api.js';

export interface SyncState {
  /** The feed's position: the `next` of the last page applied (0 before the first). */
  after: number;
  /** Each resource by `<kind>:<id>` (order:12, invoice:7…), as the last event that named it showed it. */
  resources: Record<string, { type: string; sequence: number; occurredAt: string; data: Record<string, unknown> }>;
}

export type PrimeurClient = ReturnType<typeof createClient<paths>>;

export function primeurClient(baseUrl: string, token: string, fetchImpl?: typeof fetch): PrimeurClient {
  return createClient<paths>({ baseUrl, headers: { authorization: `Bearer ${token}` }, ...(fetchImpl ? { fetch: fetchImpl } : {}) });
}

async function load(file: string): Promise<SyncState> {
  try {
    return JSON.parse(await readFile(file, 'utf8')) as SyncState;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return { after: 0, resources: {} };
    throw err;
  }
}

async function save(file: string, state: SyncState) {
  const tmp = `${file}.tmp`;
  await writeFile(tmp, JSON.stringify(state, null, 2));
  await rename(tmp, file);
}

/** The local key of an event's resource: purchase_request.accepted about request 9 → purchase_request:9. */
const keyOf = (type: string, data: Record<string, unknown>) => `${type.slice(0, type.indexOf('.'))}:${String(data.id)}`;

/** Reads every page after the saved position and applies it; answers how many events it applied. */
export async function syncOnce(client: PrimeurClient, file: string, pageSize = 500): Promise<number> {
  const state = await load(file);
  let applied = 0;
  for (;;) {
    const { data, error, response } = await client.GET('/api/v1/events', { params: { query: { after: state.after, limit: pageSize } } });
    if (error || !data) throw new Error(`the feed answered ${response.status}: ${JSON.stringify(error)}`);
    for (const e of data.items) {
      const key = keyOf(e.type, e.data);
      const known = state.resources[key];
      // A later event of the same resource wins; one already applied (a page read again) changes nothing.
      if (!known || known.sequence < e.sequence) state.resources[key] = { type: e.type, sequence: e.sequence, occurredAt: e.occurredAt, data: e.data };
    }
    applied += data.items.length;
    state.after = data.next;
    await save(file, state);
    if (data.items.length < pageSize) return applied;
  }
}

const isMain = import.meta.url === `file://${process.argv[1]}`;
if (isMain) {
  const url = process.env.PRIMEUR_URL;
  const token = process.env.PRIMEUR_TOKEN;
  if (!url || !token) {
    console.error('Set PRIMEUR_URL and PRIMEUR_TOKEN (an API token with orders:read and invoices:read).');
    process.exit(2);
  }
  const file = process.argv.slice(2).find((a) => !a.startsWith('--')) ?? 'primeur-state.json';
  const follow = process.argv.includes('--follow');
  const client = primeurClient(url, token);
  do {
    const n = await syncOnce(client, file);
    if (n) console.log(`${new Date().toISOString()} applied ${n} event(s); state in ${file}`);
    if (follow) await new Promise((r) => setTimeout(r, 10_000));
  } while (follow);
}
