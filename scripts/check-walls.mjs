#!/usr/bin/env node
// Proves the import walls of eslint.config.js hold: each apps/server/test/lint-fixtures/*.ts.fixture
// breaks one on purpose and is linted as if it stood at its `// lint-as:` path; the rule named by
// `// expect:` must fire. A wall that stops firing (a renamed folder, a loosened policy) fails `npm run lint`.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { ESLint } from 'eslint';

const root = path.resolve(import.meta.dirname, '..');
const fixtures = path.join(root, 'apps/server/test/lint-fixtures');
const eslint = new ESLint({ cwd: root });
let failed = 0;
const files = readdirSync(fixtures).filter((f) => f.endsWith('.ts.fixture'));
for (const file of files) {
  const text = readFileSync(path.join(fixtures, file), 'utf8');
  const as = /^\/\/ lint-as: (\S+)$/m.exec(text)?.[1];
  const rule = /^\/\/ expect: (\S+)$/m.exec(text)?.[1];
  if (!as || !rule) {
    console.error(`${file}: needs "// lint-as: <path>" and "// expect: <rule>" lines`);
    failed++;
    continue;
  }
  const [result] = await eslint.lintText(text, { filePath: path.join(root, as) });
  if (!result.messages.some((m) => m.ruleId === rule)) {
    console.error(`${file}: ${rule} did not fire (got ${result.messages.map((m) => m.ruleId).join(', ') || 'nothing'})`);
    failed++;
  }
}
if (failed) process.exit(1);
console.log(`check-walls: each of the ${files.length} wall fixtures is refused by its rule.`);
