import { useQuery } from '@tanstack/react-query';
import type { Article, NamedItem } from '@primeur/shared';
import { api } from '../../../lib/api';

/** The catalog lists the request form picks from (spec §7 lookups). */
const long = { staleTime: 600_000 };
export const articlesQuery = { queryKey: ['intern', 'articles'], queryFn: () => api.get<Article[]>('/api/intern/productList/getAll'), ...long };
export const boxesQuery = { queryKey: ['intern', 'boxes'], queryFn: () => api.get<NamedItem[]>('/api/intern/productList/box/getAll'), ...long };
export const packagingsQuery = {
  queryKey: ['intern', 'packagings'],
  queryFn: () => api.get<NamedItem[]>('/api/intern/productList/packaging/getAll'),
  ...long,
};
export const useArticles = () => useQuery(articlesQuery);
export const useBoxes = () => useQuery(boxesQuery);
export const usePackagings = () => useQuery(packagingsQuery);
