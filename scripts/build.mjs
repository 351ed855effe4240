#!/usr/bin/env node
/**
 * Builds what changed, and only that (decision 620):
 * - the server: an ESM bundle, apps/server/dist/server.js (+ source map) and the chunks it imports
 *   (apps/server/dist/*-<hash>.js; the app's modules are one, loaded while the database opens,
 *   decision 920), made by esbuild from apps/server/src and packages/shared/src; npm packages stay
 *   external (node_modules);
 * - the web app: `vite build` into apps/web/dist.
 * Each output is rebuilt only when the content hash of its inputs differs from the one recorded at
 * its last successful build (.tmp/build/<name>.json), or its output is missing.
 *
 *   node scripts/build.mjs            # web and server, each if changed
 *   node scripts/build.mjs server     # only the server
 *   node scripts/build.mjs --force    # rebuild even if nothing changed
 */
import { createHash } from 'node:crypto';
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';

export const ROOT = path.resolve(import.meta.dirname, '..');
const STAMPS = path.join(ROOT, '.tmp', 'build');
const SERVER_SRC = path.join(ROOT, 'apps/server/src');
export const SERVER_DIST = path.join(ROOT, 'apps/server/dist');
export const SERVER_ENTRY = path.join(SERVER_DIST, 'server.js');
const WEB_DIST = path.join(ROOT, 'apps/web/dist');

/** Tests never reach a build: changing one does not rebuild anything. */
const isTest = (f) => /\.test\.tsx?$/.test(f) || f.includes(`${path.sep}__tests__${path.sep}`);

/** Every file under the given paths (files or folders), sorted, tests left out. */
function listInputs(paths) {
  const out = [];
  const walk = (p) => {
    if (!existsSync(p)) return;
    const st = statSync(p);
    if (st.isDirectory()) {
      for (const name of readdirSync(p)) {
        if (name === 'node_modules' || name === 'dist') continue;
        walk(path.join(p, name));
      }
    } else if (!isTest(p)) out.push(p);
  };
  for (const p of paths) walk(path.join(ROOT, p));
  return out.sort();
}

/** Hash of the inputs' paths and contents, plus anything else that changes the output. */
export function inputsHash(paths, extra = '') {
  const h = createHash('sha256');
  h.update(extra);
  for (const file of listInputs(paths)) {
    h.update(path.relative(ROOT, file));
    h.update('\0');
    h.update(readFileSync(file));
    h.update('\0');
  }
  return h.digest('hex');
}

const COMMON_INPUTS = ['package-lock.json', 'packages/shared/package.json', 'packages/shared/src', 'scripts/build.mjs'];

export const TARGETS = {
  server: {
    inputs: [...COMMON_INPUTS, 'apps/server/package.json', 'apps/server/src', 'tsconfig.base.json'],
    output: SERVER_ENTRY,
    extra: () => process.version,
    build: buildServer,
  },
  web: {
    inputs: [
      ...COMMON_INPUTS,
      'apps/web/package.json',
      'apps/web/index.html',
      'apps/web/vite.config.ts',
      'apps/web/tsconfig.json',
      'apps/web/src',
      'apps/web/public',
      'apps/web/flags',
    ],
    output: path.join(WEB_DIST, 'index.html'),
    // Vite inlines VITE_* variables into the bundle: a change of one is a change of the output.
    extra: () =>
      Object.keys(process.env)
        .filter((k) => k.startsWith('VITE_'))
        .sort()
        .map((k) => `${k}=${process.env[k]}`)
        .join('\n'),
    build: buildWeb,
  },
};

const stampFile = (name) => path.join(STAMPS, `${name}.json`);

function readStamp(name) {
  try {
    return JSON.parse(readFileSync(stampFile(name), 'utf8')).hash;
  } catch {
    return null;
  }
}

function writeStamp(name, hash, ms) {
  mkdirSync(STAMPS, { recursive: true });
  const tmp = `${stampFile(name)}.${process.pid}`;
  writeFileSync(tmp, JSON.stringify({ hash, builtAt: new Date().toISOString(), ms }) + '\n');
  renameSync(tmp, stampFile(name));
}

/** Is the target's output present and built from the current inputs? */
export function isUpToDate(name) {
  const t = TARGETS[name];
  return existsSync(t.output) && readStamp(name) === inputsHash(t.inputs, t.extra());
}

/**
 * Builds the named targets whose inputs changed (all of them with force). Returns, per target,
 * 'built' or 'fresh' and the time taken.
 */
export async function buildChanged(names = ['web', 'server'], { force = false, log = (m) => console.log(m) } = {}) {
  const result = {};
  for (const name of names) {
    const t = TARGETS[name];
    if (!t) throw new Error(`unknown build target ${name} (web, server)`);
    const started = performance.now();
    const hash = inputsHash(t.inputs, t.extra());
    if (!force && existsSync(t.output) && readStamp(name) === hash) {
      result[name] = { state: 'fresh', ms: Math.round(performance.now() - started) };
      continue;
    }
    log(`build: ${name} sources changed, building…`);
    await t.build();
    const ms = Math.round(performance.now() - started);
    writeStamp(name, hash, ms);
    log(`build: ${name} built in ${ms} ms`);
    result[name] = { state: 'built', ms };
  }
  return result;
}

/**
 * In the bundle every module shares one file, so `import.meta.dirname`/`url` would all point at
 * dist/. Each source file's own is put back, relative to the bundle (the checkout may move), so
 * the files read beside the sources (migrations, reference data, translations, fonts) are found.
 */
const metaPlugin = {
  name: 'primeur-import-meta',
  setup(build) {
    build.onLoad({ filter: /\.ts$/ }, async (args) => {
      let contents = readFileSync(args.path, 'utf8');
      if (contents.includes('import.meta.')) {
        const relDir = path.relative(SERVER_DIST, path.dirname(args.path)).split(path.sep).join('/');
        const relFile = path.relative(SERVER_DIST, args.path).split(path.sep).join('/');
        contents = contents
          .replace(/\bimport\.meta\.dirname\b/g, `__primeurDir(${JSON.stringify(`${relDir}/`)})`)
          .replace(/\bimport\.meta\.filename\b/g, `__primeurPath(${JSON.stringify(relFile)})`)
          .replace(/\bimport\.meta\.url\b/g, `__primeurUrl(${JSON.stringify(relFile)})`);
      }
      return { contents, loader: 'ts' };
    });
  },
};

/**
 * The npm packages every start loads, pure JavaScript: bundled with the server, with their own
 * dependencies (decision 920). Node then reads, resolves and compiles one file per chunk instead of
 * hundreds of modules: their loading took ≈ 0.47 s of CPU, ≈ 0.22 s bundled. The other packages
 * stay in node_modules: native ones (argon2, sharp), those that read files beside their code
 * (PGlite's WebAssembly, the Swagger UI and its package.json), and those loaded on first use.
 */
export const BUNDLED_PACKAGES = [
  'fastify',
  'fastify-plugin',
  'fastify-type-provider-zod',
  '@fastify/cookie',
  '@fastify/helmet',
  '@fastify/multipart',
  '@fastify/rate-limit',
  '@fastify/static',
  '@fastify/websocket',
  'zod',
  'drizzle-orm',
  'pg',
  'prom-client',
  'nodemailer',
  'csv-parse',
];
/**
 * Never bundled, even when a bundled package imports them: PGlite (its WebAssembly and data files
 * sit beside its code; drizzle-orm/pglite imports it), the native add-ons, and the optional native
 * add-ons some bundled packages try to require (in a try).
 */
const NEVER_BUNDLED = ['@electric-sql/pglite', 'argon2', 'sharp', '@fastify/swagger', '@fastify/swagger-ui', 'pg-native', 'bufferutil', 'utf-8-validate'];
const packageName = (spec) =>
  spec
    .split('/')
    .slice(0, spec.startsWith('@') ? 2 : 1)
    .join('/');

/** The shared workspace package is bundled (it is TypeScript), and the packages above; other npm packages load from node_modules. */
const externalsPlugin = {
  name: 'primeur-externals',
  setup(build) {
    build.onResolve({ filter: /^[^./]/ }, (args) => {
      if (args.path === '@primeur/shared' || args.path.startsWith('@primeur/shared/')) return undefined;
      if (path.isAbsolute(args.path) || args.path.startsWith('node:')) return undefined;
      const name = packageName(args.path);
      if (NEVER_BUNDLED.includes(name)) return { path: args.path, external: true };
      // A bundled package's own dependencies are bundled with it.
      const fromPackage = args.importer.includes(`${path.sep}node_modules${path.sep}`);
      if (fromPackage || (args.kind !== 'dynamic-import' && BUNDLED_PACKAGES.includes(name))) return undefined;
      return { path: args.path, external: true };
    });
  },
};

const BANNER = [
  `import { fileURLToPath as __primeurFileURLToPath } from 'node:url';`,
  // The bundled CommonJS packages require Node's own modules.
  `import { createRequire as __primeurCreateRequire } from 'node:module';`,
  `const require = __primeurCreateRequire(import.meta.url);`,
  `const __primeurUrl = (rel) => new URL(rel, import.meta.url).href;`,
  `const __primeurPath = (rel) => __primeurFileURLToPath(new URL(rel, import.meta.url));`,
  `const __primeurDir = (rel) => __primeurPath(rel).replace(/[\\\\/]$/, '');`,
].join('\n');

async function buildServer() {
  const esbuild = await import('esbuild');
  const res = await esbuild.build({
    absWorkingDir: ROOT,
    entryPoints: [path.join(SERVER_SRC, 'server.ts')],
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: `node${process.versions.node.split('.')[0]}`,
    sourcemap: 'linked',
    sourcesContent: false,
    legalComments: 'none',
    // Less to parse at each start; names are kept (stack traces, logs).
    minifyWhitespace: true,
    minifySyntax: true,
    write: false,
    // Split at dynamic imports: server.ts opens the database first and imports the app meanwhile.
    // Chunks beside the entry, so each one's `import.meta.url` is in dist/ (metaPlugin).
    splitting: true,
    outdir: SERVER_DIST,
    entryNames: '[name]',
    chunkNames: '[name]-[hash]',
    banner: { js: BANNER },
    plugins: [externalsPlugin, metaPlugin],
    logLevel: 'warning',
  });
  mkdirSync(SERVER_DIST, { recursive: true });
  // Each file replaced in one rename, the chunks (named by their content's hash) before the entry
  // that imports them: a server starting meanwhile reads the old build or the new one.
  const isEntry = (f) => path.basename(f.path).startsWith('server.js');
  const files = [...res.outputFiles.filter((f) => !isEntry(f)), ...res.outputFiles.filter(isEntry)];
  for (const file of files) {
    const tmp = `${file.path}.${process.pid}.tmp`;
    writeFileSync(tmp, file.contents);
    renameSync(tmp, file.path);
  }
  // Chunks of earlier builds go.
  const kept = new Set(files.map((f) => path.basename(f.path)));
  for (const name of readdirSync(SERVER_DIST)) if (/\.js(\.map)?$/.test(name) && !kept.has(name)) rmSync(path.join(SERVER_DIST, name), { force: true });
}

function buildWeb() {
  return new Promise((resolve, reject) => {
    // Vite itself, as `npm run build -w apps/web` runs it, without a second npm.
    const vite = path.join(ROOT, 'node_modules/vite/bin/vite.js');
    const child = spawn(process.execPath, [vite, 'build'], { cwd: path.join(ROOT, 'apps/web'), stdio: 'inherit' });
    child.on('error', reject);
    child.on('exit', (code, signal) => (code === 0 ? resolve() : reject(new Error(`vite build failed (${signal ?? code})`))));
  }).catch((err) => {
    // A half-written dist must not pass for a build at the next start.
    rmSync(path.join(WEB_DIST, 'index.html'), { force: true });
    throw err;
  });
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const args = process.argv.slice(2);
  const force = args.includes('--force');
  const names = args.filter((a) => !a.startsWith('--'));
  try {
    const result = await buildChanged(names.length ? names : ['web', 'server'], { force });
    for (const [name, r] of Object.entries(result)) if (r.state === 'fresh') console.log(`build: ${name} up to date (${r.ms} ms)`);
  } catch (err) {
    console.error(err instanceof Error ? err.message : err);
    process.exit(1);
  }
}
