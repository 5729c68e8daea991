import type { FastifyInstance } from 'fastify';
import { getNotification } from '../notifications/notifications.queries.js';

/** A stored notification and the member it is for. */
export interface Notice {
  userId: number;
  id: number;
}

/** Pushes the notices of a committed moderation action to their members' open tabs. */
export async function pushNotices(app: FastifyInstance, notices: Notice[]) {
  try {
    for (const notice of notices) {
      const sign = app.photoUrls.signerFor(notice.userId);
      const notification = await getNotification(app.db, notice.userId, notice.id, sign);
      if (notification) app.realtime.toUser(notice.userId, 'notification', notification);
    }
  } catch (error) {
    // The action is saved and the notices are stored: an open tab sees them on its next load.
    app.log.error({ err: error }, 'pushing moderation notices failed');
  }
}
