import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

/**
 * The import boundaries of docs/architecture.md ("Request path (server)") cannot silently rot: each
 * *.ts.fixture file in test/lint-fixtures breaks one of them on purpose and is linted, through the repository's own
 * eslint.config.js, as if it stood at its `lint-as` path; the rule named by `expect` must fire.
 * The same lint run over the real code (npm run lint) must report nothing.
 */
const root = path.resolve(import.meta.dirname, '../../..');
const fixtures = path.resolve(import.meta.dirname, '../test/lint-fixtures');

const cases = readdirSync(fixtures)
  .filter((f) => f.endsWith('.ts.fixture'))
  .map((file) => {
    const text = readFileSync(path.join(fixtures, file), 'utf8');
    const as = /^\/\/ lint-as: (\S+)$/m.exec(text)?.[1];
    const rule = /^\/\/ expect: (\S+)$/m.exec(text)?.[1];
    if (!as || !rule) throw new Error(`${file}: needs "// lint-as: <path>" and "// expect: <rule>" lines`);
    return { file, text, as, rule };
  });

let eslint: ESLint;
beforeAll(() => {
  eslint = new ESLint({ cwd: root });
});

describe('import boundaries (eslint.config.js)', () => {
  it('has a fixture for each boundary', () => {
    expect(cases.length).toBeGreaterThanOrEqual(17);
  });

  it.each(cases)(
    '$file breaks $rule',
    async ({ text, as, rule }) => {
      const [result] = await eslint.lintText(text, { filePath: path.join(root, as) });
      const fired = result!.messages.map((m) => m.ruleId);
      expect(fired).toContain(rule);
    },
    60_000,
  );

  it('lets a clean file through', async () => {
    const text = "import { requireCompany } from '../companies/company-view.js';\n\nexport const x = requireCompany;\n";
    const [result] = await eslint.lintText(text, { filePath: path.join(root, 'apps/server/src/companies/contacts/__lint_fixture__.ts') });
    expect(result!.messages).toEqual([]);
  }, 60_000);
});
