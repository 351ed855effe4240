import { useQuery } from '@tanstack/react-query';
import type { TraceEntry, TraceResult } from '@primeur/shared';
import { api } from '../../../lib/api';

export interface TraceSearch {
  entry: TraceEntry;
  value: string;
}

/** The query string of a search, e.g. `sscc=003012345000000018`. */
export const traceQueryString = (s: TraceSearch) => new URLSearchParams({ [s.entry]: s.value }).toString();

/** `GET /api/admin/trace` (operator): the chain of a pallet, lot, order or invoice. */
export const useTrace = (s: TraceSearch | null) =>
  useQuery({
    queryKey: ['admin', 'trace', s] as const,
    queryFn: () => api.get<TraceResult>(`/api/admin/trace?${traceQueryString(s!)}`),
    enabled: s !== null,
    retry: false,
  });
