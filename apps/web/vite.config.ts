import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import { defineConfig, type Plugin } from 'vite';
import type { OutputBundle, OutputChunk } from 'rollup';
import react from '@vitejs/plugin-react';
import { catalogChunk } from './src/lib/i18n-core';

const api = 'http://localhost:3000';

const FLAGS_DIR = path.resolve(import.meta.dirname, '../../node_modules/flag-icons/flags/4x3');
/** Smaller replacements for some flag-icons files (apps/web/flags/README.md). */
const FLAG_OVERRIDES_DIR = path.resolve(import.meta.dirname, 'flags');

function flagFile(name: string): string | null {
  if (!/^[a-z]{2}(-[a-z]+)?\.svg$/.test(name)) return null;
  for (const dir of [FLAG_OVERRIDES_DIR, FLAGS_DIR]) {
    const file = path.join(dir, name);
    if (existsSync(file)) return file;
  }
  return null;
}

/**
 * Every country flag as its own file under /flags/<alpha-2>.svg (components/Flag.tsx): a page
 * fetches only the flags it shows, instead of one style sheet naming all 271 of them.
 */
function flags(): Plugin {
  return {
    name: 'primeur-flags',
    configureServer(server) {
      server.middlewares.use('/flags', (req, res, next) => {
        const file = flagFile(path.basename((req.url ?? '').split('?')[0] ?? ''));
        if (!file) return next();
        res.setHeader('content-type', 'image/svg+xml');
        res.end(readFileSync(file));
      });
    },
    generateBundle() {
      if (!existsSync(FLAGS_DIR)) throw new Error(`flag-icons not installed: ${FLAGS_DIR}`);
      for (const name of readdirSync(FLAGS_DIR)) {
        const file = flagFile(name);
        if (file) this.emitFile({ type: 'asset', fileName: `flags/${name}`, source: readFileSync(file) });
      }
    },
  };
}

const COMPRESSIBLE = /\.(js|css|html|svg|json|txt)$/;

function walk(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? walk(path.join(dir, e.name)) : [path.join(dir, e.name)]));
}

/**
 * Writes x.br and x.gz beside every text file of the build, compressed once at the highest levels;
 * the server sends them as they are (@fastify/static preCompressed), so no CPU goes to compression
 * per request.
 */
function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'primeur-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle() {
      for (const file of walk(outDir)) {
        if (!COMPRESSIBLE.test(file) || statSync(file).size < 512) continue;
        const raw = readFileSync(file);
        writeFileSync(`${file}.br`, brotliCompressSync(raw, { params: { [zlib.BROTLI_PARAM_QUALITY]: 11, [zlib.BROTLI_PARAM_SIZE_HINT]: raw.length } }));
        writeFileSync(`${file}.gz`, gzipSync(raw, { level: 9 }));
      }
    },
  };
}

/** A chunk and the chunks it imports statically, by file name. */
function staticClosure(bundle: OutputBundle, fileName: string, into = new Set<string>()): Set<string> {
  const chunk = bundle[fileName];
  if (into.has(fileName) || chunk?.type !== 'chunk') return into;
  into.add(fileName);
  for (const dep of chunk.imports) staticClosure(bundle, dep, into);
  return into;
}

/**
 * index.html preloads the app's chunk (src/app/start.tsx) and its imports: main.tsx, the entry,
 * imports it only after the static frame is painted (decision 921), and without these links a first
 * visit would fetch it one round trip later, after the entry.
 */
function preloadApp(): Plugin {
  let base = '/';
  return {
    name: 'primeur-preload-app',
    apply: 'build',
    configResolved(config) {
      base = config.base;
    },
    transformIndexHtml: {
      order: 'post',
      handler(_html, ctx) {
        const bundle = ctx.bundle;
        if (!bundle) return;
        const chunks = Object.values(bundle).filter((c): c is OutputChunk => c.type === 'chunk');
        // Rollup leaves facadeModuleId empty on this chunk: found by the module it holds.
        const app = chunks.find((c) => c.isDynamicEntry && c.moduleIds.some((m) => m.replaceAll('\\', '/').endsWith('/src/app/start.tsx')));
        const entry = chunks.find((c) => c.isEntry);
        if (!app || !entry) throw new Error('primeur-preload-app: no chunk for src/app/start.tsx, or no entry');
        // The entry's own imports are preloaded by Vite already.
        const entryFiles = staticClosure(bundle, entry.fileName);
        return [...staticClosure(bundle, app.fileName)]
          .filter((f) => !entryFiles.has(f))
          .map((f) => ({ tag: 'link', attrs: { rel: 'modulepreload', crossorigin: true, href: `${base}${f}` }, injectTo: 'head' as const }));
      },
    },
  };
}

export default defineConfig({
  plugins: [react(), flags(), precompress(), preloadApp()],
  server: {
    port: 5173,
    proxy: {
      '/api': api,
      '/auth': api,
      '/product-images': api,
      '/ws': { target: api.replace('http', 'ws'), ws: true },
    },
  },
  build: {
    outDir: 'dist',
    // No source maps in the production build (they would publish the sources); SOURCEMAP=1 for a
    // local analysis build only. The server refuses *.map anyway (plugins/static-web.ts).
    sourcemap: process.env.SOURCEMAP === '1',
    // bench/web reads which files each route loads first from the manifest.
    manifest: true,
    chunkSizeWarningLimit: 600,
    rollupOptions: {
      output: {
        // Two chunks per language (lib/i18n.ts fetches only the language shown): `i18n-<lng>`, the core
        // namespaces the first render waits for, and `i18n-<lng>-rest`, fetched right after it.
        manualChunks: catalogChunk,
      },
    },
  },
});
