import type { UserInfo } from '@primeur/shared';
import { paths } from './routes';

/** Where a signed-in user starts (spec §2): admins on their dashboard, everyone else on / (their role home). */
export function homePath(user: Pick<UserInfo, 'category'> | null | undefined): string {
  return user?.category === 'admin' ? paths.adminHome : paths.landing;
}

/**
 * The page a visitor asked for before the guard sent them to sign in: only a path inside this app
 * (a leading single slash), never the sign-in page itself, so a crafted link cannot send anyone away.
 */
export function safeReturnPath(from: unknown): string | null {
  if (typeof from !== 'string' || !from.startsWith('/') || from.startsWith('//')) return null;
  if (from.startsWith(paths.login) || from.startsWith(paths.register)) return null;
  return from;
}
