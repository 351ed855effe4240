import { addDays, todayInParis, type ImportOrigin, type PriceImportResult, type PriceType } from '@primeur/shared';
import type { Db } from '../../db/client.js';
import { HttpError } from '../../lib/http-error.js';
import { parsePriceFile, PriceFileError, type ParsedPriceFile, type PriceFileFormat } from './price-file.js';
import { presentGrower, presentImport, presentMarket } from './prices.presenter.js';
import * as repo from './prices.repository.js';
import { invalidateReferences } from './reference.service.js';
import { type GrowerRecord, type MarketRecord } from './prices.repository.js';

export interface ImportInput {
  /** The file's text, or an already-decoded JSON document (the upload's JSON body). */
  content: string | { type: PriceType; rows: Array<Record<string, unknown>> };
  format: PriceFileFormat;
  origin: ImportOrigin;
  /** File name or URL, shown in the import status. */
  label: string;
}

export async function scrapedPrices(db: Db, date: string, type: PriceType) {
  const [previous, rows] = await Promise.all([repo.previousFigures(db, type, date), type === 'market' ? repo.listMarket(db, date) : repo.listGrower(db, date)]);
  const names = await repo.articleNames(db, [...new Set(rows.map((r) => r.articleId).filter((id): id is number => id !== null))]);
  return type === 'market' ? presentMarket(rows as MarketRecord[], previous, names) : presentGrower(rows as GrowerRecord[], previous, names);
}

export async function history(db: Db, q: { type: PriceType; family: 'fruits' | 'legumes'; name: string; days: number; to?: string }) {
  const to = q.to ?? todayInParis();
  const from = addDays(to, -(q.days - 1));
  const points = await repo.history(db, q.type, q.family, q.name, from, to);
  return { type: q.type, family: q.family, name: q.name, from, to, points };
}

/**
 * The one importer behind the upload, the command line and the scheduled fetch. The whole file is
 * validated before anything is written, then written in one transaction: a file is either stored
 * entirely or not at all. Re-importing replaces the rows of the same date + source + product.
 * Every attempt, refused ones included, is recorded for the dashboard's status.
 */
export async function importFile(db: Db, input: ImportInput): Promise<PriceImportResult> {
  let parsed: ParsedPriceFile;
  try {
    parsed = typeof input.content === 'string' ? parsePriceFile(input.content, input.format) : parsePriceFile(JSON.stringify(input.content), 'json');
  } catch (e) {
    if (!(e instanceof PriceFileError)) throw e;
    const unit = input.format === 'json' ? 'Row' : 'Line';
    const message = `${unit} ${e.line}: ${e.reason}`;
    await repo.recordImport(db, { origin: input.origin, label: input.label, type: null, status: 'failed', rowCount: 0, error: message, line: e.line });
    throw new HttpError(400, 'IMPORT_INVALID', `The file was refused. ${message}`, [{ path: `${unit.toLowerCase()} ${e.line}`, message: e.reason }], {
      line: e.line,
      reason: { key: e.key, params: e.params },
    });
  }
  try {
    const record = await db.transaction(async (tx) => {
      const articleIds = await repo.articleIndex(tx);
      const rec = await repo.recordImport(tx, { origin: input.origin, label: input.label, type: parsed.type, status: 'ok', rowCount: parsed.rows.length });
      if (parsed.type === 'market') await repo.upsertMarket(tx, parsed.rows, articleIds, rec.id);
      else await repo.upsertGrower(tx, parsed.rows, articleIds, rec.id);
      return rec;
    });
    // The lot references read these rows: the next read recomputes them (decision 860).
    invalidateReferences(db);
    const dates = [...new Set(parsed.rows.map((r) => r.date))].sort();
    return { type: parsed.type, rowCount: parsed.rows.length, dates, import: presentImport(record) };
  } catch (e) {
    await repo.recordImport(db, {
      origin: input.origin,
      label: input.label,
      type: parsed.type,
      status: 'failed',
      rowCount: 0,
      error: `The rows could not be stored: ${(e as Error).message}`,
    });
    throw e;
  }
}

/** Records an attempt that never produced a file (the source did not answer). */
export function recordFetchFailure(db: Db, label: string, error: string) {
  return repo.recordImport(db, { origin: 'schedule', label, type: null, status: 'failed', rowCount: 0, error });
}

export async function importStatus(db: Db) {
  const [recent, lastScheduled, market, grower] = await Promise.all([
    repo.recentImports(db, 5),
    repo.lastScheduled(db),
    repo.stored(db, 'market'),
    repo.stored(db, 'grower'),
  ]);
  return { recent: recent.map(presentImport), lastScheduled: lastScheduled ? presentImport(lastScheduled) : null, stored: { market, grower } };
}
