import { defineProject } from 'vitest/config';

/**
 * Contract tests: the web app's own client code driven against the real server. They are the one
 * place allowed to import both apps (each app's sources import neither the other nor this folder).
 */
export default defineProject({
  test: {
    name: 'contract',
    environment: 'node',
    include: ['**/*.test.ts'],
    globalSetup: ['../../apps/server/test/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
