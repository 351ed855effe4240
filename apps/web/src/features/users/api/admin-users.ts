import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { UserCard } from '@primeur/shared';
import { api } from '../../../lib/api';

export const usersQuery = { queryKey: ['admin', 'users'], queryFn: () => api.get<UserCard[]>('/api/admin/getAllBP') };

export const useUsers = () => useQuery(usersQuery);

/** Toggles a user; the list is replaced by the server's answer (spec §4). */
export function useToggleUserStatus() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (userId: number) => api.put<UserCard[]>(`/api/admin/user/status/${userId}`),
    onSuccess: (list) => qc.setQueryData(usersQuery.queryKey, list),
  });
}
