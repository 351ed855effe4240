import { index, integer, pgTable, serial, text, uniqueIndex, varchar } from 'drizzle-orm/pg-core';

/** ISO 3166-1 countries; names in English (the web translates by alpha2). */
export const countries = pgTable('countries', {
  id: serial('id').primaryKey(),
  alpha2: varchar('alpha2', { length: 2 }).notNull().unique(),
  name: text('name').notNull(),
});

export const cities = pgTable(
  'cities',
  {
    id: serial('id').primaryKey(),
    countryId: integer('country_id')
      .notNull()
      .references(() => countries.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
  },
  (t) => [index('cities_country_idx').on(t.countryId), uniqueIndex('cities_country_name_uq').on(t.countryId, t.name)],
);
