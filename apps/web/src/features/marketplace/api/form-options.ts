import { useQuery } from '@tanstack/react-query';
import type { ProductFormOptions } from '@primeur/shared';
import { api } from '../../../lib/api';

export const fetchFormOptions = () => api.get<ProductFormOptions>('/api/users/product/formOptions');
export const formOptionsQuery = { queryKey: ['marketplace', 'formOptions'], queryFn: fetchFormOptions, staleTime: 10 * 60_000 };
export const useFormOptions = () => useQuery(formOptionsQuery);
