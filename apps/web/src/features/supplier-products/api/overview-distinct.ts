import { useQuery } from '@tanstack/react-query';
import type { OverviewDistinct } from '@primeur/shared';
import { api } from '../../../lib/api';

/** The origins and calibers the overview filters offer (`GET …/supplier/productDetails/distinct`). */
export const getOverviewDistinct = (productId: number, startDate: string, endDate: string) =>
  api.get<OverviewDistinct>(`/api/intern/userProduct/supplier/productDetails/distinct?productId=${productId}&startDate=${startDate}&endDate=${endDate}`);
export const useOverviewDistinct = (productId: number | null, startDate: string, endDate: string) =>
  useQuery({
    queryKey: ['intern', 'overview', 'distinct', productId, startDate, endDate],
    queryFn: () => getOverviewDistinct(productId!, startDate, endDate),
    enabled: productId !== null,
  });
