import { useQuery } from '@tanstack/react-query';
import type { PriceHistory, PriceType } from '@primeur/shared';
import { api } from '../../../lib/api';

export interface HistoryParams {
  type: PriceType;
  family: 'fruits' | 'legumes';
  name: string;
  days: 30 | 90;
  to: string;
}

export const fetchPriceHistory = (p: HistoryParams) =>
  api.get<PriceHistory>(`/api/intern/prices/history?${new URLSearchParams({ type: p.type, family: p.family, name: p.name, days: String(p.days), to: p.to })}`);

export const priceHistoryQuery = (p: HistoryParams) => ({
  queryKey: ['prices', 'history', p.type, p.family, p.name, p.days, p.to] as const,
  queryFn: () => fetchPriceHistory(p),
});

export const usePriceHistory = (p: HistoryParams | null) =>
  useQuery({ ...priceHistoryQuery(p ?? { type: 'market', family: 'fruits', name: '', days: 30, to: '' }), enabled: p !== null });
