import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { products } from './schema/index.js';

/**
 * The SQL twin of the shared `auctionPhase` (packages/shared/src/auctions/rules.ts): where a lot's
 * auction stands, as a condition the database evaluates, so the lists, counts and alerts filter and
 * page on the same rule the server and the web apply in TypeScript. Every query that asks "is this
 * auction open?" or "has it ended?" builds its condition here.
 *
 * - open: stored IN_AUCTION, started (`auction_start_date <= at`) and not ended (`at < ends_at`);
 * - ended: stored IN_AUCTION and `ends_at <= at` — over, though the close job has not made it
 *   EXPIRED yet. (`ends_at` is the current end, moved by soft close; the products_auction_dates check
 *   makes it non-null exactly when the start is.)
 *
 * `at` is the instant compared with: the database clock (`now()`) unless the caller passes its own
 * (the home page compares with the request's time).
 */

/** The lot columns the phase reads. */
export interface AuctionColumns {
  status: SQLWrapper;
  startsAt: SQLWrapper;
  endsAt: SQLWrapper;
}

/** The `products` table's own columns (drizzle queries, raw queries `from products`). */
const PRODUCT_COLUMNS: AuctionColumns = { status: products.status, startsAt: products.auctionStartDate, endsAt: products.endsAt };

/** The same columns through the alias of a raw query: `from products p` → `lotAlias('p')`. */
export function lotAlias(alias: string): AuctionColumns {
  if (!/^[a-z_][a-z0-9_]*$/.test(alias)) throw new Error(`Not a table alias: ${alias}`);
  return { status: sql.raw(`${alias}.status`), startsAt: sql.raw(`${alias}.auction_start_date`), endsAt: sql.raw(`${alias}.ends_at`) };
}

const instant = (at: Date | undefined): SQL => (at ? sql`${at.toISOString()}` : sql`now()`);

/** `auctionPhase(lot, at) === 'open'` for a lot stored IN_AUCTION, in SQL. */
export function auctionOpenSql(cols: AuctionColumns = PRODUCT_COLUMNS, at?: Date): SQL {
  const now = instant(at);
  return sql`(${cols.status} = 'IN_AUCTION' and ${cols.startsAt} <= ${now} and ${cols.endsAt} > ${now})`;
}

/** `auctionPhase(lot, at) === 'ended'` for a lot still stored IN_AUCTION (not closed yet), in SQL. */
export function auctionEndedSql(cols: AuctionColumns = PRODUCT_COLUMNS, at?: Date): SQL {
  return sql`(${cols.status} = 'IN_AUCTION' and ${cols.endsAt} <= ${instant(at)})`;
}
