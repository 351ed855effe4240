import '@testing-library/jest-dom/vitest';
import { afterEach } from 'vitest';
import { cleanup, configure } from '@testing-library/react';

// findBy/waitFor wait up to 10 s rather than 1 s: CI runs this suite beside three others on two cores
// (load average 13 seen), where a page that answers in two round trips (a page past the end, then the
// last page) can take several seconds. A passing wait ends as soon as its condition holds, so this
// costs nothing.
configure({ asyncUtilTimeout: 10_000 });

// The calendar's list of times measures itself; jsdom has no ResizeObserver. Set once for every file
// (not with vi.stubGlobal, which a file's vi.unstubAllGlobals() would take away from the files after it).
globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
};

afterEach(() => cleanup());
