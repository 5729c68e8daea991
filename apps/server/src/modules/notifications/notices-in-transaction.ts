import type { FastifyInstance } from 'fastify';
import type { Executor } from '../../db/schema.js';
import { getNotification, insertNotification, type NewNotification } from './notifications.queries.js';

/** Stores a notice in the step's transaction (its push queued with it). */
export type Notify = (notice: NewNotification) => Promise<void>;

/**
 * Runs a step and the notices it gives in one transaction, so the change, its notices, their pushes
 * and any e-mail it writes are kept or lost together; once committed, the members' open tabs hear
 * of the notices and the push worker is woken.
 */
export async function withNotices<T>(
  app: FastifyInstance,
  step: (trx: Executor, notify: Notify) => Promise<T>,
): Promise<T> {
  const told: { userId: number; id: number }[] = [];
  const result = await app.db.transaction().execute((trx) =>
    step(trx, async (notice) => {
      const id = await insertNotification(trx, notice);
      if (id !== undefined) told.push({ userId: notice.user_id, id });
    }),
  );
  if (told.length) app.push.wake();
  for (const { userId, id } of told) {
    const stored = await getNotification(app.db, userId, id, app.photoUrls.signerFor(userId));
    if (stored) app.realtime.toUser(userId, 'notification', stored);
  }
  return result;
}
