import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { closeSync, existsSync, mkdirSync, openSync, readFileSync, renameSync, rmSync, writeSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

/**
 * Runs the official EN 16931 CII validation rules (the European Commission's Schematron compiled
 * to XSLT, copied beside this file with its licence; see README.md here) on an XML invoice.
 * Saxon-JS needs the stylesheet compiled to SEF first (~15 s): that is done once and kept under
 * .tmp/ keyed by the XSLT's hash, so a run recompiles only when the rules change.
 */
const require = createRequire(import.meta.url);
const XSLT = path.join(import.meta.dirname, 'EN16931-CII-validation.xslt');
const CACHE_DIR = path.resolve(import.meta.dirname, '../../../../.tmp/en16931');

interface SaxonJs {
  transform(options: { stylesheetInternal: unknown; sourceText: string; destination: 'serialized' }, mode: 'sync'): { principalResult: string };
}
const SaxonJS = require('saxon-js') as SaxonJs;

export interface FailedAssert {
  id: string;
  flag: 'fatal' | 'warning' | string;
  text: string;
  location: string;
}

let compiled: string | null = null;

/**
 * The compiled stylesheet's path, compiling it when the cache has none for this XSLT. One process
 * compiles at a time: it holds `<sef>.lock` (its pid); another that needs the rules meanwhile waits for
 * the result rather than compiling them a second time (`npm test` starts the compile in the background
 * as the PostgreSQL pass begins, compile-rules.ts, and its workers may need the rules before it is done).
 */
export function compiledRules(): string {
  if (compiled) return compiled;
  const hash = createHash('sha256').update(readFileSync(XSLT)).digest('hex').slice(0, 16);
  const sef = path.join(CACHE_DIR, `en16931-cii-${hash}.sef.json`);
  mkdirSync(CACHE_DIR, { recursive: true });
  while (!existsSync(sef)) {
    const lock = `${sef}.lock`;
    let fd: number;
    try {
      fd = openSync(lock, 'wx');
    } catch {
      // Compiling elsewhere: wait for its file, or take over once that process is gone.
      if (!isAlive(Number(readFileSync(lock, 'utf8')))) rmSync(lock, { force: true });
      else Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 200);
      continue;
    }
    try {
      writeSync(fd, String(process.pid));
      closeSync(fd);
      // Compile to a private name, then rename: a reader never sees half a file.
      const tmp = `${sef}.${process.pid}.tmp`;
      execFileSync(process.execPath, [require.resolve('xslt3/xslt3.js'), `-xsl:${XSLT}`, `-export:${tmp}`, '-nogo', '-relocate:on'], { stdio: 'pipe' });
      renameSync(tmp, sef);
    } finally {
      rmSync(lock, { force: true });
    }
  }
  compiled = sef;
  return sef;
}

function isAlive(pid: number) {
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

const decode = (s: string) =>
  s
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&amp;/g, '&');

let loaded: unknown = null;

/**
 * The compiled rules read once per process: given by file name, Saxon-JS read and prepared the 5 MB
 * stylesheet again for every invoice, two thirds of each validation's time.
 */
function rules(): unknown {
  loaded ??= JSON.parse(readFileSync(compiledRules(), 'utf8')) as unknown;
  return loaded;
}

/** Every failed rule of the SVRL report, fatal ones and warnings. */
export function validateCii(xml: string): FailedAssert[] {
  const { principalResult } = SaxonJS.transform({ stylesheetInternal: rules(), sourceText: xml, destination: 'serialized' }, 'sync');
  const failed: FailedAssert[] = [];
  for (const m of principalResult.matchAll(/<svrl:failed-assert\b([^>]*)>([\s\S]*?)<\/svrl:failed-assert>/g)) {
    const attrs = m[1]!;
    const attr = (name: string) => decode(new RegExp(`\\b${name}="([^"]*)"`).exec(attrs)?.[1] ?? '');
    const text = /<svrl:text>([\s\S]*?)<\/svrl:text>/.exec(m[2]!)?.[1] ?? '';
    failed.push({ id: attr('id'), flag: attr('flag'), location: attr('location'), text: decode(text).trim() });
  }
  if (!principalResult.includes('svrl:schematron-output')) throw new Error('the validation produced no SVRL report');
  return failed;
}

export const fatal = (failed: FailedAssert[]) => failed.filter((f) => f.flag === 'fatal');
