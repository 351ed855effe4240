import type { FastifyBaseLogger } from 'fastify';
import { PRICE_IMPORT_MAX_BYTES } from '@primeur/shared';
import type { Db } from '../../db/client.js';
import { HttpError } from '../../lib/http-error.js';
import { detectFormat } from './price-file.js';
import * as pricesService from './prices.service.js';

export interface PriceFetcherOptions {
  sources: string[];
  /** Hour of the day, server local time. */
  hour: number;
  timeoutMs: number;
  /** Runs the scheduled fetch (the job runner: once across instances). Default: runs it here. */
  runScheduled?: () => Promise<unknown>;
}

/** The next time the clock shows `hour`:00 strictly after `now` (server local time). */
export function nextRunAt(now: Date, hour: number): Date {
  const next = new Date(now);
  next.setHours(hour, 0, 0, 0);
  if (next.getTime() <= now.getTime()) next.setDate(next.getDate() + 1);
  return next;
}

/**
 * The daily fetch of the configured price sources. Each source is one file for the importer (its own
 * all-or-nothing); a source that fails does not stop the others. One timer, re-armed after each run,
 * so a run never overlaps the next one and the timer is cleared on close.
 */
export class PriceFetcher {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<unknown> | undefined;
  next: Date | null = null;

  constructor(
    private readonly db: Db,
    private readonly opts: PriceFetcherOptions,
    private readonly log: FastifyBaseLogger,
  ) {}

  get enabled() {
    return this.opts.sources.length > 0;
  }

  start() {
    if (!this.enabled) return;
    this.arm();
  }

  stop() {
    clearTimeout(this.timer);
    this.timer = undefined;
    this.next = null;
  }

  private arm() {
    this.next = nextRunAt(new Date(), this.opts.hour);
    // setTimeout holds at most ~24.8 days; a day is well within it.
    this.timer = setTimeout(() => {
      void (this.opts.runScheduled ? this.opts.runScheduled() : this.runNow()).finally(() => {
        if (this.timer) this.arm();
      });
    }, this.next.getTime() - Date.now());
    this.timer.unref();
  }

  /** Fetches and imports every source now; resolves when all are done (also what the timer calls). */
  async runNow(): Promise<Array<{ source: string; ok: boolean; rowCount: number; error?: string }>> {
    if (this.running) await this.running;
    const run = this.fetchAll();
    this.running = run;
    try {
      return await run;
    } finally {
      this.running = undefined;
    }
  }

  private async fetchAll() {
    const results: Array<{ source: string; ok: boolean; rowCount: number; error?: string }> = [];
    for (const source of this.opts.sources) {
      let text: string;
      try {
        const res = await fetch(source, { signal: AbortSignal.timeout(this.opts.timeoutMs) });
        if (!res.ok) throw new Error(`the source answered HTTP ${res.status}`);
        const length = Number(res.headers.get('content-length') ?? 0);
        if (length > PRICE_IMPORT_MAX_BYTES) throw new Error(`the file is larger than ${PRICE_IMPORT_MAX_BYTES} bytes`);
        text = await res.text();
        if (Buffer.byteLength(text) > PRICE_IMPORT_MAX_BYTES) throw new Error(`the file is larger than ${PRICE_IMPORT_MAX_BYTES} bytes`);
      } catch (e) {
        const error = `Could not fetch ${source}: ${(e as Error).message}`;
        this.log.warn({ source, err: e }, 'scheduled price fetch failed');
        await pricesService.recordFetchFailure(this.db, source, error);
        results.push({ source, ok: false, rowCount: 0, error });
        continue;
      }
      try {
        const fileName = new URL(source).pathname.split('/').pop();
        const result = await pricesService.importFile(this.db, { content: text, format: detectFormat(fileName, text), origin: 'schedule', label: source });
        this.log.info({ source, rows: result.rowCount }, 'scheduled price import done');
        results.push({ source, ok: true, rowCount: result.rowCount });
      } catch (e) {
        // The importer has already recorded the refusal.
        const error = e instanceof HttpError ? e.message : (e as Error).message;
        this.log.warn({ source, error }, 'scheduled price import refused');
        results.push({ source, ok: false, rowCount: 0, error });
      }
    }
    return results;
  }
}
