import type { SessionUser } from '../plugins/session.js';

/**
 * Per-user destinations (`/user/queue/<name>`, as in Spring's STOMP): a client subscribes to the
 * plain name and receives only its own messages, because the server binds the subscription to the
 * socket's signed-in user. On the bus each user's queue is its own topic, so fan-out across
 * instances works as for any topic and no user can name another's queue.
 */
const USER_QUEUE = /^\/user\/queue\/(notifications|orders)$/;

/** The bus topic of one user's queue. */
export const userQueueTopic = (userId: number, queue: string) => `/user/${userId}/queue/${queue}`;

/** The bus topic a `/user/queue/...` subscription of this user reads, or null for other destinations. */
export function userDestinationTopic(destination: string, user: Pick<SessionUser, 'id'> | null): string | null {
  const m = USER_QUEUE.exec(destination);
  return m && user ? userQueueTopic(user.id, m[1]!) : null;
}
