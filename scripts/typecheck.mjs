#!/usr/bin/env node
// `npm run typecheck`: every TypeScript project of the repository, checked by TypeScript 7, the native
// compiler (the `typescript-native` package, decision 949): the same language and the same tsconfig
// files as TypeScript 5.9, which stays for the tools built on its JavaScript API (typescript-eslint,
// editors). On the 2-core CI machine it checks the four projects with a quarter of 5.9's CPU time
// (25 CPU-s instead of 100), one thread each: CI runs every phase side by side, so a thread per core
// would only take the CPU from the other phases.
//
// Both packages install a `tsc` command in node_modules/.bin and only one link wins, so the compiler is
// named by its path here.
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
// The package exports only its version and API, so the command is found next to its package.json.
const tsc = path.join(path.dirname(createRequire(import.meta.url).resolve('typescript-native/package.json')), 'bin', 'tsc');
const PROJECTS = ['packages/shared', 'apps/server', 'apps/web', 'tests/contract'];

for (const project of PROJECTS) {
  const run = spawnSync(process.execPath, [tsc, '-p', project, '--noEmit', '--singleThreaded'], { cwd: root, stdio: 'inherit' });
  if (run.status !== 0) {
    console.error(`typecheck: ${project} has type errors (or the compiler failed: status ${run.status ?? run.signal}).`);
    process.exit(1);
  }
}
console.log(`typecheck: ${PROJECTS.length} projects, no type error (TypeScript ${tscVersion()}).`);

function tscVersion() {
  return createRequire(import.meta.url)('typescript-native/package.json').version;
}
