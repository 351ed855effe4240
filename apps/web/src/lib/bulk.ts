import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { BulkAction, BulkList, BulkMatching, BulkResponse } from '@primeur/shared';
import { api } from './api';

/** `POST /api/admin/bulk/{list}`: one request for the whole selection, each row's outcome answered (decision 880). */
export const runBulk = (list: BulkList, action: BulkAction, ids: number[]) => api.post<BulkResponse>(`/api/admin/bulk/${list}`, { action, ids });

/** `GET /api/admin/bulk/{list}/ids?…`: the ids of everything the list's filters match, at most the server's limit. */
export function fetchMatchingIds(list: 'users' | 'lots', filters: Record<string, string | number | undefined>) {
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(filters)) if (v !== undefined && v !== '') params.set(k, String(v));
  return api.get<BulkMatching>(`/api/admin/bulk/${list}/ids?${params.toString()}`);
}

export interface Selection {
  ids: ReadonlySet<number>;
  /** Set when "select all matching" was used: how many matched and how many the server gave (its cap). */
  matching: { total: number; limit: number } | null;
  has(id: number): boolean;
  toggle(id: number): void;
  /** Adds or removes every id of `ids` (the page's checkbox). */
  setMany(ids: number[], on: boolean): void;
  /** Replaces the selection with everything the filter matches. */
  selectMatching(result: BulkMatching): void;
  /** Keeps only `ids` (after an action, the rows that were refused stay selected). */
  replace(ids: number[]): void;
  clear(): void;
}

/**
 * The rows ticked on a list, kept across its pages and cleared when `resetKey` changes (another search
 * or filter: "all matching" would no longer be what was ticked).
 */
export function useSelection(resetKey: string): Selection {
  const [ids, setIds] = useState<ReadonlySet<number>>(new Set());
  const [matching, setMatching] = useState<Selection['matching']>(null);
  const key = useRef(resetKey);
  useEffect(() => {
    if (key.current === resetKey) return;
    key.current = resetKey;
    setIds(new Set());
    setMatching(null);
  }, [resetKey]);
  const toggle = useCallback((id: number) => {
    setMatching(null);
    setIds((cur) => {
      const next = new Set(cur);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  }, []);
  const setMany = useCallback((list: number[], on: boolean) => {
    setMatching(null);
    setIds((cur) => {
      const next = new Set(cur);
      for (const id of list) {
        if (on) next.add(id);
        else next.delete(id);
      }
      return next;
    });
  }, []);
  const selectMatching = useCallback((r: BulkMatching) => {
    setIds(new Set(r.ids));
    setMatching({ total: r.total, limit: r.limit });
  }, []);
  const replace = useCallback((list: number[]) => {
    setMatching(null);
    setIds(new Set(list));
  }, []);
  const clear = useCallback(() => replace([]), [replace]);
  return useMemo(
    () => ({ ids, matching, has: (id: number) => ids.has(id), toggle, setMany, selectMatching, replace, clear }),
    [ids, matching, toggle, setMany, selectMatching, replace, clear],
  );
}
