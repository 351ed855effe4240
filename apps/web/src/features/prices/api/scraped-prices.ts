import { useQuery } from '@tanstack/react-query';
import type { GrowerPriceRow, MarketPriceRow, PriceType } from '@primeur/shared';
import { api } from '../../../lib/api';

export type PriceRows<T extends PriceType> = T extends 'market' ? MarketPriceRow[] : GrowerPriceRow[];

export const fetchScrapedPrices = <T extends PriceType>(date: string, type: T) =>
  api.get<PriceRows<T>>(`/api/intern/productList/product/scrapedPrices?date=${encodeURIComponent(date)}&type=${type}`);

export const scrapedPricesQuery = <T extends PriceType>(date: string, type: T) => ({
  queryKey: ['prices', 'scraped', type, date] as const,
  queryFn: () => fetchScrapedPrices(date, type),
});

export const useScrapedPrices = <T extends PriceType>(date: string, type: T) => useQuery(scrapedPricesQuery(date, type));
