#!/usr/bin/env node
/**
 * `npm start`: builds the web app and the server only if their sources changed since their last
 * build (scripts/build.mjs), then runs the compiled server in this same process — so SIGTERM and
 * SIGINT reach the server itself, which drains and stops gracefully (decision 620).
 */
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import { buildChanged, SERVER_ENTRY } from './build.mjs';

const started = performance.now();
const force = process.argv.includes('--rebuild');
try {
  const built = await buildChanged(['web', 'server'], { force });
  const fresh = Object.entries(built)
    .filter(([, r]) => r.state === 'fresh')
    .map(([name]) => name);
  if (fresh.length) console.log(`build: ${fresh.join(' and ')} up to date (${Math.round(performance.now() - started)} ms)`);
} catch (err) {
  console.error(`build failed: ${err instanceof Error ? err.message : String(err)}`);
  process.exit(1);
}

// Stack traces name the TypeScript sources (the bundle ships its source map).
process.setSourceMapsEnabled(true);
await import(pathToFileURL(SERVER_ENTRY).href);
