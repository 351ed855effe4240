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
    // expect.poll waits at most this long for a condition (1 s by default): a ceiling, not a wait: the
    // poll ends as soon as the condition holds. One second failed on a CI machine running every phase
    // at once on two cores (load 13), where a socket's first frame can take longer.
    expect: { poll: { timeout: 15_000 } },
    hookTimeout: 60_000,
  },
});
