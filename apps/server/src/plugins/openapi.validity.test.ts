import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import SwaggerParser from '@apidevtools/swagger-parser';
import type { OpenAPI } from 'openapi-types';
import { createTestApp, type TestContext } from '../../test/build-app.js';

/**
 * The served OpenAPI document is what the traders' own systems generate their clients from (decision
 * 1007): it must pass two independent validators. swagger-parser checks it against the OpenAPI schema
 * and resolves every $ref; Redocly's linter applies its `recommended` rules (apps/server/redocly.yaml),
 * where an error fails and a warning is only counted. A deliberately broken copy proves both reject.
 */
const SERVER_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const REDOCLY_CONFIG = path.join(SERVER_DIR, 'redocly.yaml');
const REDOCLY_CLI = path.join(path.dirname(createRequire(import.meta.url).resolve('@redocly/cli/package.json')), 'bin/cli.js');

interface Operation {
  security?: unknown;
  responses?: Record<string, { description?: string; content?: unknown }>;
  parameters?: unknown[];
  'x-api-token-scopes'?: string[];
}
type Doc = { paths: Record<string, Record<string, Operation>> };
interface RedoclyProblem {
  ruleId: string;
  severity: 'error' | 'warn';
  message: string;
  location?: { pointer?: string }[];
}
interface RedoclyReport {
  totals: { errors: number; warnings: number; ignored: number };
  problems: RedoclyProblem[];
}

let ctx: TestContext;
let dir: string;
let doc: Doc;
beforeAll(async () => {
  ctx = await createTestApp();
  dir = await mkdtemp(path.join(tmpdir(), 'primeur-openapi-'));
  const res = await ctx.app.inject({ url: '/api/openapi.json' });
  expect(res.statusCode).toBe(200);
  doc = res.json();
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
  await ctx.close();
});

async function writeDoc(name: string, content: unknown): Promise<string> {
  const file = path.join(dir, name);
  await writeFile(file, JSON.stringify(content, null, 2));
  return file;
}

/** Redocly's `lint --format=json` on one file; it exits 1 when it finds errors, and prints its report either way. */
function redoclyLint(file: string): Promise<RedoclyReport> {
  return new Promise((resolve, reject) => {
    execFile(
      process.execPath,
      [REDOCLY_CLI, 'lint', file, `--config=${REDOCLY_CONFIG}`, '--format=json', '--max-problems=1000'],
      // No telemetry and no update check: tests never reach the internet.
      { env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true', NO_COLOR: '1' }, maxBuffer: 64 * 1024 * 1024 },
      (error, stdout, stderr) => {
        const start = stdout.indexOf('{');
        if (start < 0) return reject(new Error(`redocly printed no report (${error?.message ?? 'exit 0'}): ${stderr}`));
        try {
          resolve(JSON.parse(stdout.slice(start)) as RedoclyReport);
        } catch (e) {
          reject(new Error(`redocly's report is not JSON: ${String(e)}\n${stdout.slice(0, 2000)}\n${stderr}`));
        }
      },
    );
  });
}

const summary = (problems: RedoclyProblem[]) => problems.map((p) => `${p.severity} ${p.ruleId} ${p.location?.[0]?.pointer ?? ''}: ${p.message}`).join('\n');

describe('the OpenAPI document', () => {
  it('is valid for swagger-parser (schema and every $ref)', async () => {
    // validate() dereferences in place: it gets its own copy.
    await expect(SwaggerParser.validate(structuredClone(doc) as OpenAPI.Document)).resolves.toBeDefined();
  });

  it("passes Redocly's recommended rules with no error", async () => {
    const report = await redoclyLint(await writeDoc('openapi.json', doc));
    const errors = report.problems.filter((p) => p.severity === 'error');
    const byRule = new Map<string, number>();
    for (const p of report.problems) byRule.set(p.ruleId, (byRule.get(p.ruleId) ?? 0) + 1);
    const rules = [...byRule].map(([rule, n]) => `${rule} ${n}`).join(', ');
    console.info(`redocly lint: ${report.totals.errors} errors, ${report.totals.warnings} warnings (${rules})`);
    expect(summary(errors)).toBe('');
    expect(report.totals.errors).toBe(0);
  }, 120_000);

  it('requires the session cookie on every operation but the public ones, or an API token where a scope lets one in', () => {
    const security = (p: string, method: string) => doc.paths[p]?.[method]?.security;
    expect(security('/auth/login', 'post')).toEqual([]);
    expect(security('/api/users/product/myProducts', 'get')).toEqual([{ session: [] }, { apiToken: [] }]);
    expect(doc.paths['/api/users/orders/{id}/ship']?.post?.['x-api-token-scopes']).toEqual(['orders:write']);
    expect(security('/api/admin/getAllBP', 'get')).toEqual([{ session: [] }]);
    expect(security('/api/users/api-tokens', 'post')).toEqual([{ session: [] }]);
    // Every operation says it: the cookie exactly where the route answers NOT_SIGNED_IN (it is not
    // public), the token beside it exactly where the operation names its scopes, an empty list elsewhere.
    const operations = Object.entries(doc.paths).flatMap(([p, ops]) => Object.entries(ops).map(([m, op]) => ({ operation: `${m} ${p}`, op })));
    expect(operations.length).toBeGreaterThan(80);
    const signInNeeded = (op: Operation) => (op.responses?.['4XX']?.description ?? '').includes('NOT_SIGNED_IN');
    const expected = (op: Operation) => (!signInNeeded(op) ? [] : op['x-api-token-scopes'] ? [{ session: [] }, { apiToken: [] }] : [{ session: [] }]);
    expect(operations.map(({ operation, op }) => ({ operation, security: op.security }))).toEqual(
      operations.map(({ operation, op }) => ({ operation, security: expected(op) })),
    );
  });

  /** Defects the document once had, each put back into a copy: the validators named must refuse it. */
  const DEFECTS: { name: string; refusedBy: { swaggerParser: RegExp | null; redoclyRule: string }; breakIt(doc: Doc): void }[] = [
    {
      name: 'a dangling $ref',
      refusedBy: { swaggerParser: /schema0/, redoclyRule: 'no-unresolved-refs' },
      breakIt: (d) => {
        const op = d.paths['/api/users/product/myProducts']!.get!;
        op.responses = { ...op.responses, 200: { description: 'x', content: { 'application/json': { schema: { $ref: '#/components/schemas/schema0' } } } } };
      },
    },
    {
      name: 'a parameter whose schema is not a schema',
      refusedBy: { swaggerParser: /parameters/, redoclyRule: 'struct' },
      breakIt: (d) => {
        d.paths['/api/admin/export/{list}.csv']!.get!.parameters!.push({ in: 'query', name: 'type', required: false, schema: 'object' });
      },
    },
    {
      name: 'an operation that says nothing of its security',
      refusedBy: { swaggerParser: null, redoclyRule: 'security-defined' },
      breakIt: (d) => {
        delete d.paths['/api/admin/getAllBP']!.get!.security;
      },
    },
  ];

  it.each(DEFECTS)(
    'is refused when broken: $name',
    async ({ name, refusedBy, breakIt }) => {
      const broken = structuredClone(doc);
      breakIt(broken);
      if (refusedBy.swaggerParser) {
        await expect(SwaggerParser.validate(structuredClone(broken) as OpenAPI.Document)).rejects.toThrow(refusedBy.swaggerParser);
      }
      const report = await redoclyLint(await writeDoc(`broken-${name.replace(/\W+/g, '-')}.json`, broken));
      expect(report.totals.errors).toBeGreaterThan(0);
      expect(report.problems.filter((p) => p.severity === 'error').map((p) => p.ruleId)).toContain(refusedBy.redoclyRule);
    },
    120_000,
  );
});
