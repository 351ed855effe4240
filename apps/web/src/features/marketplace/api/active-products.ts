import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { AdminProduct, LotListQuery, Page } from '@primeur/shared';
import { api } from '../../../lib/api';

/** The marketplace's query: a page and the filters, applied by the server (docs/api/lists.md). */
export type ActiveProductsQuery = Pick<LotListQuery, 'page' | 'size' | 'q' | 'family' | 'articleId' | 'origin'>;

export function activeProductsUrl(query: ActiveProductsQuery) {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) if (value !== undefined && value !== '') params.set(key, String(value));
  return `/api/users/product/listActiveProducts?${params.toString()}`;
}

export const fetchActiveProducts = (query: ActiveProductsQuery) => api.get<Page<AdminProduct>>(activeProductsUrl(query));

/** One page; the previous page stays shown while the next one loads. */
export const useActiveProducts = (query: ActiveProductsQuery) =>
  useQuery({ queryKey: ['marketplace', 'active', query], queryFn: () => fetchActiveProducts(query), placeholderData: keepPreviousData });
