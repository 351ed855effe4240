import { existsSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import fastifyStatic from '@fastify/static';

const API_PREFIXES = ['/api/', '/auth/', '/ws', '/product-images/'];

/** Serves the built web app; client routes fall back to index.html, API paths to a JSON 404. */
async function staticWebPlugin(app: FastifyInstance, opts: { distDir: string }) {
  const hasWeb = existsSync(path.join(opts.distDir, 'index.html'));
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: opts.distDir,
      wildcard: false,
      index: false,
      maxAge: '1h',
      setHeaders(reply, filePath) {
        // Vite's hashed assets never change; index.html must always be revalidated.
        if (filePath.includes(`${path.sep}assets${path.sep}`)) reply.header('cache-control', 'public, max-age=31536000, immutable');
      },
    });
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
    if (path.extname(url) && !url.endsWith('.html')) {
      return reply.status(404).send({ error: 'Not found.', code: 'NOT_FOUND' });
    }
    return reply.header('cache-control', 'no-cache').sendFile('index.html');
  });
}

export default fp(staticWebPlugin, { name: 'static-web' });
