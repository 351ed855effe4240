import { useQuery } from '@tanstack/react-query';
import type { Supplier } from '@primeur/shared';
import { api } from '../../../lib/api';

/** One supplier with its contacts and product list (`GET /api/intern/supplier/get/{id}`). */
export const getSupplier = (id: number) => api.get<Supplier>(`/api/intern/supplier/get/${id}`);
export const supplierQuery = (id: number) => ({ queryKey: ['intern', 'supplier', id], queryFn: () => getSupplier(id) });
export const useSupplier = (id: number | null) => useQuery({ ...supplierQuery(id ?? 0), enabled: id !== null });
