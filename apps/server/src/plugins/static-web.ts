import { existsSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, FastifyReply } from 'fastify';
import fp from 'fastify-plugin';
import fastifyStatic from '@fastify/static';

const API_PREFIXES = ['/api/', '/auth/', '/ws', '/product-images/'];

/** Vite's content-hashed files (assets/name-HASH.ext) never change under their name. */
const IMMUTABLE = 'public, max-age=31536000, immutable';
/** Flags keep their names (/flags/fr.svg) and practically never change: a week. */
const FLAGS = 'public, max-age=604800';
/** Anything else at the root (favicon): an hour. */
const OTHER = 'public, max-age=3600';

/** The served file's own name, without the .br/.gz of a precompressed copy. */
const servedName = (filePath: string) => filePath.replace(/\.(br|gz)$/, '');

function cacheControl(filePath: string): string {
  const file = servedName(filePath);
  if (path.basename(file) === 'index.html') return 'no-cache';
  if (file.includes(`${path.sep}assets${path.sep}`)) return IMMUTABLE;
  if (file.includes(`${path.sep}flags${path.sep}`)) return FLAGS;
  return OTHER;
}

const notFound = (reply: FastifyReply) => reply.status(404).send({ error: 'Not found.', code: 'NOT_FOUND' });

/**
 * Serves the built web app; client routes fall back to index.html, API paths to a JSON 404.
 * Text files are sent as the build precompressed them (x.br, x.gz beside x, by the client's
 * Accept-Encoding); source maps are never served, even if a build left some in dist.
 */
async function staticWebPlugin(app: FastifyInstance, opts: { distDir: string }) {
  const hasWeb = existsSync(path.join(opts.distDir, 'index.html'));
  if (hasWeb) {
    // Before @fastify/static's own route: a .map (or a precompressed copy asked for by name) is a 404.
    app.addHook('onRequest', async (req, reply) => {
      const url = req.url.split('?')[0] ?? '/';
      if (/\.(map|br|gz)$/i.test(url) && !API_PREFIXES.some((p) => url.startsWith(p))) return notFound(reply);
    });
    await app.register(fastifyStatic, {
      root: opts.distDir,
      // One wildcard route looking files up on request: a route per file (800+ with the flags and the
      // precompressed copies) cost seconds of start-up on a busy machine (decision 620).
      wildcard: true,
      index: false,
      preCompressed: true,
      // Cache-Control is written per file below.
      cacheControl: false,
      setHeaders(reply, filePath) {
        reply.header('cache-control', cacheControl(filePath));
      },
    });
    // The root is a directory to @fastify/static: with `index: false` it refuses it (403) unless a
    // precompressed index.html happens to match the Accept-Encoding, so curl and uptime checks,
    // which ask for no compression, got a 403. The root is the app's entry like any client route.
    // Not part of the API: out of the OpenAPI document.
    app.get('/', { schema: { hide: true } }, (_req, reply) => reply.sendFile('index.html'));
  } else {
    app.log.warn({ distDir: opts.distDir }, 'web app not built: only the API is served');
  }

  app.setNotFoundHandler((req, reply) => {
    const url = req.url.split('?')[0] ?? '/';
    if (API_PREFIXES.some((p) => url.startsWith(p) || url === p.replace(/\/$/, '')) || req.method !== 'GET') {
      return reply.status(404).send({ error: `No route ${req.method} ${url}.`, code: 'NOT_FOUND' });
    }
    if (!hasWeb) return reply.status(404).send({ error: 'The web app is not built.', code: 'NOT_FOUND' });
    // A file-looking path that does not exist is a real 404, not the SPA.
    if (path.extname(url) && !url.endsWith('.html')) return notFound(reply);
    return reply.sendFile('index.html');
  });
}

export default fp(staticWebPlugin, { name: 'static-web' });
