import { defineProject } from 'vitest/config';
import react from '@vitejs/plugin-react';

export default defineProject({
  plugins: [react()],
  test: {
    name: 'web',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['src/test/setup.ts'],
    // Files share the loaded modules and one jsdom per worker: setting up jsdom and re-importing React,
    // Bootstrap and the catalogs for each of ~45 files was four fifths of the suite's time. A file that
    // mocks a module resets the module cache before and after itself (vi.resetModules in vi.hoisted).
    isolate: false,
    // A ceiling for a stuck test, not a wait: a test ends as soon as it is done. Typing with
    // userEvent on a CI machine running five phases on two cores takes seconds per field, and the
    // 5-second default failed tests that were only slow (decision 925).
    testTimeout: 60_000,
    // expect.poll waits at most this long for a condition (1 s by default): a ceiling, not a wait: the
    // poll ends as soon as the condition holds. One second failed on a CI machine running every phase
    // at once on two cores (load 13), where a socket's first frame can take longer.
    expect: { poll: { timeout: 15_000 } },
  },
});
