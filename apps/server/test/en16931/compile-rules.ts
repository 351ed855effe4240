/**
 * `tsx apps/server/test/en16931/compile-rules.ts`: compiles the EN 16931 rules for Saxon-JS into the
 * cache of validate.ts, if it has none yet. `npm test` runs it in the background as the PostgreSQL pass
 * starts: compiling is 30 CPU-s, and a test that met an empty cache used to wait for it in the middle
 * of the pass, more than three minutes on a loaded CI machine (decision 951).
 */
import { compiledRules } from './validate.js';

const started = performance.now();
const file = compiledRules();
console.log(`EN 16931 rules ready in ${((performance.now() - started) / 1000).toFixed(1)} s: ${file}`);
