import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';

/** A page number from the address: a positive integer, else 1. */
export function pageFromParam(value: string | null): number {
  const n = Number(value);
  return Number.isSafeInteger(n) && n >= 1 ? n : 1;
}

/**
 * A paged list's state kept in the address (`?page=2&q=…`), so that a reload, a shared link or the
 * Back button shows the same page and filters. Moving to another page adds a history entry; changing
 * a filter replaces the current one and returns to the first page.
 */
export function useListParams<K extends string>(filterKeys: readonly K[]) {
  const [params, setParams] = useSearchParams();
  const page = pageFromParam(params.get('page'));
  const key = filterKeys.map((k) => `${k}=${params.get(k) ?? ''}`).join('&');
  // eslint-disable-next-line react-hooks/exhaustive-deps -- recomputed when the filters' text changes
  const filters = useMemo(() => Object.fromEntries(filterKeys.map((k) => [k, params.get(k) ?? ''])) as Record<K, string>, [key]);

  const setPage = useCallback(
    (n: number) =>
      setParams((prev) => {
        const next = new URLSearchParams(prev);
        if (n <= 1) next.delete('page');
        else next.set('page', String(n));
        return next;
      }),
    [setParams],
  );
  const setFilters = useCallback(
    (changes: Partial<Record<K, string>>) =>
      setParams(
        (prev) => {
          const next = new URLSearchParams(prev);
          for (const [k, v] of Object.entries(changes) as Array<[K, string | undefined]>) {
            if (v) next.set(k, v);
            else next.delete(k);
          }
          next.delete('page');
          return next;
        },
        { replace: true },
      ),
    [setParams],
  );
  return { page, filters, setPage, setFilters };
}

/** Typing waits this long before the search reaches the address (and the server). */
export const SEARCH_DELAY_MS = 300;

/**
 * A search box's text, bound to the address's `q`: typing reaches it after a pause; a `q` changed from
 * outside (Back, a link) fills the box. What the box wrote itself never overwrites newer typing.
 */
export function useSearchInAddress(q: string, setFilters: (f: { q: string }) => void) {
  const [search, setSearch] = useState(q);
  const written = useRef(q);
  useEffect(() => {
    if (q === written.current) return;
    written.current = q;
    setSearch(q);
  }, [q, setSearch]);
  useEffect(() => {
    const wanted = search.trim();
    if (wanted === q) return;
    const timer = setTimeout(() => {
      written.current = wanted;
      setFilters({ q: wanted });
    }, SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [search, q, setFilters]);
  return [search, setSearch] as const;
}
