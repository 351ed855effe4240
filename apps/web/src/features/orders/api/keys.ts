/** Every order query sits under ['orders']: a live event or an action refreshes them all at once. */
export const ordersKey = ['orders'] as const;
export const orderKey = (id: number) => [...ordersKey, 'one', id] as const;

/** The query string of a list query, empty values left out. */
export function queryString(q: Record<string, string | number | undefined | null>): string {
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(q)) if (v !== undefined && v !== null && v !== '') params.set(k, String(v));
  return params.toString();
}
