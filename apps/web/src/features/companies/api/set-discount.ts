import { api } from '../../../lib/api';
import { useCompanyChange, type Company } from './company-cache';
import type { CompanyKind } from './get-company-options';

export const setDiscount = (kind: CompanyKind, id: number, value: number) => api.post<Company>(`/api/intern/${kind}/discount/${id}`, { value });
export const useSetDiscount = (kind: CompanyKind) => useCompanyChange(kind, (v: { id: number; value: number }) => setDiscount(kind, v.id, v.value));
