import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ADMIN_PAGE_SIZE, type Page, type UserCard, type UserListQuery } from '@primeur/shared';
import { api } from '../../../lib/api';

export const usersKey = ['admin', 'users'] as const;

/** The query string of a list query, empty values left out. */
export const queryString = (q: Record<string, string | number | undefined>) => {
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(q)) if (v !== undefined && v !== '') params.set(k, String(v));
  return params.toString();
};

/** One page of the admin user list, searched and filtered by the server (decision 641). */
export const usersPageQuery = (q: UserListQuery) => ({
  queryKey: [...usersKey, q] as const,
  queryFn: () => api.get<Page<UserCard>>(`/api/admin/getAllBP?${queryString({ size: ADMIN_PAGE_SIZE, page: 1, ...q })}`),
  placeholderData: keepPreviousData,
});
export const useUsersPage = (q: UserListQuery) => useQuery(usersPageQuery(q));

/** How many accounts wait for validation, whatever the page shows. */
export const usePendingCount = () =>
  useQuery({
    queryKey: [...usersKey, 'pending'],
    queryFn: async () => (await api.get<Page<UserCard>>('/api/admin/getAllBP?status=inactive&page=1&size=1')).total,
  });

/**
 * Reads the user list, its total and the pending-accounts banner again after any change to accounts
 * (a toggle, a bulk action, its undo): they all sit under `usersKey` (issue 26).
 */
export function useInvalidateUsers() {
  const qc = useQueryClient();
  return () => void qc.invalidateQueries({ queryKey: usersKey });
}

/** Toggles a user; the lists are read again (the server's answer is the whole spec list, not this page). */
export function useToggleUserStatus() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (userId: number) => api.put<UserCard[]>(`/api/admin/user/status/${userId}`),
    onSuccess: () => qc.invalidateQueries({ queryKey: usersKey }),
  });
}
