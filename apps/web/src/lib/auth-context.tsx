import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo, useState } from 'react';
import { UNAUTHORIZED_EVENT } from './api-client';
import { AUTH_STORAGE_KEY, type StoredAuth, clearAuth, readAuth, writeAuth } from './auth-storage';
import { clearSignedOut, markSignedOut } from './return-to';

interface AuthState {
  auth: StoredAuth | null;
  signIn(token: string, user: StoredAuth['user']): void;
  /** Forgets the session locally (the server is told separately, by logout). */
  signOut(): void;
}

const AuthContext = createContext<AuthState | null>(null);

/** Holds the session; follows other tabs, expiry and any 401 the API answers. */
export function AuthProvider({ children }: { children: ReactNode }) {
  const [auth, setAuth] = useState<StoredAuth | null>(() => readAuth());

  useEffect(() => {
    const reload = () => setAuth(readAuth());
    const onStorage = (event: StorageEvent) => {
      if (event.key === AUTH_STORAGE_KEY || event.key === null) reload();
    };
    window.addEventListener(UNAUTHORIZED_EVENT, reload);
    window.addEventListener('storage', onStorage);
    return () => {
      window.removeEventListener(UNAUTHORIZED_EVENT, reload);
      window.removeEventListener('storage', onStorage);
    };
  }, []);

  // A session that expires while the page is open ends then, as one found expired at start-up does.
  useEffect(() => {
    if (!auth) return;
    const timer = setTimeout(() => setAuth(readAuth()), Math.min(auth.expiresAt - Date.now(), 2 ** 31 - 1));
    return () => clearTimeout(timer);
  }, [auth]);

  const signIn = useCallback((token: string, user: StoredAuth['user']) => {
    clearSignedOut();
    setAuth(writeAuth(token, user));
    // Loaded on sign-in only, so no page's first paint carries it.
    void import('./push-device').then((m) => m.reclaimPushSubscription(user.id)).catch(() => undefined);
  }, []);
  const signOut = useCallback(() => {
    markSignedOut();
    clearAuth();
    setAuth(null);
  }, []);
  const value = useMemo(() => ({ auth, signIn, signOut }), [auth, signIn, signOut]);
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

export function useAuth(): AuthState {
  const state = useContext(AuthContext);
  if (!state) throw new Error('useAuth outside AuthProvider');
  return state;
}

/** The signed-in member; only for pages behind the sign-in guard. */
export function useMe(): StoredAuth['user'] {
  const { auth } = useAuth();
  if (!auth) throw new Error('useMe on a page without a session');
  return auth.user;
}
