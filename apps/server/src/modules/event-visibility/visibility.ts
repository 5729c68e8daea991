import type { ExpressionBuilder } from 'kysely';
import type { Database } from '../../db/schema.js';
import { blockedIdsOf } from '../relations/index.js';

/**
 * THE visibility rule of events; every read path of them goes through it (lists, the event's page,
 * its photo, reports, notices). Viewer V sees event E iff E is V's own, or E is not hidden by a
 * moderator, its host is not suspended, and neither of V and its host has blocked the other. Events
 * are public: no friendship is needed. Cancelled and past events stay visible (their page says so);
 * the lists leave them out on their own.
 */
export function eventVisibleTo(viewerId: number) {
  return (eb: ExpressionBuilder<Database, 'events'>) =>
    eb.or([
      eb('events.owner_id', '=', viewerId),
      eb.and([
        eb('events.hidden_reason', 'is', null),
        eb('events.owner_suspended', '=', 0),
        eb('events.owner_id', 'not in', blockedIdsOf(viewerId, eb)),
      ]),
    ]);
}

/** The columns `eventOpenToEveryone` reads. */
export interface EventOpenColumns {
  hidden_reason: string | null;
  owner_suspended: number;
}

/** Whether every member may see the event: then its photo is served to anyone at its plain path. */
export const eventOpenToEveryone = (row: EventOpenColumns) => row.hidden_reason === null && row.owner_suspended === 0;
