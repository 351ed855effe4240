import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';

export interface FetchRunResult {
  source: string;
  ok: boolean;
  rowCount: number;
  error?: string;
}

/** Runs the scheduled fetch of the configured sources now, without waiting for its hour. */
export const runPriceFetch = () => api.post<FetchRunResult[]>('/api/intern/prices/fetch');

export function useRunPriceFetch() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: runPriceFetch, onSettled: () => qc.invalidateQueries({ queryKey: ['prices'] }) });
}
