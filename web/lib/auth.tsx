import { createContext, type ReactNode, startTransition, useCallback, useContext, useEffect, useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import type { SessionUser } from '../../core/api';
import { pagePath } from '../../core/pages';
import { accountApi } from './account-api';
import { track } from './analytics';

export type AuthState =
  | { status: 'loading'; user: null }
  /** `left`: the person signed out here; a protected page then sends them to /, not to /login. */
  | { status: 'signed-out'; user: null; left?: boolean }
  | { status: 'signed-in'; user: SessionUser };

interface AuthContextValue {
  auth: AuthState;
  /** Asks the server who is signed in (after sign-in, or after a change to the profile). */
  refresh(): Promise<SessionUser | null>;
  /**
   * Ends the session and lands on / (issue 15): the move to / and the signed-out state commit
   * together, so neither the page left behind (its guard would send to /login) nor / (it sends
   * signed-in people to /dashboard) sees the other half. Use it through `useSignOut()`; without
   * `navigate` the person stays on the (public) page, as on an invite meant for another email.
   */
  signOut(navigate?: (to: string) => void): Promise<void>;
}

const AuthContext = createContext<AuthContextValue | null>(null);

export function AuthProvider({ children }: { children: ReactNode }) {
  const [auth, setAuth] = useState<AuthState>({ status: 'loading', user: null });

  const refresh = useCallback(async () => {
    try {
      const { user } = await accountApi.me();
      setAuth(user ? { status: 'signed-in', user } : { status: 'signed-out', user: null });
      return user;
    } catch {
      setAuth({ status: 'signed-out', user: null });
      return null;
    }
  }, []);

  const signOut = useCallback(async (navigate?: (to: string) => void) => {
    track('logout');
    await accountApi.logout().catch(() => undefined);
    // The router moves inside a transition; the auth change joins the same one.
    navigate?.(pagePath('home'));
    startTransition(() => setAuth({ status: 'signed-out', user: null, left: true }));
  }, []);

  useEffect(() => {
    void refresh();
  }, [refresh]);

  const value = useMemo(() => ({ auth, refresh, signOut }), [auth, refresh, signOut]);
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

export function useAuth(): AuthContextValue {
  const value = useContext(AuthContext);
  if (!value) throw new Error('useAuth outside AuthProvider');
  return value;
}

/** Sign out from any page (header, footer, profile): the session ends and the person lands on /. */
export function useSignOut(): () => Promise<void> {
  const { signOut } = useAuth();
  const navigate = useNavigate();
  return useCallback(() => signOut(navigate), [signOut, navigate]);
}
