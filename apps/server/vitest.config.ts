import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'server',
    environment: 'node',
    include: ['src/**/*.test.ts', 'scripts/**/*.test.ts'],
    globalSetup: ['test/global-setup.ts'],
    // Each file still opens its own fresh database (test/database.ts); what it shares with the files
    // before it in the same worker is the loaded modules. Re-importing Fastify, drizzle, the schema and
    // every module for each of ~70 files was a fifth of the suite's time. A file that must load its own
    // copy of a module (vi.mock) calls vi.resetModules() first, in vi.hoisted.
    isolate: false,
    testTimeout: 30_000,
    // expect.poll waits at most this long for a condition (1 s by default): a ceiling, not a wait: the
    // poll ends as soon as the condition holds. One second failed on a CI machine running every phase
    // at once on two cores (load 13), where a socket's first frame can take longer.
    expect: { poll: { timeout: 15_000 } },
    // A file's beforeAll builds the app on a fresh database: past 60 s on a CI machine at load 20 (PGlite).
    hookTimeout: 180_000,
  },
});
