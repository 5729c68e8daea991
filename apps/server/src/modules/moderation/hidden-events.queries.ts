import { type HiddenEvent, MODERATION_REPORTS_LIMIT } from '@gardenswap/shared';
import type { Executor } from '../../db/schema.js';
import type { PhotoSigner } from '../images/photo-urls.js';
import { MODERATION_EVENT_COLUMNS, toModerationEvent } from './moderation-event.js';
import { membersById } from './moderation.queries.js';

/** The events a moderator hid, the newest event first, with their hosts; photos signed for the moderator. */
export async function listHiddenEvents(db: Executor, sign: PhotoSigner): Promise<HiddenEvent[]> {
  const rows = await db
    .selectFrom('events')
    .select(MODERATION_EVENT_COLUMNS)
    .where('events.hidden_reason', 'is not', null)
    .orderBy('events.id', 'desc')
    .limit(MODERATION_REPORTS_LIMIT)
    .execute();
  const owners = await membersById(db, [...new Set(rows.map((r) => r.owner_id))]);
  return rows.flatMap((row) => {
    const member = owners.get(row.owner_id);
    return member ? [{ event: toModerationEvent(row, sign), member }] : [];
  });
}

/** An event as unhiding it needs: its host, its title and whether it is hidden. */
export function findEventToUnhide(db: Executor, eventId: number) {
  return db
    .selectFrom('events')
    .select(['id', 'owner_id', 'title', 'hidden_reason', 'owner_suspended'])
    .where('id', '=', eventId)
    .executeTakeFirst();
}

/**
 * Shows a hidden event again (to whom the visibility rule lets see it). Conditional, so two
 * moderators unhiding at once change it once. Whether it was hidden.
 */
export async function unhideEventRow(db: Executor, eventId: number) {
  const shown = await db
    .updateTable('events')
    .set({ hidden_reason: null })
    .where('id', '=', eventId)
    .where('hidden_reason', 'is not', null)
    .executeTakeFirst();
  return Number(shown.numUpdatedRows) > 0;
}
