import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { NOTIFICATIONS_QUEUE, notification as notificationSchema, type Notification, type NotificationList } from '@primeur/shared';
import { api } from '../../../lib/api';
import { useStompTopic } from '../../../lib/use-stomp-topic';

/** The signed-in user's own live queue (the server binds it to the session's user). */
export const NOTIFICATIONS_DESTINATION = NOTIFICATIONS_QUEUE;
const LIST_LIMIT = 20;

export const notificationsKey = ['notifications', 'list'] as const;
export const fetchNotifications = () => api.get<NotificationList>(`/api/users/notifications?limit=${LIST_LIMIT}`);
export const useNotifications = (enabled: boolean) => useQuery({ queryKey: notificationsKey, queryFn: fetchNotifications, enabled });

/**
 * A notice arrived live: first in the list, one more unread (unless it is already there). An outbid
 * notice supersedes the earlier outbid notices of its lot (it carries their count): they leave the list
 * and the unread count (contract of `notificationList`).
 */
export function addNotification(list: NotificationList | undefined, n: Notification): NotificationList | undefined {
  if (!list) return list;
  if (list.items.some((x) => x.id === n.id)) return list;
  const superseded = (x: Notification) => n.kind === 'outbid' && x.kind === 'outbid' && x.productId === n.productId;
  const dropped = list.items.filter((x) => superseded(x) && !x.read).length;
  return { items: [n, ...list.items.filter((x) => !superseded(x))].slice(0, LIST_LIMIT), unread: Math.max(0, list.unread - dropped) + (n.read ? 0 : 1) };
}

/**
 * Keeps the bell's list live: each message on the user's queue joins the cached list; after a lost
 * connection the list is fetched again (messages may have been missed meanwhile). `onNotice` lets the
 * caller react (e.g. refresh "My auctions").
 */
export function useLiveNotifications(enabled: boolean, onNotice?: (n: Notification) => void) {
  const qc = useQueryClient();
  return useStompTopic(
    NOTIFICATIONS_DESTINATION,
    (payload) => {
      const parsed = notificationSchema.safeParse(payload);
      if (!parsed.success) return;
      qc.setQueryData<NotificationList>(notificationsKey, (list) => addNotification(list, parsed.data));
      onNotice?.(parsed.data);
    },
    { enabled, onReconnect: () => void qc.invalidateQueries({ queryKey: notificationsKey }) },
  );
}

export const postMarkRead = (id: number) => api.post<{ unread: number }>(`/api/users/notifications/${id}/read`);
export const postMarkAllRead = () => api.post<{ unread: number }>('/api/users/notifications/readAll');

export function useMarkRead() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => postMarkRead(id),
    onSuccess: ({ unread }, id) =>
      qc.setQueryData<NotificationList>(notificationsKey, (list) =>
        list ? { unread, items: list.items.map((n) => (n.id === id ? { ...n, read: true } : n)) } : list,
      ),
  });
}

export function useMarkAllRead() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: postMarkAllRead,
    onSuccess: () =>
      qc.setQueryData<NotificationList>(notificationsKey, (list) => (list ? { unread: 0, items: list.items.map((n) => ({ ...n, read: true })) } : list)),
  });
}

/** One line of the bell: a notice, or the outbid notices of one lot folded into their newest. */
export interface NoticeEntry {
  /** The newest notice of the entry (its price is the latest). */
  notice: Notification;
  /** How many notices the entry stands for (1 unless grouped). */
  count: number;
  /** The ids still unread, all marked read when the entry is opened. */
  unreadIds: number[];
}

/**
 * Outbid notices grouped per lot: a price war makes one notice per offer, and three lines saying
 * "outbid on X" in 30 s tell nothing more than the newest one with "3 times" (decision 711). Other
 * kinds stay one line each. The list keeps the order of the newest notice of each entry.
 */
export function groupNotices(items: Notification[]): NoticeEntry[] {
  const entries: NoticeEntry[] = [];
  const outbid = new Map<number, NoticeEntry>();
  for (const n of [...items].sort((a, b) => b.id - a.id)) {
    const unread = n.read ? [] : [n.id];
    if (n.kind === 'outbid' && n.productId !== null) {
      const entry = outbid.get(n.productId);
      if (entry) {
        entry.count += n.data.count ?? 1;
        entry.unreadIds.push(...unread);
        continue;
      }
      const first = { notice: n, count: n.data.count ?? 1, unreadIds: unread };
      outbid.set(n.productId, first);
      entries.push(first);
    } else entries.push({ notice: n, count: 1, unreadIds: unread });
  }
  return entries;
}

/** The unread count of the bell once grouped: a group with unread notices counts once. */
export function unreadEntries(list: NotificationList): number {
  const folded = groupNotices(list.items).reduce((n, e) => n + Math.max(0, e.unreadIds.length - 1), 0);
  return Math.max(0, list.unread - folded);
}
