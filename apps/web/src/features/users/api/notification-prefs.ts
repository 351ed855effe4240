import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { NotificationPref } from '@primeur/shared';
import { api } from '../../../lib/api';

const key = ['notifications', 'preferences'] as const;
export const fetchNotificationPrefs = () => api.get<NotificationPref[]>('/api/users/notifications/preferences');
export const putNotificationPrefs = (prefs: NotificationPref[]) => api.put<NotificationPref[]>('/api/users/notifications/preferences', prefs);
export const useNotificationPrefs = () => useQuery({ queryKey: key, queryFn: fetchNotificationPrefs });

export function useSaveNotificationPrefs() {
  const qc = useQueryClient();
  return useMutation({ mutationFn: putNotificationPrefs, onSuccess: (saved) => qc.setQueryData(key, saved) });
}
