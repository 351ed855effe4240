import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { MyRecall, RecallDetail, RecallSummary, StartRecallInput } from '@primeur/shared';
import { api } from '../../../lib/api';

const adminKey = ['admin', 'recalls'] as const;
const mineKey = ['users', 'recalls'] as const;

/** POST /api/admin/recalls (operator): a recall or a drill of a lot. */
export function useStartRecall() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: StartRecallInput) => api.post<RecallDetail>('/api/admin/recalls', input),
    onSuccess: () => void qc.invalidateQueries({ queryKey: adminKey }),
  });
}

export const useRecalls = () => useQuery({ queryKey: adminKey, queryFn: () => api.get<RecallSummary[]>('/api/admin/recalls') });

/** One recall's report; refreshed every 30 s while buyers are still to acknowledge. */
export const useRecall = (id: number) =>
  useQuery({
    queryKey: [...adminKey, id] as const,
    queryFn: () => api.get<RecallDetail>(`/api/admin/recalls/${id}`),
    refetchInterval: (q) => (q.state.data && q.state.data.completedAt === null ? 30_000 : false),
  });

/** GET /api/users/recalls (buyer): the recalls of lots it received. */
export const useMyRecalls = (enabled: boolean) => useQuery({ queryKey: mineKey, queryFn: () => api.get<MyRecall[]>('/api/users/recalls'), enabled });

export function useAcknowledgeRecall() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.post<MyRecall>(`/api/users/recalls/${id}/acknowledge`),
    onSuccess: () => void qc.invalidateQueries({ queryKey: mineKey }),
  });
}
