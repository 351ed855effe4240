import { useQuery } from '@tanstack/react-query';
import type { Article, CompanyOption, Country, NamedItem } from '@primeur/shared';
import { api } from '../../../lib/api';

/** Reference lists the price-list pages pick from (spec §7 lookups); they change rarely. */
const long = { staleTime: 600_000 };
export const articlesQuery = { queryKey: ['intern', 'articles'], queryFn: () => api.get<Article[]>('/api/intern/productList/getAll'), ...long };
export const boxesQuery = { queryKey: ['intern', 'boxes'], queryFn: () => api.get<NamedItem[]>('/api/intern/productList/box/getAll'), ...long };
export const packagingsQuery = {
  queryKey: ['intern', 'packagings'],
  queryFn: () => api.get<NamedItem[]>('/api/intern/productList/packaging/getAll'),
  ...long,
};
export const originsQuery = { queryKey: ['location', 'origins'], queryFn: () => api.get<Country[]>('/api/location/origin/getAll'), ...long };
export const supplierOptionsQuery = {
  queryKey: ['intern', 'supplier', 'options'],
  queryFn: () => api.get<CompanyOption[]>('/api/intern/supplier/getSuppliers'),
};

export const useArticles = () => useQuery(articlesQuery);
export const useBoxes = () => useQuery(boxesQuery);
export const usePackagings = () => useQuery(packagingsQuery);
export const useOrigins = () => useQuery(originsQuery);
export const useSupplierOptions = () => useQuery(supplierOptionsQuery);
