import { SESSION_TTL_MS } from '@gardenswap/shared/constants';

/** The session as the browser keeps it, under localStorage `auth` (spec §3). */
export interface StoredAuth {
  token: string;
  user: { id: number; username: string };
  /** Milliseconds since the epoch. */
  expiresAt: number;
}

const KEY = 'auth';

function isStoredAuth(value: unknown): value is StoredAuth {
  const v = value as StoredAuth | null;
  return (
    !!v &&
    typeof v.token === 'string' &&
    typeof v.expiresAt === 'number' &&
    typeof v.user?.id === 'number' &&
    typeof v.user?.username === 'string'
  );
}

/** The stored session, or null; an expired or unreadable one is removed on the way. */
export function readAuth(now = Date.now()): StoredAuth | null {
  const raw = localStorage.getItem(KEY);
  if (raw === null) return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    parsed = null;
  }
  if (!isStoredAuth(parsed) || parsed.expiresAt <= now) {
    localStorage.removeItem(KEY);
    return null;
  }
  return parsed;
}

/** Stores a new session for 7 days. */
export function writeAuth(token: string, user: StoredAuth['user'], now = Date.now()): StoredAuth {
  const auth: StoredAuth = { token, user: { id: user.id, username: user.username }, expiresAt: now + SESSION_TTL_MS };
  localStorage.setItem(KEY, JSON.stringify(auth));
  return auth;
}

export function clearAuth() {
  localStorage.removeItem(KEY);
}

export const AUTH_STORAGE_KEY = KEY;
