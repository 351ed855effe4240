import { api } from '../../../lib/api';
import { useCompanyChange, type Company } from './company-cache';
import type { CompanyKind } from './get-company-options';

export const setCertificates = (kind: CompanyKind, id: number, ids: number[]) => api.post<Company>(`/api/intern/${kind}/certs/${id}/set`, ids);
export const useSetCertificates = (kind: CompanyKind) => useCompanyChange(kind, (v: { id: number; ids: number[] }) => setCertificates(kind, v.id, v.ids));
