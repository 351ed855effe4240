import { readFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { Db } from '../client.js';
import { cities, countries } from '../schema/index.js';
import { syncCatalogOnChange } from './catalog.js';

interface LocationsFile {
  countries: Array<{ alpha2: string; name: string }>;
  cities: Record<string, string[]>;
}

const LOCATIONS_FILE = path.join(import.meta.dirname, 'locations.json');
const BATCH = 2000;

/**
 * Reference data every database needs (countries and cities). Inserted once, when the countries
 * table is empty; ids are stable afterwards because nothing deletes them.
 */
export async function syncReferenceData(db: Db) {
  await syncCatalogOnChange(db);
  const [{ n }] = (await db.execute<{ n: number }>(sql`select count(*)::int as n from countries`)).rows as [{ n: number }];
  if (n > 0) return;
  const data = JSON.parse(readFileSync(LOCATIONS_FILE, 'utf8')) as LocationsFile;
  await db.transaction(async (tx) => {
    const inserted = await tx.insert(countries).values(data.countries).returning({ id: countries.id, alpha2: countries.alpha2 });
    const idOf = new Map(inserted.map((c) => [c.alpha2, c.id]));
    const rows = Object.entries(data.cities).flatMap(([alpha2, names]) => {
      const countryId = idOf.get(alpha2);
      return countryId ? names.map((name) => ({ countryId, name })) : [];
    });
    for (let i = 0; i < rows.length; i += BATCH)
      await tx
        .insert(cities)
        .values(rows.slice(i, i + BATCH))
        .onConflictDoNothing();
  });
}
