import { eq } from 'drizzle-orm';
import type { Db } from '../src/db/client.js';
import { outbox } from '../src/db/schema/index.js';

/** The outbox's messages to `address`, oldest first: what the tests' mailer sent or kept. */
export const mailsAddressedTo = (db: Db, address: string) => db.select().from(outbox).where(eq(outbox.toAddress, address)).orderBy(outbox.id);
