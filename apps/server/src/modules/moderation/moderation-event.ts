import type { ModerationEvent } from '@gardenswap/shared';
import { type Executor, toIso } from '../../db/schema.js';
import type { PhotoSigner } from '../images/photo-urls.js';

/** The event columns a moderator's view of an event reads. */
export const MODERATION_EVENT_COLUMNS = [
  'events.id',
  'events.owner_id',
  'events.title',
  'events.description',
  'events.thumbnail',
  'events.starts_at',
  'events.place_name',
  'events.address',
  'events.zip_code',
  'events.cancelled_at',
  'events.hidden_reason',
  'events.owner_suspended',
  'events.created_at',
] as const;

/** An event as a moderator sees it, its photo signed for them. */
export function toModerationEvent(
  e: {
    id: number;
    title: string;
    description: string;
    thumbnail: string | null;
    starts_at: string | Date;
    place_name: string;
    address: string | null;
    zip_code: string;
    cancelled_at: string | Date | null;
    hidden_reason: string | null;
    owner_suspended: number;
    created_at: string | Date;
  },
  sign: PhotoSigner,
): ModerationEvent {
  return {
    id: e.id,
    title: e.title,
    description: e.description,
    thumbnail: sign(e.thumbnail, {
      is_public: true,
      is_active: true,
      hidden: e.hidden_reason !== null || e.owner_suspended === 1,
    }),
    starts_at: toIso(e.starts_at),
    place_name: e.place_name,
    address: e.address,
    zip_code: e.zip_code,
    cancelled_at: toIso(e.cancelled_at),
    hidden_reason: e.hidden_reason,
    created_at: toIso(e.created_at),
  };
}

/** How the audit log and the reporters' notices name an event: its title then. */
export const eventLabel = (title: string) => `the event “${title}”`;

/** Hides an event from everyone but its host, who is shown the reason. */
export async function hideEvent(db: Executor, eventId: number, reason: string) {
  await db.updateTable('events').set({ hidden_reason: reason }).where('id', '=', eventId).execute();
}
