import { createContext, type ReactNode, startTransition, useCallback, useContext, useEffect, useMemo, useState } from 'react';
import type { SessionUser } from '../../core/api';
import { accountApi } from './account-api';
import { track } from './analytics';

export type AuthState =
  | { status: 'loading'; user: null }
  | { status: 'signed-out'; user: null }
  | { status: 'signed-in'; user: SessionUser };

interface AuthContextValue {
  auth: AuthState;
  /** Asks the server who is signed in (after sign-in, or after a change to the profile). */
  refresh(): Promise<SessionUser | null>;
  /** Ends the session; `leave` (a navigation) happens in the same render as the change to signed-out. */
  signOut(leave?: () => void): Promise<void>;
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

  const signOut = useCallback(async (leave?: () => void) => {
    track('logout');
    await accountApi.logout().catch(() => undefined);
    // The router moves in a transition: in one with it, a protected page never renders signed-out
    // (its guard would send the browser to /login?redirect=… instead of where sign out goes).
    startTransition(() => {
      setAuth({ status: 'signed-out', user: null });
      leave?.();
    });
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
