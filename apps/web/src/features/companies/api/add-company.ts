import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { companyKey, type Company } from './get-company';
import { companyOptionsQuery, type CompanyKind } from './get-company-options';

/** New companies start with no certificates and CIF (spec §4). */
export const addCompany = (kind: CompanyKind, company: string) => api.post<Company>(`/api/intern/${kind}/add`, { company, certificates: [], ict: 'CIF' });

export function useAddCompany(kind: CompanyKind) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (company: string) => addCompany(kind, company),
    onSuccess: async (created) => {
      qc.setQueryData(companyKey(kind, created.id), created);
      await qc.invalidateQueries({ queryKey: companyOptionsQuery(kind).queryKey });
    },
  });
}
