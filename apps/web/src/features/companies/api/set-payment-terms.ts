import { api } from '../../../lib/api';
import { useCompanyChange, type Company } from './company-cache';

/** POST /api/intern/client/paymentTerms/{id} (decision 956): the client's payment terms in whole days. */
export const setPaymentTerms = (id: number, value: number) => api.post<Company>(`/api/intern/client/paymentTerms/${id}`, { value });
export const useSetPaymentTerms = () => useCompanyChange('client', (v: { id: number; value: number }) => setPaymentTerms(v.id, v.value));
