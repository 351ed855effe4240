import { api } from '../../../lib/api';
import { useCompanyChange, type Company } from './company-cache';
import type { CompanyKind } from './get-company-options';

export const setCarrier = (kind: CompanyKind, id: number, carrierId: number) => api.post<Company>(`/api/intern/${kind}/transport/${carrierId}/set/${id}`);
export const useSetCarrier = (kind: CompanyKind) => useCompanyChange(kind, (v: { id: number; carrierId: number }) => setCarrier(kind, v.id, v.carrierId));
