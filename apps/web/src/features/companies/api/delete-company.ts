import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { companyOptionsQuery, type CompanyKind } from './get-company-options';

export const deleteCompany = (kind: CompanyKind, id: number) => api.delete<{ message: string }>(`/api/intern/${kind}/delete/${id}`);

export function useDeleteCompany(kind: CompanyKind) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => deleteCompany(kind, id),
    // The page unselects the company; its cached copy is left to expire rather than removed while
    // still observed (removal would refetch it and meet a 404).
    onSuccess: () => qc.invalidateQueries({ queryKey: companyOptionsQuery(kind).queryKey }),
  });
}
