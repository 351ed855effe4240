import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { Overview, OverviewClassFilter } from '@primeur/shared';
import { api } from '../../../lib/api';

export interface OverviewParams {
  productId: number;
  startDate: string;
  endDate: string;
  originId?: number;
  caliber?: string;
  /** A class, or `none` for the lines without a stated class (decision 960). */
  qualityClass?: OverviewClassFilter;
}

const qs = (p: object) =>
  new URLSearchParams(
    Object.entries(p)
      .filter(([, v]) => v !== undefined && v !== '')
      .map(([k, v]) => [k, String(v)]),
  ).toString();

/** The volume-weighted overview of one article (`GET …/supplier/productDetails`). */
export const getOverview = (p: OverviewParams) => api.get<Overview>(`/api/intern/userProduct/supplier/productDetails?${qs(p)}`);
export const useOverview = (p: OverviewParams | null) =>
  useQuery({
    queryKey: ['intern', 'overview', p],
    queryFn: () => getOverview(p!),
    enabled: p !== null,
    placeholderData: keepPreviousData,
  });
