import { useQuery } from '@tanstack/react-query';
import type { Client, Supplier } from '@primeur/shared';
import { api } from '../../../lib/api';

export type CompanyKind = 'supplier' | 'client';

export const getCompanies = (kind: CompanyKind) => api.get<Array<Supplier | Client>>(`/api/intern/${kind}/getAll`);
export const companiesQuery = (kind: CompanyKind) => ({ queryKey: ['intern', kind, 'all'], queryFn: () => getCompanies(kind) });
export const useCompanies = (kind: CompanyKind) => useQuery(companiesQuery(kind));
