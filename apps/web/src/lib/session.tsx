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
}

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
 * Nothing below it renders until the first check ends.
 */
export function SessionProvider({ children }: { children: ReactNode }) {
  const [authorities, setAuthorities] = useState<Authority[] | null>(null);
  const [user, setUser] = useState<UserInfo | null>(null);
  const [loading, setLoading] = useState(true);
  // Spec §8: the server's error field, otherwise 'Echec authentification' / 'Echec déconnexion' (in the reader's language).
  const [failure, setFailure] = useState<{ kind: 'login' | 'logout'; server?: string } | null>(null);
  const location = useLocation();
  const queryClient = useQueryClient();
  const { t, i18n } = useTranslation('common');
  const checkSeq = useRef(0);

  const check = useCallback(async () => {
    const seq = ++checkSeq.current;
    try {
      const [auths] = await fetchIsLoggedIn();
      // The signed-in shell names other pages (menus, role home): their catalogs come with the user.
      const [info] = await Promise.all([fetchUserInfos(), loadAllCatalogs(i18n)]);
      if (seq !== checkSeq.current) return;
      setAuthorities(auths);
      setUser(info);
    } catch (err) {
      if (seq !== checkSeq.current) return;
      // A failed check means signed out, silently (spec §8); only unexpected failures are logged.
      if (!(err instanceof ApiError && err.status === 401)) console.error('session check failed', err);
      setAuthorities(null);
      setUser(null);
    } finally {
      if (seq === checkSeq.current) setLoading(false);
    }
  }, [i18n]);

  useEffect(() => {
    void check();
  }, [check, location.pathname]);

  const login = useCallback(
    async (credentials: Credentials) => {
      try {
        await postLogin(credentials);
        const [auths] = await fetchIsLoggedIn();
        const [info] = await Promise.all([fetchUserInfos(), loadAllCatalogs(i18n)]);
        checkSeq.current++;
        setAuthorities(auths);
        setUser(info);
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
    }),
    [authorities, user, loading, error, login, logout, check],
  );

  return <SessionContext.Provider value={value}>{loading ? null : children}</SessionContext.Provider>;
}
