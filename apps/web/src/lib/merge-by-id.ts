/**
 * Merges live items into a list without duplicates: an item already present (same id) is replaced,
 * never repeated. Used to combine messages that arrive live with a list fetched over HTTP, in
 * either order; merging (not replacing) keeps a live item that a slower refetch did not include.
 */
export function mergeById<T extends { id: number | string }>(current: readonly T[] | undefined, incoming: readonly T[], compare: (a: T, b: T) => number): T[] {
  const byId = new Map<T['id'], T>();
  for (const item of current ?? []) byId.set(item.id, item);
  for (const item of incoming) byId.set(item.id, item);
  return [...byId.values()].sort(compare);
}
