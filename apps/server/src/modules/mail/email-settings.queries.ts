import type { EmailNotifications } from '@gardenswap/shared';
import type { Executor } from '../../db/schema.js';
import { nowIso } from '../../db/schema.js';

/** Turns the given kinds of e-mail on or off, the others as they are (the profile switches, or an unsubscribe link). */
export async function setEmailNotifications(db: Executor, id: number, settings: Partial<EmailNotifications>) {
  const flag = (on: boolean | undefined) => (on === undefined ? undefined : on ? 1 : 0);
  await db
    .updateTable('users')
    .set({
      email_matches: flag(settings.matches),
      email_friend_requests: flag(settings.friend_requests),
      email_messages: flag(settings.messages),
      email_trades: flag(settings.trades),
      email_digest: flag(settings.digest),
      updated_at: nowIso(),
    })
    .where('id', '=', id)
    .execute();
}
