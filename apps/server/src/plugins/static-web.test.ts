import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import staticWeb from './static-web.js';

let dir: string;
let app: FastifyInstance;
const js = 'console.log("hello from the app");'.repeat(40);
const css = 'body{color:#123456}'.repeat(40);

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'static-web-'));
  mkdirSync(path.join(dir, 'assets'));
  mkdirSync(path.join(dir, 'flags'));
  const write = (name: string, text: string, compressed = true) => {
    writeFileSync(path.join(dir, name), text);
    if (!compressed) return;
    writeFileSync(path.join(dir, `${name}.br`), brotliCompressSync(text));
    writeFileSync(path.join(dir, `${name}.gz`), gzipSync(text));
  };
  write('index.html', '<!doctype html><title>app</title><script src="/assets/index-abc123.js"></script>'.padEnd(800, ' '));
  write('assets/index-abc123.js', js);
  write('assets/index-abc123.css', css);
  write('assets/index-abc123.js.map', '{"version":3}', false);
  write('flags/fr.svg', '<svg/>', false);
  app = Fastify();
  await app.register(staticWeb, { distDir: dir });
  await app.ready();
});
afterAll(async () => {
  await app.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('static web files', () => {
  it.each([
    ['/assets/index-abc123.js', 'br, gzip', 'br'],
    ['/assets/index-abc123.js', 'gzip, deflate', 'gzip'],
    ['/assets/index-abc123.css', 'gzip, deflate, br', 'br'],
    ['/assets/index-abc123.css', 'gzip', 'gzip'],
  ])('sends %s compressed for Accept-Encoding "%s" (%s), cached for a year', async (url, accept, encoding) => {
    const res = await app.inject({ url, headers: { 'accept-encoding': accept } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe(encoding);
    expect(res.headers['content-type']).toMatch(url.endsWith('.js') ? /javascript/ : /text\/css/);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers['vary']).toMatch(/accept-encoding/i);
    expect(res.rawPayload.length).toBeLessThan((url.endsWith('.js') ? js : css).length / 4);
  });

  it('sends the plain file to a client that accepts no compression', async () => {
    const res = await app.inject({ url: '/assets/index-abc123.js', headers: { 'accept-encoding': 'identity' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.body).toBe(js);
  });

  it('answers index.html (compressed) for client routes, always revalidated', async () => {
    for (const url of ['/', '/encheres', '/admin/home']) {
      const res = await app.inject({ url, headers: { 'accept-encoding': 'br' } });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-encoding']).toBe('br');
      expect(res.headers['cache-control']).toBe('no-cache');
    }
  });

  it('answers the app at the root to clients that ask for no compression (curl, uptime checks)', async () => {
    for (const headers of [{}, { 'accept-encoding': 'identity' }, { 'accept-encoding': 'gzip' }]) {
      const res = await app.inject({ url: '/', headers });
      expect(res.statusCode, JSON.stringify(headers)).toBe(200);
      expect(res.headers['content-type']).toMatch(/text\/html/);
      expect(res.headers['cache-control']).toBe('no-cache');
    }
    const plain = await app.inject({ url: '/' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toContain('<title>app</title>');
    expect((await app.inject({ method: 'HEAD', url: '/' })).statusCode).toBe(200);
  });

  it('never serves a source map or a precompressed copy by name', async () => {
    for (const url of ['/assets/index-abc123.js.map', '/assets/index-abc123.js.br', '/assets/index-abc123.js.gz', '/index.html.gz']) {
      const res = await app.inject({ url });
      expect(res.statusCode, url).toBe(404);
      expect(res.json()).toMatchObject({ code: 'NOT_FOUND' });
    }
  });

  it('caches flags for a week', async () => {
    const res = await app.inject({ url: '/flags/fr.svg' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=604800');
  });

  it('keeps the JSON 404 for API paths', async () => {
    const res = await app.inject({ url: '/api/nothing.map' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: 'NOT_FOUND' });
  });
});
