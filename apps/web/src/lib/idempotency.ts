/**
 * A fresh Idempotency-Key for one submission: a retried request (a lost answer, a double click)
 * carries the same key and the server records it once. crypto.randomUUID where the page is a secure
 * context; random bytes otherwise.
 */
export function newRequestKey(): string {
  const c = globalThis.crypto;
  if (typeof c?.randomUUID === 'function') return c.randomUUID();
  return [...c.getRandomValues(new Uint8Array(16))].map((x) => x.toString(16).padStart(2, '0')).join('');
}
