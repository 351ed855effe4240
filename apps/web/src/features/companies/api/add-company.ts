import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Client, Supplier } from '@primeur/shared';
import { api } from '../../../lib/api';
import { companiesQuery, type CompanyKind } from './get-companies';

/** New companies start with no certificates and CIF (spec §4). */
export const addCompany = (kind: CompanyKind, company: string) =>
  api.post<Supplier | Client>(`/api/intern/${kind}/add`, { company, certificates: [], ict: 'CIF' });

export function useAddCompany(kind: CompanyKind) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (company: string) => addCompany(kind, company),
    onSuccess: async () => qc.invalidateQueries({ queryKey: companiesQuery(kind).queryKey }),
  });
}
