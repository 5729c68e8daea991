import type { EmailKind } from '@gardenswap/shared';
import { type Expression, type SqlBool, sql } from 'kysely';

const SWITCH_COLUMN = {
  matches: 'email_matches',
  friend_requests: 'email_friend_requests',
  messages: 'email_messages',
  trades: 'email_trades',
  digest: 'email_digest',
} as const satisfies Record<EmailKind, string>;

/**
 * The one rule for whether a member may get an e-mail of a kind: their switch for that kind is on,
 * and their address is confirmed, so nobody is mailed at an address someone else typed in.
 * `users` names the users row in the query (its table or alias). Every e-mail that a switch turns
 * off asks this, so a further condition on the recipient belongs here and nowhere else. Security
 * e-mails (password reset, sign-in alerts, change notices) do not ask.
 */
export function mayEmail(kind: EmailKind, users = 'users'): Expression<SqlBool> {
  return sql<SqlBool>`(${sql.ref(`${users}.${SWITCH_COLUMN[kind]}`)} = 1 and ${sql.ref(`${users}.email_confirmed`)} = 1)`;
}

/** `mayEmail` as a column: 1 when the member may get the e-mail, else 0 (the same on both databases). */
export function mayEmailFlag(kind: EmailKind, users = 'users') {
  return sql<number>`case when ${mayEmail(kind, users)} then 1 else 0 end`;
}
