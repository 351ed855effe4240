import { useQuery } from '@tanstack/react-query';
import type { CompanyOption } from '@primeur/shared';
import { api } from '../../../lib/api';

export type CompanyKind = 'supplier' | 'client';

/** GET /api/intern/supplier/getSuppliers or /api/intern/client/getClients: id and name for the picker. */
export const getCompanyOptions = (kind: CompanyKind) => api.get<CompanyOption[]>(`/api/intern/${kind}/${kind === 'supplier' ? 'getSuppliers' : 'getClients'}`);
export const companyOptionsQuery = (kind: CompanyKind) => ({ queryKey: ['intern', kind, 'options'], queryFn: () => getCompanyOptions(kind) });
export const useCompanyOptions = (kind: CompanyKind) => useQuery(companyOptionsQuery(kind));
