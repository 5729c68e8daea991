import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { periodicSweep } from '../../lib/periodic-sweep.js';
import { FRESH_TEXTS } from '@gardenswap/shared';
import { getNotification, insertNotification } from '../notifications/notifications.queries.js';
import { renewMail, renewMailSample } from './renew.mail.js';
import {
  type Backlog,
  type FreshGroup,
  claimAsking,
  dueForAsking,
  dueForPausing,
  freshListingsSince,
  ownerContact,
  pauseUnrenewed,
} from './fresh.queries.js';
import { renewPageUrl, signRenewToken } from './renew-links.js';

export interface FreshListingsSweep {
  /** Asks every listing due and pauses every one not renewed in time; how many of each (tests, tools). */
  sweep(): Promise<{ asked: number; paused: number }>;
}

/** The sweep of each running server, by its HTTP server: for tests and tools. */
const byServer = new WeakMap<object, FreshListingsSweep>();
export const freshListingsOf = (server: object): FreshListingsSweep | undefined => byServer.get(server);

const DAY_MS = 24 * 60 * 60_000;
const days = (ms: number) => (Math.round(ms / DAY_MS) === 1 ? '1 day' : `${Math.round(ms / DAY_MS)} days`);
const iso = (ms: number) => new Date(ms).toISOString();

/**
 * Fresh listings (see FRESH_LISTINGS in config.ts): a listing not renewed for a while asks its
 * owner, in the app and by e-mail, whether it is still available, and pauses itself when nobody
 * renews it in time. Nothing lives in memory: every instance sweeps the database, each listing's
 * asking is claimed on the listing itself in the same transaction as its notification and e-mail,
 * and pausing is conditional on the asking it answers, so restarts and several instances ask each
 * listing once per cycle and never pause a renewed one.
 */
export const freshListingsSweep = fp(
  async (app: FastifyInstance) => {
    const settings = app.config.freshListings;
    const clock = app.config.clock;
    const origin = app.config.publicOrigin;
    const afterMs: Record<FreshGroup, number> = {
      produce: settings.produceAfterMs,
      seedsAndPlants: settings.seedsAndPlantsAfterMs,
    };
    // The renew e-mail lives here, with its feature: so does its preview.
    app.mailPreviews.add('listing-renew', renewMailSample);

    /** Pushes stored notifications live to open tabs; they are stored already, so a failure only logs. */
    async function push(notices: { userId: number; id: number }[]) {
      try {
        for (const notice of notices) {
          const notification = await getNotification(
            app.db,
            notice.userId,
            notice.id,
            app.photoUrls.signerFor(notice.userId),
          );
          if (notification) app.realtime.toUser(notice.userId, 'notification', notification);
        }
      } catch (error) {
        app.log.warn({ err: error }, 'pushing fresh-listing notices failed');
      }
    }

    /** Asks one listing's owner, if this sweep wins the claim; the notice to push. */
    function ask(id: number, group: FreshGroup) {
      return app.db.transaction().execute(async (trx) => {
        const now = clock();
        const claimed = await claimAsking(trx, id, iso(now - afterMs[group]), iso(now));
        if (!claimed) return undefined;
        const noticeId = await insertNotification(trx, {
          user_id: claimed.owner_id,
          type: 'listing_renew',
          listing_id: id,
          match_key: `renew:${id}:${iso(now)}`,
          note: FRESH_TEXTS.askNotification(claimed.title),
        });
        const owner = await ownerContact(trx, claimed.owner_id);
        if (owner && owner.may_email === 1) {
          const token = await signRenewToken(
            app.config.jwtSecret,
            { userId: owner.id, listingId: id },
            now + settings.linkTtlMs,
          );
          const unsubscribeUrl = await app.mailer.unsubscribeUrl({ userId: owner.id }, 'matches');
          await app.mailer.send(
            {
              to: owner.email,
              unsubscribeUrl,
              ...(await renewMail({
                recipientName: owner.first_name || owner.username,
                title: claimed.title,
                age: days(afterMs[group]),
                grace: days(settings.graceMs),
                renewUrl: renewPageUrl(origin, token),
                listingUrl: `${origin}/listings/${id}`,
                unsubscribeUrl,
              })),
            },
            trx,
          );
        }
        return noticeId === undefined ? undefined : { userId: claimed.owner_id, id: noticeId };
      });
    }

    /** Pauses one listing not renewed since it asked, if it still is; the notice to push. */
    async function pause(id: number, askedAt: string | Date) {
      const done = await app.db.transaction().execute(async (trx) => {
        const now = clock();
        const paused = await pauseUnrenewed(trx, id, askedAt, iso(now));
        if (!paused) return undefined;
        const noticeId = await insertNotification(trx, {
          user_id: paused.owner_id,
          type: 'listing_paused',
          listing_id: id,
          match_key: `paused:${id}:${iso(new Date(askedAt).getTime())}`,
          note: FRESH_TEXTS.pausedNotification(paused.title),
        });
        return {
          ownerId: paused.owner_id,
          notice: noticeId === undefined ? undefined : { userId: paused.owner_id, id: noticeId },
        };
      });
      if (done) await app.events.emit('listing.changed', { listingId: id, ownerId: done.ownerId });
      return done?.notice;
    }

    let spreadOver = false;
    /** While the backlog spreads: how far it has got, for each group's listings due before `since`. */
    async function backlogOf(group: FreshGroup, now: number): Promise<Backlog | undefined> {
      if (spreadOver) return undefined;
      const since = await freshListingsSince(app.db);
      if (since === undefined || now - since >= settings.backlogSpreadMs) {
        spreadOver = true;
        return undefined;
      }
      return {
        dueBefore: iso(since - afterMs[group]),
        thousandths: Math.floor(((now - since) / settings.backlogSpreadMs) * 1000),
      };
    }

    async function sweep() {
      const now = clock();
      const notices: { userId: number; id: number }[] = [];
      let asked = 0;
      let paused = 0;
      for (const row of await dueForPausing(app.db, iso(now - settings.graceMs), settings.batchSize)) {
        if (sweeper.isStopped()) break;
        const notice = await pause(row.id, row.renew_asked_at!);
        if (notice) notices.push(notice);
        if (notice) paused++;
      }
      for (const group of Object.keys(afterMs) as FreshGroup[]) {
        const backlog = await backlogOf(group, now);
        for (const row of await dueForAsking(app.db, group, iso(now - afterMs[group]), settings.batchSize, backlog)) {
          if (sweeper.isStopped()) break;
          const notice = await ask(row.id, group);
          if (notice) notices.push(notice);
          if (notice) asked++;
        }
      }
      await push(notices);
      return { asked, paused };
    }

    const sweeper = periodicSweep(app, {
      what: 'fresh listings',
      everyMs: settings.sweepMs,
      run: sweep,
      more: ({ asked, paused }) => asked + paused >= settings.batchSize,
    });
    byServer.set(app.server, { sweep: sweeper.sweep });
  },
  { name: 'fresh-listings-sweep', dependencies: ['mailer', 'events', 'images', 'realtime'] },
);
