import type { Incoterm } from '@primeur/shared';
import { api } from '../../../lib/api';
import { useCompanyChange, type Company } from './company-cache';
import type { CompanyKind } from './get-company-options';

/** Setting the incoterm also removes the carrier on the server (spec §4). */
export const setIct = (kind: CompanyKind, id: number, value: Incoterm) => api.post<Company>(`/api/intern/${kind}/ict/${id}`, { value });
export const useSetIct = (kind: CompanyKind) => useCompanyChange(kind, (v: { id: number; value: Incoterm }) => setIct(kind, v.id, v.value));
