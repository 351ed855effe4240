import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
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

  // Each change starts from the address as last asked for, not as last shown: a navigation takes a
  // moment to reach the page (hundreds of ms on a loaded phone), and a second change in that moment
  // (the search's pause ending just after "Clear filters") built on the older address would bring
  // back what the first one lifted.
  const latest = useRef(params);
  useLayoutEffect(() => {
    latest.current = params;
  }, [params]);
  const change = useCallback(
    (edit: (next: URLSearchParams) => void, replace: boolean) => {
      const next = new URLSearchParams(latest.current);
      edit(next);
      latest.current = next;
      setParams(next, { replace });
    },
    [setParams],
  );

  const setPage = useCallback(
    (n: number) =>
      change((next) => {
        if (n <= 1) next.delete('page');
        else next.set('page', String(n));
      }, false),
    [change],
  );
  const setFilters = useCallback(
    (changes: Partial<Record<K, string>>) =>
      change((next) => {
        for (const [k, v] of Object.entries(changes) as Array<[K, string | undefined]>) {
          if (v) next.set(k, v);
          else next.delete(k);
        }
        next.delete('page');
      }, true),
    [change],
  );
  return { page, filters, setPage, setFilters };
}

/** Typing waits this long before the search reaches the address (and the server). */
export const SEARCH_DELAY_MS = 300;

/**
 * A search box's text, bound to the address's `q`: typing reaches it after a pause; a `q` changed from
 * outside (Back, a link) fills the box. What the box wrote itself never overwrites newer typing.
 * `replace` is for a filter change that sets `q` itself ("clear filters"): the pending typing is
 * dropped and the box shows the new text at once, so the typing cannot come back after it.
 */
export function useSearchInAddress(q: string, setFilters: (f: { q: string }) => void) {
  const [search, setSearch] = useState(q);
  const written = useRef(q);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  // The `q` a filter change has just asked for, until the address shows it: not written again meanwhile.
  const asked = useRef<string | null>(null);
  useEffect(() => {
    asked.current = null;
    if (q === written.current) return;
    written.current = q;
    setSearch(q);
  }, [q, setSearch]);
  useEffect(() => {
    const wanted = search.trim();
    if (wanted === q || wanted === asked.current) return;
    timer.current = setTimeout(() => {
      written.current = wanted;
      setFilters({ q: wanted });
    }, SEARCH_DELAY_MS);
    return () => clearTimeout(timer.current);
  }, [search, q, setFilters]);
  const replace = useCallback((text: string) => {
    clearTimeout(timer.current);
    asked.current = text.trim();
    written.current = text.trim();
    setSearch(text);
  }, []);
  return [search, setSearch, replace] as const;
}

/** A value of the address that must be one of a list's values (a status, a tab…), else `undefined`. */
export function oneOf<T extends string>(allowed: readonly T[], value: string): T | undefined {
  return (allowed as readonly string[]).includes(value) ? (value as T) : undefined;
}

/** What a list's filter row and pager work on: the page, the filters and the search box's text. */
export interface ListParams<K extends string> {
  page: number;
  filters: Record<K, string>;
  setPage(page: number): void;
  /** Changes filters; one that sets `q` also replaces the search box's text and drops its pending typing. */
  setFilters(changes: Partial<Record<K, string>>): void;
  /** The search box's text (its settled, trimmed value is `filters.q`). */
  search: string;
  setSearch(text: string): void;
}

/** `useListParams` with the search box bound to the address's `q`: the state of a list page kept in the address. */
export function useListPage<K extends string>(filterKeys: readonly K[]): ListParams<K> {
  const { page, filters, setPage, setFilters } = useListParams(filterKeys);
  const q = (filters as Partial<Record<string, string>>).q ?? '';
  const [search, setSearch, replaceSearch] = useSearchInAddress(q, setFilters as (f: { q: string }) => void);
  const setFiltersAndSearch = useCallback(
    (changes: Partial<Record<K, string>>) => {
      const text = (changes as Partial<Record<string, string>>).q;
      if (text !== undefined) replaceSearch(text);
      setFilters(changes);
    },
    [setFilters, replaceSearch],
  );
  return { page, filters, setPage, setFilters: setFiltersAndSearch, search, setSearch };
}

/**
 * The same state kept in the page only (lists whose filters are not in the address): the search
 * applies after a pause, and a new search or filter starts from the first page.
 */
export function useLocalListParams<K extends string>(filterKeys: readonly K[]): ListParams<K> {
  const [state, setState] = useState(() => ({ page: 1, filters: Object.fromEntries(filterKeys.map((k) => [k, ''])) as Record<K, string> }));
  const setPage = useCallback((page: number) => setState((s) => ({ ...s, page })), []);
  const applyFilters = useCallback(
    (changes: Partial<Record<K, string>>) => setState((s) => ({ page: 1, filters: { ...s.filters, ...changes } as Record<K, string> })),
    [],
  );
  const [search, setSearch] = useState('');
  const q = (state.filters as Partial<Record<string, string>>).q ?? '';
  useEffect(() => {
    const wanted = search.trim();
    if (wanted === q) return;
    const timer = setTimeout(() => applyFilters({ q: wanted } as Partial<Record<K, string>>), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [search, q, applyFilters]);
  // A change that sets `q` itself also sets the box: the box and the filter agree, so no typing is pending.
  const setFilters = useCallback(
    (changes: Partial<Record<K, string>>) => {
      const text = (changes as Partial<Record<string, string>>).q;
      if (text !== undefined) setSearch(text);
      applyFilters(changes);
    },
    [applyFilters],
  );
  return { page: state.page, filters: state.filters, setPage, setFilters, search, setSearch };
}
