import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { toIso } from '../../db/schema.js';
import { periodicSweep } from '../../lib/periodic-sweep.js';
import { eventContacts, goingAudience } from './attendees.queries.js';
import { withEventNotices } from './event-notices.js';
import { getEventForWrite } from './events.queries.js';
import { dueEventReminders, takeEventReminder } from './reminders.queries.js';

/** How many due reminders one sweep takes; a full batch sweeps again at once. */
const BATCH = 100;
/** How often each instance looks for reminders due: they go out within this of their time. */
const SWEEP_MS = 60_000;

export interface EventSweep {
  /** Sends every reminder due now; how many events it reminded of (tests). */
  sweep(): Promise<{ reminded: number }>;
}

const byServer = new WeakMap<object, EventSweep>();
/** The event sweep of a running server, by its HTTP server: for tests. */
export const eventSweepOf = (server: object): EventSweep | undefined => byServer.get(server);

/**
 * Reminds the members going to an event, and its host, the day before it starts. Each reminder is
 * taken on its row by the statement that clears it, in the transaction that writes its notices and
 * e-mails, so across instances and restarts it goes out once. One whose event was cancelled,
 * hidden, its host suspended, or has started meanwhile is taken and dropped.
 */
export const eventSweep = fp(
  async (app: FastifyInstance) => {
    async function remind(due: { id: number; remind_at: string | Date | null }): Promise<boolean> {
      return withEventNotices(app, async (trx, notices) => {
        if (!(await takeEventReminder(trx, due))) return false;
        const event = await getEventForWrite(trx, due.id);
        const startsAt = event && toIso(event.starts_at);
        if (!event || !startsAt || event.cancelled_at || event.hidden_reason || event.owner_suspended) return false;
        if (Date.parse(startsAt) <= app.config.clock()) return false;
        const about = { ...event, cancelled: false };
        const [host] = await eventContacts(trx, [event.owner_id]);
        const hostName = host?.username ?? 'The host';
        const audience = [...(await goingAudience(trx, event.id, event.owner_id)), ...(host ? [host] : [])];
        for (const member of audience) {
          await notices.tell(member.id, 'event_reminder', about, `event_reminder:${event.id}:${startsAt}`, startsAt);
          await notices.mail(member, 'reminder', about, hostName);
        }
        return true;
      });
    }

    // A full batch read (reminded or dropped) means more may be waiting.
    let full = false;
    const sweeper = periodicSweep<{ reminded: number }>(app, {
      what: 'event reminders',
      everyMs: SWEEP_MS,
      atStart: true,
      more: () => full,
      async run() {
        let reminded = 0;
        const due = await dueEventReminders(app.db, new Date(app.config.clock()).toISOString(), BATCH);
        full = due.length >= BATCH;
        for (const event of due) {
          if (sweeper.isStopped()) break;
          if (await remind(event)) reminded += 1;
        }
        return { reminded };
      },
    });
    byServer.set(app.server, { sweep: sweeper.sweep });
  },
  { name: 'event-sweep' },
);
