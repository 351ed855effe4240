import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AddTransport, Article, NamedItem, Transport } from '@primeur/shared';
import { api } from '../../../lib/api';

/** Back-office lookups of spec §7 (articles, certificates, carriers) and the carrier creation. */
export const articlesQuery = { queryKey: ['intern', 'articles'], queryFn: () => api.get<Article[]>('/api/intern/productList/getAll'), staleTime: 600_000 };
export const certificatesQuery = {
  queryKey: ['intern', 'certificates'],
  queryFn: () => api.get<NamedItem[]>('/api/intern/certificate/getAll'),
  staleTime: 600_000,
};
export const transportsQuery = { queryKey: ['intern', 'transports'], queryFn: () => api.get<Transport[]>('/api/intern/transport/getAll') };

export const useArticles = () => useQuery(articlesQuery);
export const useCertificates = () => useQuery(certificatesQuery);
export const useTransports = () => useQuery(transportsQuery);

export const addTransport = (body: AddTransport) => api.post<Transport>('/api/intern/transport/add', body);
export function useAddTransport() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: addTransport, onSuccess: () => qc.invalidateQueries({ queryKey: transportsQuery.queryKey }) });
}
