import { useQuery } from '@tanstack/react-query';
import type { LotReference, MarketReference } from '@primeur/shared';
import { api } from './api';

/**
 * The wholesale market reference (decision 860). The server answers 204 when no market price matches;
 * both queries then hold `null`. Prices change once a day: an hour of freshness is plenty.
 */
const STALE_MS = 60 * 60_000;

export const lotReferenceKey = (productId: number) => ['reference', 'lot', productId] as const;
export const fetchLotReference = async (productId: number) => (await api.get<LotReference | undefined>(`/api/users/product/reference/${productId}`)) ?? null;
export const useLotReference = (productId: number) =>
  useQuery({ queryKey: lotReferenceKey(productId), queryFn: () => fetchLotReference(productId), staleTime: STALE_MS, enabled: productId > 0 });

export const articleReferenceKey = (articleId: number) => ['reference', 'article', articleId] as const;
export const fetchArticleReference = async (articleId: number) =>
  (await api.get<MarketReference | undefined>(`/api/users/reference/article/${articleId}`)) ?? null;
export const useArticleReference = (articleId: number | null | undefined) =>
  useQuery({
    queryKey: articleReferenceKey(articleId ?? 0),
    queryFn: () => fetchArticleReference(articleId!),
    staleTime: STALE_MS,
    enabled: !!articleId && articleId > 0,
  });
