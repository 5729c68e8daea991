import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { periodicSweep } from '../../lib/periodic-sweep.js';
import { type PickupAbout, withPickupNotices } from './pickup-notices.js';
import { type DuePickup, dropStaleDue, dueHandoverAsks, dueReminders, takeDue, toPickup } from './pickup.queries.js';

/** How many due pickups one sweep takes of each kind; a full batch sweeps again at once. */
const BATCH = 100;
/** How often each instance looks for reminders due: they go out within this of their time. */
const SWEEP_MS = 60_000;

export interface PickupSweep {
  /** Sends every reminder and hand-over question due now; how many of each (tests). */
  sweep(): Promise<{ reminded: number; asked: number }>;
}

const byServer = new WeakMap<object, PickupSweep>();
/** The pickup sweep of a running server, by its HTTP server: for tests. */
export const pickupSweepOf = (server: object): PickupSweep | undefined => byServer.get(server);

const aboutOf = (due: DuePickup): PickupAbout => {
  const pickup = toPickup(due);
  return {
    listingId: due.listing_id,
    listingTitle: due.title,
    time: pickup.agreed_time,
    place: pickup.place,
    updatedAt: pickup.updated_at,
  };
};

/**
 * Reminds both members of an agreed pickup before its time, and asks the owner after it whether it
 * was handed over. Each is taken on its row by the statement that clears it, in the transaction
 * that writes its notices and e-mails, so across instances and restarts each goes out once.
 */
export const pickupSweep = fp(
  async (app: FastifyInstance) => {
    const now = () => new Date(app.config.clock()).toISOString();

    async function remind(due: DuePickup): Promise<boolean> {
      return withPickupNotices(app, async (trx, notices) => {
        if (!due.remind_at || !(await takeDue(trx, 'remind_at', { listing_id: due.listing_id, due: due.remind_at })))
          return false;
        const about = aboutOf(due);
        await notices.tell(due.owner_id, due.member_id, 'pickup_reminder', about, about.time);
        await notices.tell(due.member_id, due.owner_id, 'pickup_reminder', about, about.time);
        await notices.mail(due.owner_id, due.member_id, 'reminder', about);
        await notices.mail(due.member_id, due.owner_id, 'reminder', about);
        return true;
      });
    }

    async function askOwner(due: DuePickup): Promise<boolean> {
      return withPickupNotices(app, async (trx, notices) => {
        const at = due.handover_ask_at;
        if (!at || !(await takeDue(trx, 'handover_ask_at', { listing_id: due.listing_id, due: at }))) return false;
        await notices.tell(due.owner_id, due.member_id, 'pickup_handover_asked', aboutOf(due));
        return true;
      });
    }

    const sweeper = periodicSweep<{ reminded: number; asked: number }>(app, {
      what: 'pickup reminders',
      everyMs: SWEEP_MS,
      atStart: true,
      more: (r) => r.reminded + r.asked >= BATCH,
      async run() {
        await dropStaleDue(app.db);
        let reminded = 0;
        let asked = 0;
        for (const due of await dueReminders(app.db, now(), BATCH)) {
          if (sweeper.isStopped()) break;
          if (await remind(due)) reminded += 1;
        }
        for (const due of await dueHandoverAsks(app.db, now(), BATCH)) {
          if (sweeper.isStopped()) break;
          if (await askOwner(due)) asked += 1;
        }
        return { reminded, asked };
      },
    });
    byServer.set(app.server, { sweep: sweeper.sweep });
  },
  { name: 'pickup-sweep' },
);
