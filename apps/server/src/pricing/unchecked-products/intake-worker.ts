import type {} from 'fastify';
import type { Db } from '../../db/client.js';
import * as uncheckedProductsService from './unchecked-products.service.js';
import { type ParseOptions } from './unchecked-products.service.js';

/**
 * Parses stored messages in the background, one run at a time per instance: a kick while a run is
 * going makes it go round once more instead of starting a second one. Messages left half-done by an
 * instance that died are taken over by the sweep (their claim goes stale).
 */
declare module 'fastify' {
  interface FastifyInstance {
    /** The instance's parser of stored WhatsApp messages (webhook, review page and jobs kick it). */
    intake: IntakeWorker;
  }
}

export class IntakeWorker {
  private running: Promise<void> | null = null;
  private again = false;
  private stopped = false;

  constructor(
    private readonly db: Db,
    private readonly opts: ParseOptions & { onRunError?: (err: unknown) => void } = {},
  ) {}

  kick(): Promise<void> {
    if (this.stopped) return Promise.resolve();
    if (this.running) {
      this.again = true;
      return this.running;
    }
    this.running = (async () => {
      do {
        this.again = false;
        try {
          await uncheckedProductsService.parsePending(this.db, this.opts);
        } catch (err) {
          // Database away: the messages stay stored; the next kick or sweep parses them.
          this.opts.onRunError?.(err);
          return;
        }
      } while (this.again && !this.stopped);
    })().finally(() => {
      this.running = null;
    });
    return this.running;
  }

  /** Waits for the run in progress (server shutdown). */
  async stop() {
    this.stopped = true;
    await this.running;
  }
}
