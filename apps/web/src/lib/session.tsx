import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useLocation } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ROLE_IDS, type Authority, type Credentials, type UserInfo } from '@primeur/shared';
import { ApiError } from './api';
import { loadAllCatalogs } from './i18n';
import { fetchIsLoggedIn, fetchUserInfos, getLogout, postLogin } from './session-api';

export interface Session {
  authorities: Authority[] | null;
  user: UserInfo | null;
  isAuthenticated: boolean;
  isAdmin: boolean;
  loading: boolean;
  error: string | null;
  login(credentials: Credentials): Promise<UserInfo>;
  logout(): Promise<void>;
  refresh(): Promise<void>;
  setUser(user: UserInfo): void;
  /** Hides the §8 session message once the user has read it. */
  dismissError(): void;
  /**
   * The session check failed for another reason than "not signed in" (503, no network): the service
   * is away, the last known session is kept and the check is retried with back-off (decision 784).
   */
  unavailable: boolean;
  /** Checks again now, without waiting for the next automatic retry. */
  retryNow(): void;
}

/** What a reload during an outage needs to keep the shell: who, in which role (decision 784). */
interface LastKnownSession {
  authorities: Authority[];
  user: Pick<UserInfo, 'userId' | 'username' | 'companyName' | 'category'>;
}

const LAST_SESSION_KEY = 'primeur.lastSession';

function rememberSession(authorities: Authority[], user: UserInfo) {
  const last: LastKnownSession = {
    authorities,
    user: { userId: user.userId, username: user.username, companyName: user.companyName, category: user.category },
  };
  try {
    sessionStorage.setItem(LAST_SESSION_KEY, JSON.stringify(last));
  } catch {
    // Storage full or refused (private mode): an outage after a reload then shows the visitor's shell.
  }
}

function forgetSession() {
  try {
    sessionStorage.removeItem(LAST_SESSION_KEY);
  } catch {
    // Nothing stored.
  }
}

function lastKnownSession(): { authorities: Authority[]; user: UserInfo } | null {
  try {
    const last = JSON.parse(sessionStorage.getItem(LAST_SESSION_KEY) ?? 'null') as LastKnownSession | null;
    if (!last || !Array.isArray(last.authorities) || typeof last.user?.userId !== 'number') return null;
    // The rest of the profile is not kept: pages that need it load it themselves once the service is back.
    const user: UserInfo = {
      ...last.user,
      address: '',
      postalCode: '',
      city: null,
      country: null,
      globalGapNumber: null,
      vatId: '',
      registrationId: null,
      legalForm: null,
      shareCapital: null,
      registryCity: null,
    };
    return { authorities: last.authorities, user };
  } catch {
    return null;
  }
}

/** Back-off of the automatic retries: 1 s doubling to 30 s, each with up to 20 % more (tabs spread). */
const RETRY_MAX_MS = 30_000;
const retryDelay = (attempt: number, baseMs: number) => Math.min(RETRY_MAX_MS, baseMs * 2 ** attempt) * (1 + Math.random() * 0.2);

/** The server's own `error` field of a failed sign-in or sign-out, if it sent one. */
const serverText = (err: unknown) => (err instanceof ApiError && err.body?.error ? err.body.error : undefined);

const SessionContext = createContext<Session | null>(null);

export function useSession(): Session {
  const s = useContext(SessionContext);
  if (!s) throw new Error('useSession outside SessionProvider');
  return s;
}

/**
 * Holds the signed-in state (spec §4): checked at start, on every route change and after login.
 * Nothing below it renders until the first check ends; `whileChecking` (the page frame) stands meanwhile.
 */
export function SessionProvider({
  children,
  retryBaseMs = 1_000,
  whileChecking = null,
}: {
  children: ReactNode;
  retryBaseMs?: number;
  whileChecking?: ReactNode;
}) {
  const [authorities, setAuthorities] = useState<Authority[] | null>(null);
  const [user, setUser] = useState<UserInfo | null>(null);
  const [loading, setLoading] = useState(true);
  // Spec §8: the server's error field, otherwise 'Echec authentification' / 'Echec déconnexion' (in the reader's language).
  const [failure, setFailure] = useState<{ kind: 'login' | 'logout'; server?: string } | null>(null);
  const location = useLocation();
  const queryClient = useQueryClient();
  const { t, i18n } = useTranslation('common');
  const checkSeq = useRef(0);
  const [unavailable, setUnavailable] = useState(false);
  const retry = useRef<{ attempt: number; timer?: ReturnType<typeof setTimeout> }>({ attempt: 0 });
  const checkRef = useRef<() => Promise<void>>(async () => undefined);

  const check = useCallback(async () => {
    const seq = ++checkSeq.current;
    clearTimeout(retry.current.timer);
    try {
      const [auths] = await fetchIsLoggedIn();
      // The signed-in shell names other pages (menus, role home): their catalogs come with the user.
      const [info] = await Promise.all([fetchUserInfos(), loadAllCatalogs(i18n)]);
      if (seq !== checkSeq.current) return;
      setAuthorities(auths);
      setUser(info);
      rememberSession(auths, info);
      if (retry.current.attempt > 0) {
        // Back from an outage: the page goes on, and what failed meanwhile is loaded again.
        retry.current.attempt = 0;
        void queryClient.invalidateQueries();
      }
      setUnavailable(false);
    } catch (err) {
      if (seq !== checkSeq.current) return;
      if (err instanceof ApiError && err.status === 401) {
        // Not signed in (or no longer), silently (spec §8).
        setAuthorities(null);
        setUser(null);
        forgetSession();
        retry.current.attempt = 0;
        setUnavailable(false);
        return;
      }
      // The service is away (503 DATABASE_UNAVAILABLE, no network, a proxy's 502): not a sign-out.
      // The session in memory, or the last one known to this tab, stays; the check is retried.
      console.error('session check failed', err);
      const last = lastKnownSession();
      setAuthorities((current) => current ?? last?.authorities ?? null);
      setUser((current) => current ?? last?.user ?? null);
      setUnavailable(true);
      const delay = retryDelay(retry.current.attempt++, retryBaseMs);
      retry.current.timer = setTimeout(() => void checkRef.current(), delay);
    } finally {
      if (seq === checkSeq.current) setLoading(false);
    }
  }, [i18n, queryClient, retryBaseMs]);
  checkRef.current = check;

  useEffect(() => {
    void check();
  }, [check, location.pathname]);

  useEffect(() => () => clearTimeout(retry.current.timer), []);

  const login = useCallback(
    async (credentials: Credentials) => {
      try {
        await postLogin(credentials);
        const [auths] = await fetchIsLoggedIn();
        const [info] = await Promise.all([fetchUserInfos(), loadAllCatalogs(i18n)]);
        checkSeq.current++;
        setAuthorities(auths);
        setUser(info);
        rememberSession(auths, info);
        setFailure(null);
        queryClient.clear();
        return info;
      } catch (err) {
        setAuthorities(null);
        setUser(null);
        setFailure({ kind: 'login', server: serverText(err) });
        throw err;
      }
    },
    [queryClient, i18n],
  );

  const logout = useCallback(async () => {
    try {
      await getLogout();
      checkSeq.current++;
      forgetSession();
      setAuthorities(null);
      setUser(null);
      setFailure(null);
      queryClient.clear();
    } catch (err) {
      setFailure({ kind: 'logout', server: serverText(err) });
      throw err;
    }
  }, [queryClient]);

  const error = failure ? (failure.server ?? t(failure.kind === 'login' ? 'session.loginFailed' : 'session.logoutFailed')) : null;
  const value = useMemo<Session>(
    () => ({
      authorities,
      user,
      isAuthenticated: !!authorities && !!user,
      isAdmin: authorities?.[0]?.roleId === ROLE_IDS.admin,
      loading,
      error,
      login,
      logout,
      refresh: check,
      setUser,
      dismissError: () => setFailure(null),
      unavailable,
      retryNow: () => void check(),
    }),
    [authorities, user, loading, error, login, logout, check, unavailable],
  );

  return <SessionContext.Provider value={value}>{loading ? whileChecking : children}</SessionContext.Provider>;
}
