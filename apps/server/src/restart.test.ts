import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { PGlite } from '@electric-sql/pglite';
import { SERVER_DIST, SERVER_ENTRY } from '../../../scripts/build.mjs';
import { embeddedOptions } from '../test/database.js';
import { ensureServerBuilt, freePort, startServer } from '../test/server-process.js';

/**
 * A restart of the compiled server (issue 24, decision 843): what it loads before listening, and the
 * time from the process start to a ready /api/health/ready on an already migrated database, printed.
 */

/** CPU seconds (user + system) a process has used, from /proc (Linux); undefined elsewhere. */
function cpuSeconds(pid: number | undefined): number | undefined {
  const stat = `/proc/${pid}/stat`;
  if (!pid || !existsSync(stat)) return undefined;
  const fields = readFileSync(stat, 'utf8').split(') ')[1]!.split(' ');
  // utime and stime, in clock ticks (100 per second on Linux).
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

/** Libraries that took seconds to load on a busy machine and that no start needs: loaded at first use. */
const LOADED_ON_USE = ['@e-invoice-eu/core', '@cantoo/pdf-lib', 'pdfkit', 'libphonenumber-js/max', '@zxcvbn-ts/core', '@zxcvbn-ts/language-common'];

beforeAll(async () => {
  await ensureServerBuilt();
}, 120_000);

describe('the compiled server at start', () => {
  it('imports no PDF, invoice, phone-number or password-dictionary library before listening', () => {
    // The entry and its chunks (decision 920: the app's chunk is imported while the database opens,
    // before listening), all in dist/.
    const files = readdirSync(SERVER_DIST).filter((f) => f.endsWith('.js'));
    expect(files).toContain(path.basename(SERVER_ENTRY));
    const bundle = files.map((f) => readFileSync(path.join(SERVER_DIST, f), 'utf8')).join('\n');
    // The files' top-level static imports, which Node loads before running any of their code (the
    // bundle is minified: several statements on a line; `import(` is a dynamic import, not matched).
    const staticImports = [...bundle.matchAll(/(?:^|[;\n])\s*import\s*(?:[^'"();]*?\s*from\s*)?["']([^"']+)["']/g)].map((m) => m[1]!);
    // PGlite stays in node_modules (its WebAssembly sits beside it); Fastify is bundled (decision 920).
    expect(staticImports).toContain('@electric-sql/pglite');
    expect(staticImports).not.toContain('fastify');
    for (const id of LOADED_ON_USE) {
      expect(staticImports, id).not.toContain(id);
      // Still used, at first use: a dynamic import or a lazyRequire of the package.
      expect(bundle.includes(`import("${id}")`) || bundle.includes(`lazyRequire("${id}")`), `${id} loaded on use`).toBe(true);
    }
  });

  describe('a restart on a migrated embedded database', () => {
    let dir: string;
    beforeAll(async () => {
      dir = mkdtempSync(path.join(os.tmpdir(), 'primeur-restart-'));
      const db = new PGlite(path.join(dir, 'pg'), await embeddedOptions());
      await db.close();
    }, 120_000);
    afterAll(() => rmSync(dir, { recursive: true, force: true }));

    it('is ready and prints its time and parts; the lazily loaded password check answers', async () => {
      const port = await freePort();
      const server = startServer(port, { DATA_DIR: dir, LOG_LEVEL: 'info' });
      try {
        const readyMs = await server.ready(120_000);
        // CPU used until ready: what the start costs, whatever else the machine is doing.
        const cpu = cpuSeconds(server.proc.pid);
        // The log line travels through a pipe: on a loaded machine it can arrive after the ready answer.
        const line = await vi.waitFor(
          () => {
            const found = server
              .output()
              .split('\n')
              .find((l) => l.includes('"Primeur is running"'));
            if (!found) throw new Error(`no "Primeur is running" line yet in:\n${server.output()}`);
            return found;
          },
          { timeout: 30_000, interval: 50 },
        );
        const parts = JSON.parse(line!) as { startupMs: number; loadMs: number; databaseMs: number; appMs: number };
        expect(parts.loadMs).toBeGreaterThan(0);
        expect(parts.startupMs).toBeGreaterThanOrEqual(parts.loadMs);
        console.log(
          `restart: ready ${(readyMs / 1000).toFixed(2)} s after spawn, ${cpu === undefined ? '?' : cpu.toFixed(2)} s of CPU; listening ${parts.startupMs} ms after its process started ` +
            `(code ${parts.loadMs}, database ${parts.databaseMs}, app ${parts.appMs}); load average ${os.loadavg()[0]!.toFixed(1)} on ${os.cpus().length} CPUs (goal ≤ 5 s)`,
        );
        // The dictionaries come with the first check, in the compiled server too.
        const res = await fetch(`${server.base}/auth/password-strength`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ password: 'password1' }),
        });
        expect(res.status).toBe(200);
        expect(await res.json()).toMatchObject({ strong: false });
      } finally {
        server.proc.kill('SIGTERM');
        expect((await server.exited).code).toBe(0);
      }
    }, 180_000);
  });
});
