import { api } from '../../../lib/api';
import { useCompanyChange, type Company } from './company-cache';
import type { CompanyKind } from './get-company-options';

export const clearCarrier = (kind: CompanyKind, id: number) => api.delete<Company>(`/api/intern/${kind}/transport/delete/${id}`);
export const useClearCarrier = (kind: CompanyKind) => useCompanyChange(kind, (id: number) => clearCarrier(kind, id));
