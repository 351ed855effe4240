import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import boundaries from 'eslint-plugin-boundaries';
import { dataWall } from './scripts/eslint-data-wall.mjs';

/**
 * Import boundaries (docs/architecture.md, "Request path (server)"): an import between two parts is
 * refused unless a policy below allows it (default: disallow).
 * - packages/shared imports neither app; the apps never import each other;
 * - server: app.ts/server.ts compose everything; the job list (jobs/index.ts) composes modules' jobs
 *   as app.ts composes their routes; nothing else imports jobs/, and the job runner imports no module;
 *   plugins/, realtime/, documents/, audit/, media/, db/, lib/, config/ never import a module; db/
 *   never imports plugins/ or realtime/; plugins/ never imports realtime/; lib/ is pure (no db/, no
 *   infra); a module reaches another module only through its service (never its repository);
 * - the business folders are layers (SERVER_DOMAINS, bottom first; decision 1000): a module imports
 *   modules of its own folder and of the folders below it, never above;
 * - web: components/ and lib/ import no feature; a feature imports no other feature (not even its root).
 */
const SERVER_BASE = ['server-lib', 'server-config', 'shared'];
/**
 * The server's business folders (decision 896): each holds its modules (apps/server/src/<domain>/<module>).
 * They are layers, bottom first (decision 1000): platform (reference data and the platform's own pages),
 * companies, pricing, trading, backoffice (the operator's tools across all of them). A module imports
 * its own folder and the folders below; `scripts/move-files.mjs` moves a module that must go elsewhere.
 */
const SERVER_DOMAINS = ['platform', 'companies', 'pricing', 'trading', 'backoffice'];
const domainType = (d) => `server-${d}`;
const MODULE_TYPES = SERVER_DOMAINS.map(domainType);
const DOMAINS_RE = `(?:${SERVER_DOMAINS.join('|')})`;
const WEB_BASE = ['web-shared', 'shared'];
const ONE_AMOUNT_FORMATTER = {
  name: '@primeur/shared',
  importNames: ['formatEuro'],
  message: 'Show amounts with euro() or useEuro() from lib/format.ts, the one formatter of the web app (decision 610).',
};

/**
 * Tests that pass by luck (issue 20): a fixed sleep races the machine's load, and a search for "2.5" in
 * serialized JSON also finds it in a timestamp. Wait for a condition (vi.waitFor, expect.poll, an
 * event) or move the clock (vi.useFakeTimers); compare values, not text. Where a real clock is the
 * point (a heart-beat interval, proving that nothing else arrives), say so on the line before:
 * `// eslint-disable-next-line no-restricted-syntax -- real clock: <why>`.
 */
const TEST_RULES = [
  {
    selector: "NewExpression[callee.name='Promise'] CallExpression[callee.name='setTimeout']",
    message: 'No fixed sleep in a test: wait for a condition (vi.waitFor, expect.poll) or use fake timers.',
  },
  {
    selector: "CallExpression[callee.property.name='waitForTimeout']",
    message: 'No fixed wait in an end-to-end test: wait for what the user would see (expect(locator)…, page.waitForResponse).',
  },
  {
    selector:
      "CallExpression[callee.property.name=/^(toContain|toMatch)$/] > MemberExpression.callee CallExpression[callee.name='expect'][arguments.0.callee.object.name='JSON'][arguments.0.callee.property.name='stringify']",
    message: 'No text search inside serialized JSON: compare the values (toMatchObject, toHaveProperty, toContainEqual).',
  },
  {
    selector:
      "CallExpression[callee.property.name=/^(includes|indexOf)$/][callee.object.callee.object.name='JSON'][callee.object.callee.property.name='stringify']",
    message: 'No text search inside serialized JSON: compare the values (toMatchObject, toHaveProperty, toContainEqual).',
  },
  {
    // A response body is serialized JSON: "2.5" is also in a timestamp or an id.
    selector:
      "CallExpression[callee.property.name=/^(toContain|toMatch)$/][arguments.0.raw=/^['\"`]-?[0-9][0-9.,]*['\"`]$/] > MemberExpression.callee CallExpression[callee.name='expect'][arguments.0.property.name=/^(body|payload)$/]",
    message: 'No search for a number inside a response body: parse it (res.json()) and compare the value.',
  },
];

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', '.tmp/**', 'apps/server/drizzle/**', '**/*.d.mts', 'apps/server/test/lint-fixtures/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { ecmaVersion: 2023, sourceType: 'module' },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-non-null-assertion': 'off',
    },
  },
  {
    files: ['**/*.test.{ts,tsx}', 'apps/web/e2e/**/*.ts'],
    rules: { 'no-restricted-syntax': ['error', ...TEST_RULES] },
  },
  {
    files: ['scripts/**/*.mjs', 'bench/**/*.{js,mjs}'],
    languageOptions: { globals: { process: 'readonly', console: 'readonly', URL: 'readonly', setTimeout: 'readonly' } },
  },
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
    },
  },
  {
    // Tests keep their own no-restricted-syntax list (TEST_RULES); this one is for the app's markup.
    files: ['apps/web/src/**/*.tsx'],
    ignores: ['**/*.test.tsx'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          // A div with aria-label and no role is an ARIA error (axe: aria-prohibited-attr).
          selector: "JSXOpeningElement[name.name='Spinner']:has(JSXAttribute[name.name='aria-label']):not(:has(JSXAttribute[name.name='role']))",
          message: 'A labelled spinner needs role="status" (an aria-label on a plain div is prohibited).',
        },
      ],
    },
  },
  {
    files: ['packages/shared/**/*.ts', 'apps/*/src/**/*.{ts,tsx}'],
    // Tests may reach across layers to set up a case (an infra test creating a lot); the runtime graph may not.
    ignores: ['**/*.test.{ts,tsx}'],
    plugins: { boundaries },
    settings: {
      'boundaries/include': ['packages/shared/**/*', 'apps/*/src/**/*'],
      // partialMatch: false matches from the repository root; each pattern names the element's folder
      // (the plugin appends /**/* itself). First match wins, so narrower elements come first.
      'boundaries/elements': [
        { type: 'shared', pattern: 'packages/shared', partialMatch: false },
        ...SERVER_DOMAINS.map((d) => ({ type: domainType(d), pattern: `apps/server/src/${d}/*`, capture: ['module'], partialMatch: false })),
        { type: 'server-lib', pattern: 'apps/server/src/lib', partialMatch: false },
        // The live path sits on the plugins (it authenticates its sockets with the session), never under them.
        { type: 'server-realtime', pattern: 'apps/server/src/realtime', partialMatch: false },
        {
          type: 'server-infra',
          pattern: ['apps/server/src/plugins', 'apps/server/src/documents', 'apps/server/src/audit', 'apps/server/src/media', 'apps/server/src/events'],
          partialMatch: false,
        },
        // The job list composes modules' job functions, as app.ts composes their routes; the runner itself is infra-like.
        { type: 'server-jobs', pattern: 'apps/server/src/jobs', partialMatch: false },
        { type: 'server-db', pattern: 'apps/server/src/db', partialMatch: false },
        { type: 'server-config', pattern: 'apps/server/src/config', partialMatch: false },
        // What is left at the top of src: app.ts and server.ts, which compose everything.
        { type: 'server-root', pattern: 'apps/server/src', partialMatch: false },
        { type: 'web-feature', pattern: 'apps/web/src/features/*', capture: ['feature'], partialMatch: false },
        { type: 'web-app', pattern: 'apps/web/src/app', partialMatch: false },
        { type: 'web-pages', pattern: 'apps/web/src/pages', partialMatch: false },
        { type: 'web-shared', pattern: ['apps/web/src/components', 'apps/web/src/lib'], partialMatch: false },
        { type: 'web-test', pattern: 'apps/web/src/test', partialMatch: false },
        // What is left at the top of src: main.tsx.
        { type: 'web-root', pattern: 'apps/web/src', partialMatch: false },
      ],
      // The job list (jobs/index.ts) is the one file of jobs/ that composes modules' jobs.
      'boundaries/files': [{ category: 'job-list', pattern: 'apps/server/src/jobs/index.ts' }],
      'import/resolver': { typescript: { project: ['apps/*/tsconfig.json', 'packages/shared/tsconfig.json'], noWarnOnMultipleProjects: true }, node: true },
    },
    rules: {
      'boundaries/dependencies': [
        'error',
        {
          default: 'disallow',
          policies: [
            { from: { element: { type: 'shared' } }, allow: { to: { element: { type: 'shared' } } } },
            {
              from: { element: { type: 'server-root' } },
              allow: {
                to: {
                  element: {
                    types: { anyOf: ['server-root', ...MODULE_TYPES, 'server-realtime', 'server-infra', 'server-jobs', 'server-db', ...SERVER_BASE] },
                  },
                },
              },
            },
            // Each business folder: itself and the folders below it (an upward import is refused).
            ...SERVER_DOMAINS.map((d, i) => ({
              from: { element: { type: domainType(d) } },
              allow: {
                to: { element: { types: { anyOf: [...MODULE_TYPES.slice(0, i + 1), 'server-realtime', 'server-infra', 'server-db', ...SERVER_BASE] } } },
              },
            })),
            // The job list composes modules' jobs and their event processors (decision 1001).
            {
              from: { element: { type: 'server-jobs' }, file: { categories: 'job-list' } },
              allow: { to: { element: { types: { anyOf: [...MODULE_TYPES, 'server-infra'] } } } },
            },
            { from: { element: { type: 'server-jobs' } }, allow: { to: { element: { types: { anyOf: ['server-jobs', 'server-db', ...SERVER_BASE] } } } } },
            {
              from: { element: { type: 'server-realtime' } },
              allow: { to: { element: { types: { anyOf: ['server-realtime', 'server-infra', 'server-db', ...SERVER_BASE] } } } },
            },
            { from: { element: { type: 'server-infra' } }, allow: { to: { element: { types: { anyOf: ['server-infra', 'server-db', ...SERVER_BASE] } } } } },
            { from: { element: { type: 'server-db' } }, allow: { to: { element: { types: { anyOf: ['server-db', ...SERVER_BASE] } } } } },
            { from: { element: { types: { anyOf: ['server-lib', 'server-config'] } } }, allow: { to: { element: { types: { anyOf: SERVER_BASE } } } } },
            { from: { element: { type: 'web-root' } }, allow: { to: { element: { types: { anyOf: ['web-app', ...WEB_BASE] } } } } },
            { from: { element: { type: 'web-app' } }, allow: { to: { element: { types: { anyOf: ['web-app', 'web-pages', 'web-feature', ...WEB_BASE] } } } } },
            { from: { element: { type: 'web-pages' } }, allow: { to: { element: { types: { anyOf: ['web-pages', 'web-feature', ...WEB_BASE] } } } } },
            // A feature imports its own files only: another feature's components, api or root are all refused.
            {
              from: { element: { type: 'web-feature' } },
              allow: { to: { element: { type: 'web-feature', captured: { feature: '{{ from.element.captured.feature }}' } } } },
            },
            { from: { element: { type: 'web-feature' } }, allow: { to: { element: { types: { anyOf: WEB_BASE } } } } },
            { from: { element: { type: 'web-shared' } }, allow: { to: { element: { types: { anyOf: WEB_BASE } } } } },
            {
              from: { element: { type: 'web-test' } },
              allow: { to: { element: { types: { anyOf: ['web-test', 'web-app', 'web-pages', 'web-feature', ...WEB_BASE] } } } },
            },
          ],
        },
      ],
    },
  },
  {
    // A module may call another module's service, never its repository (checked by file name).
    files: SERVER_DOMAINS.map((d) => `apps/server/src/${d}/**/*.ts`),
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^\\.\\./(?!\\.)[^/]+/(?!.*(\\.service|\\.read-model|-view)(\\.js)?$).+',
              message: 'Reach another module through its service or read model (x.read-model, x-view) only, never its repository, routes or presenter.',
            },
            {
              // The same wall through a longer way round: ../../<domain>/<other>/<other>.repository.js.
              regex: `(^|/)${DOMAINS_RE}/[^/]+/(?!.*(\\.service|\\.read-model|-view)(\\.js)?$).+`,
              message: 'Reach another module through its service or read model (x.read-model, x-view) only, never its repository, routes or presenter.',
            },
          ],
        },
      ],
    },
  },
  {
    // One amount formatter in the web app (decision 610): lib/format.ts wraps the shared one.
    files: ['apps/web/src/**/*.{ts,tsx}'],
    ignores: ['apps/web/src/lib/format.ts'],
    rules: { 'no-restricted-imports': ['error', { paths: [ONE_AMOUNT_FORMATTER] }] },
  },
  {
    // No feature imports another feature (their components or api folders).
    files: ['apps/web/src/features/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [ONE_AMOUNT_FORMATTER],
          patterns: [
            { regex: '^(\\.\\./)+[a-z-]+/(components|api)/', message: 'A feature never imports another feature; move shared parts to components/ or lib/.' },
          ],
        },
      ],
    },
  },
  {
    // The data wall (issue 33 §4, scripts/eslint-data-wall.mjs): a module uses only its own tables and the
    // reference tables; the crossings left are listed in scripts/table-ownership.mjs and may only shrink.
    files: ['apps/server/src/**/*.ts'],
    ignores: ['**/*.test.ts'],
    plugins: { primeur: { rules: { 'data-wall': dataWall } } },
    rules: { 'primeur/data-wall': 'error' },
  },
);
