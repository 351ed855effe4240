/**
 * Creates (or re-activates and resets) an administrator on the configured database.
 *   npm run admin:create -- --email ops@company.com --company "Company" [--country FR --city Rungis]
 * The password comes from ADMIN_PASSWORD, or is asked for on the terminal.
 */
import { parseArgs } from 'node:util';
import { createInterface } from 'node:readline/promises';
import { eq } from 'drizzle-orm';
import { PASSWORD_MIN_LENGTH, emailField } from '@primeur/shared';
import { loadConfig } from '../src/config/env.js';
import { prepareDatabase } from '../src/db/bootstrap.js';
import { users } from '../src/db/schema/index.js';
import { placeIn } from '../src/db/factories.js';
import { hashPassword } from '../src/lib/password.js';

const { values } = parseArgs({
  options: {
    email: { type: 'string' },
    company: { type: 'string', default: 'Primeur' },
    country: { type: 'string', default: 'FR' },
    city: { type: 'string' },
  },
});

async function askPassword(): Promise<string> {
  if (process.env.ADMIN_PASSWORD) return process.env.ADMIN_PASSWORD;
  const rl = createInterface({ input: process.stdin, output: process.stdout, terminal: true });
  const pw = await rl.question('Password for the new administrator: ');
  rl.close();
  return pw;
}

const email = emailField.safeParse(values.email ?? '');
if (!email.success) {
  console.error('Give a valid --email.');
  process.exit(2);
}
const password = await askPassword();
if (password.length < PASSWORD_MIN_LENGTH) {
  console.error(`The password needs at least ${PASSWORD_MIN_LENGTH} characters.`);
  process.exit(2);
}

const config = { ...loadConfig(), seedDemo: false };
const database = await prepareDatabase(config);
const { db } = database;
const place = await placeIn(db, values.country!.toUpperCase(), values.city);
const passwordHash = await hashPassword(password);
const existing = (await db.select().from(users).where(eq(users.email, email.data)))[0];
if (existing) {
  await db.update(users).set({ category: 'admin', active: true, passwordHash, updatedAt: new Date() }).where(eq(users.id, existing.id));
  console.log(`${email.data} is now an active administrator (password reset).`);
} else {
  await db.insert(users).values({
    email: email.data,
    passwordHash,
    category: 'admin',
    companyName: values.company!,
    address: '-',
    postalCode: '-',
    countryId: place.country.id,
    cityId: place.city.id,
    vatId: '-',
    active: true,
  });
  console.log(`Administrator ${email.data} created.`);
}
await database.close();
