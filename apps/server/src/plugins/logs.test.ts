import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { buildApp } from '../app.js';
import { freshDatabase } from '../../test/database.js';
import { testConfig } from '../../test/build-app.js';
import { createUser, registrationBody } from '../db/factories.js';
import type { Database } from '../db/client.js';
import type { FastifyInstance } from 'fastify';

let database: Database;
let app: FastifyInstance;
const lines: string[] = [];

beforeAll(async () => {
  database = await freshDatabase();
  app = await buildApp({ config: testConfig({ logLevel: 'info' }), database, logStream: { write: (l: string) => void lines.push(l) } });
  await app.ready();
});
afterAll(async () => {
  await app.close();
  await database.close();
});

describe('logs of a failure', () => {
  it('name the error and its code, never the query parameters, hash, e-mail, password, cookie or message text', async () => {
    const victim = await createUser(database.db, { email: 'victim@example.test', password: 'Secret-pass-42' });
    const [row] = (await database.db.execute(sql`select password_hash from users where id = ${victim.id}`)).rows as Array<{ password_hash: string }>;
    const hash = row!.password_hash;
    // Force a database failure the handler cannot classify: a column the queries use is gone.
    await database.db.execute(sql`alter table users rename column vat_id to vat_id_gone`);

    const login = await app.inject({
      method: 'POST',
      url: '/auth/login?code=query-secret',
      headers: { cookie: 'primeur_sid=cookie-secret' },
      payload: { email: victim.email, password: 'Secret-pass-42' },
    });
    const register = await app.inject({
      method: 'POST',
      url: '/auth/register',
      payload: await registrationBody(database.db, { email: 'newcomer@example.test', password: 'Another secret 42!', companyName: 'Private message text' }),
    });
    await database.db.execute(sql`alter table users rename column vat_id_gone to vat_id`);
    expect(login.statusCode).toBe(500);
    expect(register.statusCode).toBe(500);
    expect(login.json()).toEqual({ error: 'An unexpected error occurred.', code: 'INTERNAL' });

    const log = lines.join('');
    const failures = lines.map((l) => JSON.parse(l) as { msg?: string; err?: { message: string; type: string } }).filter((l) => l.msg === 'unhandled error');
    expect(failures.length).toBe(2);
    // The error is there: its type and message (the statement, not its values).
    expect(failures[0]!.err!.message).toMatch(/Failed query|vat_id/);
    for (const secret of [
      hash,
      '$argon2id',
      victim.email,
      'newcomer@example.test',
      'Secret-pass-42',
      'Another secret 42!',
      'cookie-secret',
      'query-secret',
      'Private message text',
    ]) {
      expect(log, `log contains ${secret}`).not.toContain(secret);
    }
  });
});
