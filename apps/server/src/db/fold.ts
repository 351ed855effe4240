import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { foldForSearch, searchStem } from '@primeur/shared';

/**
 * Accent- and case-insensitive text search in SQL, the same fold as the web's `foldForSearch`
 * (packages/shared/src/search.ts): "almeria" finds "Almería", "MALAGA" finds "Málaga", "lodz" finds
 * "Łódź".
 *
 * PGlite has no `unaccent` extension, so the fold is the database function `search_fold`
 * (migrations 0008 and 0010: a `translate()` of the Latin letters with diacritics, ß → ss, æ → ae,
 * œ → oe, then `lower()`), the same on PostgreSQL and PGlite. Every text search of the app goes
 * through `foldedSearch`.
 */

/** `expr` folded: no diacritics, lower case, ß → ss, æ → ae, œ → oe. */
export function folded(expr: SQLWrapper | SQL): SQL {
  return sql`search_fold(${expr})`;
}

/** A LIKE pattern matching the text anywhere, its wildcards taken literally. */
const containing = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * True when every word of `query` appears, folded, in one of `fields` (null fields ignored), as
 * `matchesSearch` does on the web. An empty query is no condition (undefined).
 */
export function foldedSearch(
  query: string | undefined | null,
  fields: Array<SQLWrapper | SQL>,
  /** Names in several languages (catalog articles) that a word also finds by its stem (`searchStem`, decision 873). */
  stemmed: Array<SQLWrapper | SQL> = [],
): SQL | undefined {
  const words = foldForSearch(query ?? '')
    .split(' ')
    .filter(Boolean);
  if (words.length === 0 || fields.length + stemmed.length === 0) return undefined;
  const haystack = folded(sql`concat_ws(' ', ${sql.join([...fields, ...stemmed], sql`, `)})`);
  const names = stemmed.length ? folded(sql`concat_ws(' ', ${sql.join(stemmed, sql`, `)})`) : null;
  return sql.join(
    words.map((w) => {
      const stem = searchStem(w);
      if (!names || stem === w) return sql`${haystack} like ${containing(w)}`;
      return sql`(${haystack} like ${containing(w)} or ${names} like ${containing(stem)})`;
    }),
    sql` and `,
  );
}
