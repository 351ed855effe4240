import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { companiesQuery, type CompanyKind } from './get-companies';

export const deleteCompany = (kind: CompanyKind, id: number) => api.delete<{ message: string }>(`/api/intern/${kind}/delete/${id}`);

export function useDeleteCompany(kind: CompanyKind) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => deleteCompany(kind, id),
    onSuccess: async () => qc.invalidateQueries({ queryKey: companiesQuery(kind).queryKey }),
  });
}
