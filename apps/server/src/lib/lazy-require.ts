import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);

/**
 * A package loaded at its first use instead of at start (decision 843): the PDF and phone-number
 * libraries take seconds to load on a busy machine, and a restart must be ready within 5 s. Their
 * CommonJS builds load synchronously, so the code calling them stays synchronous.
 */
export function lazyRequire<T>(id: string): () => T {
  let loaded: T | undefined;
  return () => (loaded ??= require(id) as T);
}
