import { sql } from 'drizzle-orm';
import { QueryBuilder } from 'drizzle-orm/pg-core';
import { productLinks } from '../../db/schema/index.js';

/**
 * The product links read model other modules read (the price lists of pricing): the link columns
 * their lists join, as a subquery joined like a table, which PostgreSQL inlines (the plan is the join
 * it replaces). Its owner is joined through companies' read model (company-view.ts).
 */
const linkColumns = new QueryBuilder().select({ id: productLinks.id, companyId: productLinks.companyId, articleId: productLinks.articleId }).from(productLinks);

/** Every product link's id, owner (company id) and article id, as a subquery to join like a table. */
export const productLinkView = linkColumns.as('product_link_view');

/** The same columns for the queries written in SQL: `join ${productLinkViewSql} l on l.id = …`. */
export const productLinkViewSql = sql`${linkColumns}`;
