import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo, useState } from 'react';
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
  signOut(): Promise<void>;
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

  const signOut = useCallback(async () => {
    track('logout');
    await accountApi.logout().catch(() => undefined);
    setAuth({ status: 'signed-out', user: null });
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
