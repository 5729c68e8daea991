import { sql } from 'kysely';
import type { Executor } from '../../db/schema.js';
import { nowIso, toIso } from '../../db/schema.js';

/** A User-Agent header is the client's to fill: keep what describes a browser, never a flood. */
const USER_AGENT_MAX = 512;
const userAgentOf = (header: string | undefined) => header?.slice(0, USER_AGENT_MAX) || null;

/** One sign-in's row, as a new session's token is signed or an older token is first seen. */
export interface NewSession {
  jti: string;
  userId: number;
  userAgent: string | undefined;
  createdAt: Date;
  expiresAt: Date;
}

const sessionValues = (s: NewSession) => ({
  jti: s.jti,
  user_id: s.userId,
  user_agent: userAgentOf(s.userAgent),
  created_at: s.createdAt.toISOString(),
  last_seen_at: s.createdAt.toISOString(),
  expires_at: s.expiresAt.toISOString(),
});

/** Keeps a new session; its id. */
export async function insertSession(db: Executor, session: NewSession): Promise<number> {
  const row = await db.insertInto('sessions').values(sessionValues(session)).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

/**
 * Keeps the row of a token signed before sessions were kept, the first time it is seen; a row
 * already there (another request with the same token, or its logout) stays as it is.
 */
export async function adoptSession(db: Executor, session: NewSession) {
  await db
    .insertInto('sessions')
    .values(sessionValues(session))
    .onConflict((oc) => oc.column('jti').doNothing())
    .execute();
}

/** Drops the rows of tokens that have expired: they pass no more anyway, and hold a browser's description. */
export async function deleteExpiredSessions(db: Executor) {
  await db.deleteFrom('sessions').where('expires_at', '<', nowIso()).execute();
}

/**
 * What authentication needs to know of a token: its member (absent when the account is gone) and
 * the row of the token's jti, if there is one (ended for the token when it is another member's).
 */
export async function findSessionCheck(db: Executor, userId: number, jti: string) {
  const row = await db
    .selectFrom('users')
    .leftJoin('sessions', (join) => join.on('sessions.jti', '=', jti))
    .select([
      'users.id',
      'users.username',
      'users.sessions_valid_from',
      'sessions.id as session_id',
      'sessions.user_id as session_user_id',
      'sessions.ended_at',
      'sessions.last_seen_at',
    ])
    .where('users.id', '=', userId)
    .executeTakeFirst();
  if (!row) return undefined;
  return {
    id: row.id,
    username: row.username,
    sessionsValidFrom: row.sessions_valid_from ? new Date(row.sessions_valid_from).getTime() : undefined,
    session:
      row.session_id === null
        ? undefined
        : {
            ended: row.ended_at !== null || row.session_user_id !== row.id,
            lastSeenAt: row.last_seen_at === null ? undefined : new Date(row.last_seen_at).getTime(),
          },
  };
}

/**
 * Ends the session of one token (a logout). A token that has no row yet gets an ended one, so it
 * can never be taken for a token signed before sessions were kept.
 */
export async function endSessionOfToken(db: Executor, token: { jti: string; userId: number; expiresAt: Date }) {
  const now = nowIso();
  await db
    .insertInto('sessions')
    .values({
      jti: token.jti,
      user_id: token.userId,
      created_at: now,
      last_seen_at: now,
      expires_at: token.expiresAt.toISOString(),
      ended_at: now,
    })
    .onConflict((oc) => oc.column('jti').doUpdateSet({ ended_at: now }).where('sessions.ended_at', 'is', null))
    .execute();
}

/** Ends one live session of the member by its id; its jti, or undefined when it is not theirs or not live. */
export async function endSessionById(db: Executor, userId: number, id: number) {
  const now = nowIso();
  const row = await db
    .updateTable('sessions')
    .set({ ended_at: now })
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .where('ended_at', 'is', null)
    .where('expires_at', '>', now)
    .returning('jti')
    .executeTakeFirst();
  return row?.jti;
}

/** Ends every live session of the member but the one with `keepJti`; the jtis it ended. */
export async function endOtherSessions(db: Executor, userId: number, keepJti: string): Promise<string[]> {
  const now = nowIso();
  const rows = await db
    .updateTable('sessions')
    .set({ ended_at: now })
    .where('user_id', '=', userId)
    .where('jti', '!=', keepJti)
    .where('ended_at', 'is', null)
    .where('expires_at', '>', now)
    .returning('jti')
    .execute();
  return rows.map((r) => r.jti);
}

/** Ends every live session of the member. */
export async function endAllSessions(db: Executor, userId: number) {
  await db
    .updateTable('sessions')
    .set({ ended_at: nowIso() })
    .where('user_id', '=', userId)
    .where('ended_at', 'is', null)
    .execute();
}

/**
 * From now on, tokens signed before sessions were kept, and before this moment, no longer pass
 * (they have no row to end).
 */
export async function endUnkeptSessions(db: Executor, userId: number) {
  await db.updateTable('users').set({ sessions_valid_from: nowIso() }).where('id', '=', userId).execute();
}

/** The member's live sessions: the one of `currentJti` first, then the most recently seen, at most `limit`. */
export async function listLiveSessions(db: Executor, userId: number, currentJti: string, limit: number) {
  const rows = await db
    .selectFrom('sessions')
    .select(['id', 'jti', 'user_agent', 'created_at', 'last_seen_at'])
    .where('user_id', '=', userId)
    .where('ended_at', 'is', null)
    .where('expires_at', '>', nowIso())
    .orderBy(sql`case when jti = ${currentJti} then 0 else 1 end`)
    .orderBy('last_seen_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
  return rows.map((r) => ({ ...r, created_at: toIso(r.created_at), last_seen_at: toIso(r.last_seen_at) }));
}

/** Records that these sessions were used at `at`. */
export async function touchSessions(db: Executor, jtis: string[], at: Date) {
  if (!jtis.length) return;
  await db.updateTable('sessions').set({ last_seen_at: at.toISOString() }).where('jti', 'in', jtis).execute();
}
