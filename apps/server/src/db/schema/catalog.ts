import { sql } from 'drizzle-orm';
import { check, jsonb, numeric, pgEnum, pgTable, serial, text, uniqueIndex, varchar } from 'drizzle-orm/pg-core';

export const familyEnum = pgEnum('product_family', ['fruits', 'legumes']);

export interface ArticleNames {
  en: string;
  fr: string;
  de: string;
  es: string;
}

/** The catalog of fresh produce articles (the spec's productList entries). `article` is the English name. */
export const articles = pgTable(
  'articles',
  {
    id: serial('id').primaryKey(),
    code: varchar('code', { length: 32 }).notNull(),
    family: familyEnum('family').notNull(),
    subfamily: text('subfamily').notNull(),
    article: text('article').notNull(),
    names: jsonb('names').$type<ArticleNames>().notNull(),
  },
  (t) => [uniqueIndex('articles_code_uq').on(t.code)],
);

export const boxes = pgTable('boxes', {
  id: serial('id').primaryKey(),
  name: text('name').notNull().unique(),
  /** The name in each interface language (migration 0009, decision 640); NULL falls back to `name`. */
  names: jsonb('names').$type<ArticleNames>(),
});

export const packagings = pgTable('packagings', {
  id: serial('id').primaryKey(),
  name: text('name').notNull().unique(),
  /** The name in each interface language (migration 0009, decision 640); NULL falls back to `name`. */
  names: jsonb('names').$type<ArticleNames>(),
});

export const certificates = pgTable('certificates', {
  id: serial('id').primaryKey(),
  name: text('name').notNull().unique(),
  /** The name in each interface language (migration 0009, decision 640); NULL falls back to `name`. */
  names: jsonb('names').$type<ArticleNames>(),
});

/** Carriers (the spec's transport): price in euros, never negative, 0 for a new one. */
export const transports = pgTable(
  'transports',
  {
    id: serial('id').primaryKey(),
    carrier: text('carrier').notNull().unique(),
    price: numeric('price', { precision: 12, scale: 2 }).notNull().default('0'),
  },
  (t) => [check('transports_price_nonneg', sql`${t.price} >= 0`)],
);
