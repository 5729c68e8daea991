import { z } from 'zod';
import { TimestampSchema } from './common.js';

/** A session's last_seen_at is written at most this often, so a busy member does not cost a write per request. */
export const SESSION_SEEN_EVERY_MS = 60_000;

/** Seen this recently (a little over the write interval above) shows as "Active now". */
export const SESSION_ACTIVE_MS = 5 * 60_000;

/** GET /auth/sessions lists at most this many (signing out everywhere else ends them all). */
export const SESSIONS_LIST_MAX = 100;

/** One signed-in session of the member (GET /auth/sessions), never its token. */
export const SessionSchema = z.object({
  id: z.number().int(),
  /** The browser and system it was signed in from, read from its user agent: "Firefox on Windows". */
  browser: z.string(),
  created_at: TimestampSchema,
  last_seen_at: TimestampSchema,
  /** The session that asks: the device the member is using. */
  current: z.boolean(),
});
export type Session = z.infer<typeof SessionSchema>;

/** GET /auth/sessions: the live sessions, the one asking first, then the most recently seen, at most SESSIONS_LIST_MAX. */
export const SessionListSchema = z.array(SessionSchema);

/** POST /auth/sessions/sign-out-others: how many sessions were ended. */
export const SignOutOthersResultSchema = z.object({ signed_out: z.number().int() });
export type SignOutOthersResult = z.infer<typeof SignOutOthersResultSchema>;

/** What the sessions section and routes say. */
export const SESSION_TEXTS = {
  sessionNotFound: 'Session not found',
  unknownBrowser: 'Unknown browser',
  heading: 'Signed-in sessions',
  hint: 'Where your account is signed in. Sign out any you do not recognise.',
  thisDevice: 'This device',
  activeNow: 'Active now',
  signOut: 'Sign out',
  signingOut: 'Signing out...',
  signOutOthers: 'Sign out everywhere else',
  noOtherSessions: 'You are not signed in anywhere else.',
  loadFailed: 'Failed to load your sessions.',
  signOutFailed: 'Failed to sign out that session. Please try again.',
  signOutOthersFailed: 'Failed to sign out your other sessions. Please try again.',
} as const;
