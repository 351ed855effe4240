import { useQuery } from '@tanstack/react-query';
import type { Client, Supplier } from '@primeur/shared';
import { api } from '../../../lib/api';
import type { CompanyKind } from './get-company-options';

export type Company = Supplier | Client;

/**
 * GET /api/intern/{kind}/get/{id}: the one company being configured. The page loads the picker
 * list and this, not getAll, so it stays light however many companies there are.
 */
export const getCompany = (kind: CompanyKind, id: number) => api.get<Company>(`/api/intern/${kind}/get/${id}`);
export const companyKey = (kind: CompanyKind, id?: number | null) => (id ? ['intern', kind, 'one', id] : ['intern', kind, 'one']);
export const companyQuery = (kind: CompanyKind, id: number | null) => ({
  queryKey: companyKey(kind, id),
  queryFn: () => getCompany(kind, id!),
  enabled: !!id,
});
export const useCompany = (kind: CompanyKind, id: number | null) => useQuery(companyQuery(kind, id));
