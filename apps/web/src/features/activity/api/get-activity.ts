import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { ActivityEntity, ActivityPage } from '@primeur/shared';
import { api } from '../../../lib/api';

export const activityKey = ['admin', 'activity'] as const;

export interface ActivityFilter {
  entity?: ActivityEntity;
  id?: number;
  page?: number;
  size?: number;
}

/** The query string of a filter, empty values left out. */
export function activityQueryString(f: ActivityFilter) {
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(f)) if (v !== undefined && v !== '') params.set(k, String(v));
  return params.toString();
}

/** `GET /api/admin/activity`: one page of the history of changes, newest first (operator only). */
export const getActivity = (f: ActivityFilter) => api.get<ActivityPage>(`/api/admin/activity?${activityQueryString(f)}`);

export const activityQuery = (f: ActivityFilter) => ({
  queryKey: [...activityKey, f] as const,
  queryFn: () => getActivity(f),
  placeholderData: keepPreviousData,
});

export const useActivity = (f: ActivityFilter, enabled = true) => useQuery({ ...activityQuery(f), enabled });
