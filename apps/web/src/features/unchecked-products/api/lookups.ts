import { useQuery } from '@tanstack/react-query';
import type { Article, CompanyOption, Country, NamedItem } from '@primeur/shared';
import { api } from '../../../lib/api';

/** Reference lists the row forms pick from (spec §7 lookups); same cache keys as the other back-office pages. */
const long = { staleTime: 600_000 };
export const useArticles = () =>
  useQuery({ queryKey: ['intern', 'articles'], queryFn: () => api.get<Article[]>('/api/intern/productList/getAll'), ...long });
export const useBoxes = () =>
  useQuery({ queryKey: ['intern', 'boxes'], queryFn: () => api.get<NamedItem[]>('/api/intern/productList/box/getAll'), ...long });
export const usePackagings = () =>
  useQuery({ queryKey: ['intern', 'packagings'], queryFn: () => api.get<NamedItem[]>('/api/intern/productList/packaging/getAll'), ...long });
export const useOrigins = () =>
  useQuery({ queryKey: ['location', 'origins'], queryFn: () => api.get<Country[]>('/api/location/origin/getAll'), ...long });
export const useSupplierOptions = () =>
  useQuery({ queryKey: ['intern', 'supplier', 'options'], queryFn: () => api.get<CompanyOption[]>('/api/intern/supplier/getSuppliers') });
