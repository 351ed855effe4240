// The ESLint rule `primeur/data-wall` (issue 33 §4): a server module reads and writes only the tables it
// owns and the shared reference tables; another module's data comes through that module's service or a
// read model. It looks at what scripts/table-owners.mjs counts: table exports imported from db/schema,
// and table names after `from`, `join`, `into` or `update` in a template literal (the SQL of `sql\`…\``).
// The crossings that remain are listed in KNOWN_CROSSINGS (scripts/table-ownership.mjs), a list that
// may only shrink. The fixture apps/server/test/lint-fixtures/module-reads-other-table.ts.fixture proves
// the rule fires (scripts/check-walls.mjs).
import path from 'node:path';
import { isRuntimeFile, mayUse, moduleOf, ownerOf, schemaTables, tableUses, tablesInSql } from './table-ownership.mjs';

let model = null;
/** The tables and who uses them, read from the code once per ESLint process. */
function load() {
  if (!model) {
    const tables = schemaTables();
    model = { tables, uses: tableUses(tables) };
  }
  return model;
}

const SCHEMA_SOURCE = /(^|\/)db\/schema\/[\w-]+\.js$/;

export const dataWall = {
  meta: {
    type: 'problem',
    docs: { description: "A server module uses only its own tables and the reference tables; another module's data comes through its service." },
    messages: {
      crossing:
        "{{module}} may not use the table `{{table}}` of {{owner}}: read it through {{owner}}'s service or a read model (docs/table-owners.md, issue 33 §4).",
    },
    schema: [],
  },
  create(context) {
    const file = path.resolve(context.filename);
    if (!isRuntimeFile(file)) return {};
    const module = moduleOf(file);
    const { tables, uses } = load();
    const check = (node, table) => {
      const owner = ownerOf(table, uses.get(table) ?? new Set([module]));
      if (!mayUse(module, table, owner)) {
        context.report({ node, messageId: 'crossing', data: { module, table: tables.get(table), owner: owner ?? 'no module (name its owner in OWNERS)' } });
      }
    };
    return {
      ImportDeclaration(node) {
        if (!SCHEMA_SOURCE.test(node.source.value)) return;
        for (const spec of node.specifiers) {
          const name = spec.type === 'ImportSpecifier' ? (spec.imported.name ?? spec.imported.value) : null;
          if (name && tables.has(name)) check(spec, name);
        }
      },
      TemplateLiteral(node) {
        const text = node.quasis.map((q) => q.value.raw).join(' ');
        for (const table of tablesInSql(text, tables)) check(node, table);
      },
    };
  },
};
