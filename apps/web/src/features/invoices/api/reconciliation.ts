import { useQuery } from '@tanstack/react-query';
import type { ReconciliationReport } from '@primeur/shared';
import { api } from '../../../lib/api';

/** `GET /api/admin/reconciliation`: the books' invariants checked now, every violation (decision 997). */
export const reconciliationKey = ['admin', 'reconciliation'] as const;
export const fetchReconciliation = () => api.get<ReconciliationReport>('/api/admin/reconciliation');
export const useReconciliation = () => useQuery({ queryKey: reconciliationKey, queryFn: fetchReconciliation, staleTime: 60_000 });
