import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { XmlDocument, XmlLibError, XsdValidator } from 'libxml2-wasm';
import { xmlRegisterFsInputProviders } from 'libxml2-wasm/lib/nodejs.mjs';

/**
 * Checks a CII XML against the standards' own XML schemas (decision 990), which the EN 16931 rules
 * (validate.ts) take for granted: a receiving platform rejects a document that fails them before it
 * runs any rule. The schemas are the published files in shared/ beside the clone (`../shared`, as on
 * every developer's machine and in CI), read where they lie, never copied: a missing shared/ fails the
 * test rather than skipping the check. libxml2 compiled to WebAssembly (`libxml2-wasm`) validates, so
 * `npm install` is all a machine needs; the schemas are compiled once per process.
 */
const ROOT = path.resolve(import.meta.dirname, '../../../..');
export const SHARED = path.resolve(ROOT, '../shared');

export const SCHEMAS = {
  /** UN/CEFACT Cross Industry Invoice D16B, the syntax EN 16931 binds to (uncoupled code lists). */
  'CII D16B': path.join(SHARED, 'en16931/cii-d16b-xsd/CII/uncefact/data/standard/CrossIndustryInvoice_100pD16B.xsd'),
  /** Factur-X 1.09, profile EN 16931: the D16B subset a Factur-X reader accepts. */
  'Factur-X EN 16931': path.join(SHARED, 'facturx/Factur-X_EN16931.xsd'),
} as const;
export type SchemaName = keyof typeof SCHEMAS;

let validators: Map<SchemaName, XsdValidator> | null = null;

function compiled(): Map<SchemaName, XsdValidator> {
  if (validators) return validators;
  // The schemas import their siblings by relative file name: libxml2 reads them through node:fs.
  xmlRegisterFsInputProviders();
  const out = new Map<SchemaName, XsdValidator>();
  for (const [name, file] of Object.entries(SCHEMAS) as Array<[SchemaName, string]>) {
    if (!existsSync(file)) throw new Error(`the ${name} schema is not at ${file}: shared/ must lie beside the clone (../shared)`);
    const doc = XmlDocument.fromBuffer(readFileSync(file), { url: file });
    try {
      out.set(name, XsdValidator.fromDoc(doc));
    } finally {
      doc.dispose();
    }
  }
  validators = out;
  return out;
}

const line = (d: { line: number; message: string }) => `line ${d.line}: ${d.message.trim()}`;

/**
 * Every error of the XML against each schema (or only the one named), as "<schema>: line N:
 * <libxml2's message>"; empty when the document is valid against them. A document that is not even
 * well-formed gives its parse errors, as "not well-formed: line N: …".
 */
export function schemaErrors(xml: string, only?: SchemaName): string[] {
  const validators = compiled();
  let doc: XmlDocument;
  try {
    doc = XmlDocument.fromString(xml);
  } catch (e) {
    if (!(e instanceof XmlLibError)) throw e;
    return e.details.map((d) => `not well-formed: ${line(d)}`);
  }
  const errors: string[] = [];
  try {
    for (const [name, validator] of validators) {
      if (only && name !== only) continue;
      try {
        validator.validate(doc);
      } catch (e) {
        if (!(e instanceof XmlLibError)) throw e;
        errors.push(...(e.details.length ? e.details.map((d) => `${name}: ${line(d)}`) : [`${name}: ${e.message.trim()}`]));
      }
    }
  } finally {
    doc.dispose();
  }
  return errors;
}
