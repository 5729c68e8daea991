import {
  CATEGORIES,
  DIGEST_EVENTS_AHEAD_DAYS,
  DIGEST_EVENTS_SHOWN,
  DIGEST_LOOKBACK_DAYS,
  DIGEST_MATCHES_SHOWN,
  DIGEST_MILES,
  DIGEST_PER_CATEGORY,
  LISTING_TYPES,
  formatPickupTime,
} from '@gardenswap/shared';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { periodicSweep } from '../../lib/periodic-sweep.js';
import { memberTimeZone } from '../../lib/time-zone.js';
import { wordRuleOf } from '../../lib/word-rule.js';
import { listNear } from '../events/event-lists.queries.js';
import { circleAround } from '../listings/index.js';
import { blockedEitherWayIds } from '../relations/index.js';
import { type DigestEvent, type DigestItem, digestMail } from './digest.mail.js';
import {
  type DueMember,
  claimSlot,
  dueMembers,
  recentPublicListings,
  schedule,
  stillVisible,
  unscheduled,
  wantsOf,
} from './digest.queries.js';
import { nextDigestAt } from './digest-slot.js';
import { NearbyListings, type RecentListing } from './nearby-listings.js';

/** How often each instance looks for digests due: they go out within this of the member's morning. */
const SWEEP_MS = 10 * 60_000;
/** Members taken per batch; a full batch sweeps again at once. */
const BATCH = 200;
const DAY_MS = 24 * 60 * 60_000;

const CATEGORY_NAMES: Record<number, string> = {
  [CATEGORIES.produce]: 'Produce',
  [CATEGORIES.seeds]: 'Seeds',
  [CATEGORIES.plants]: 'Plants',
};

const termsOf = (listing: RecentListing) =>
  listing.type_id === LISTING_TYPES.sell
    ? `$${listing.price}`
    : listing.type_id === LISTING_TYPES.giveaway
      ? 'Free'
      : 'Swap';

export interface DigestSweep {
  /** Makes every digest due now: how many were sent and how many skipped as empty (tests, bench). */
  sweep(): Promise<{ sent: number; empty: number }>;
}

const byServer = new WeakMap<object, DigestSweep>();
/** The digest sweep of a running server, by its HTTP server: for tests and the bench. */
export const digestSweepOf = (server: object): DigestSweep | undefined => byServer.get(server);

/**
 * The weekly "new near you": each member with the switch on gets a slot on their Saturday morning;
 * when it is due, the new public listings within their distance since their last one go out in one
 * e-mail (their wish-list matches first), or nothing when there is nothing new. The slot is claimed
 * in the transaction that writes the e-mail into the outbox, so each goes out once across
 * instances and restarts. The window's listings are read once per sweep and shared by its members.
 */
export const digestSweep = fp(
  async (app: FastifyInstance) => {
    const origin = app.config.publicOrigin;
    const clock = app.config.clock;

    async function scheduleNewcomers() {
      const now = clock();
      for (const member of await unscheduled(app.db, 1000))
        await schedule(app.db, member.id, nextDigestAt(memberTimeZone(member), now));
    }

    function item(member: DueMember, listing: RecentListing): DigestItem {
      const photo = app.photoUrls.signerFor(member.id, 'email')(listing.thumbnail, {
        is_public: listing.is_public === 1,
        is_active: listing.is_active === 1,
      });
      return {
        title: listing.title,
        terms: termsOf(listing),
        imageUrl: photo ? `${origin}/api/${photo}` : null,
        url: `${origin}/listings/${listing.id}`,
      };
    }

    /** The seed swaps near the member starting in the next two weeks, as the event visibility rule lets them see. */
    async function upcomingEvents(member: DueMember, now: number): Promise<DigestEvent[]> {
      const centre = { latitude: member.latitude!, longitude: member.longitude! };
      const { rows } = await listNear(
        app.db,
        member.id,
        { circle: circleAround(centre, DIGEST_MILES), now },
        { limit: DIGEST_EVENTS_SHOWN },
      );
      const zone = memberTimeZone(member);
      const sign = app.photoUrls.signerFor(member.id, 'email');
      return rows
        .filter((row) => new Date(row.starts_at).getTime() < now + DIGEST_EVENTS_AHEAD_DAYS * DAY_MS)
        .map((row) => {
          // Listed events are open to all (neither hidden nor their host suspended): their photos keep plain paths.
          const photo = sign(row.thumbnail, { is_public: true, is_active: true });
          return {
            title: row.title,
            when: `${formatPickupTime(new Date(row.starts_at).toISOString(), zone)} · ${row.place_name}`,
            imageUrl: photo ? `${origin}/api/${photo}` : null,
            url: `${origin}/events/${row.id}`,
          };
        });
    }

    /** One member's digest: written and claimed together, or only claimed when empty or not wanted. */
    async function send(member: DueMember, nearby: NearbyListings, wants: string[]): Promise<'sent' | 'empty'> {
      const now = clock();
      const next = member.deleted_at === null ? nextDigestAt(memberTimeZone(member), now) : null;
      const since = Math.max(
        member.digest_since ? Date.parse(member.digest_since) : 0,
        now - DIGEST_LOOKBACK_DAYS * DAY_MS,
      );
      if (Number(member.may_email) === 1 && member.latitude !== null && member.longitude !== null) {
        const centre = { latitude: member.latitude, longitude: member.longitude };
        const excluded = await blockedEitherWayIds(app.db, member.id);
        excluded.add(member.id);
        const counts = nearby.countNear(centre, DIGEST_MILES, since, DIGEST_PER_CATEGORY, excluded);
        const matches = new Map<number, RecentListing>();
        for (const want of wants)
          for (const listing of nearby.matching(want, centre, DIGEST_MILES, since))
            if (!excluded.has(listing.owner_id)) matches.set(listing.id, listing);
        const newestMatches = [...matches.values()]
          .sort((a, b) => b.created - a.created)
          .slice(0, DIGEST_MATCHES_SHOWN);
        const shownIds = [...newestMatches, ...counts.flatMap((c) => c.newest)].map((l) => l.id);
        // The one visibility rule has the last word on every listing the e-mail names.
        const visible = await stillVisible(app.db, member.id, shownIds);
        const total = counts.reduce((sum, c) => sum + c.total, 0);
        const events = await upcomingEvents(member, now);
        if (total > 0 || events.length > 0) {
          const unsubscribeUrl = await app.mailer.unsubscribeUrl({ userId: member.id }, 'digest');
          const shownMatches = newestMatches.filter((l) => visible.has(l.id));
          // A match is shown once, at the top; its category counts it among what is shown.
          const matched = new Set(shownMatches.map((l) => l.id));
          const mail = await digestMail({
            recipientName: member.first_name || member.username,
            total,
            events,
            matches: shownMatches.map((l) => item(member, l)),
            categories: counts.map((c) => {
              const newest = c.newest.filter((l) => visible.has(l.id) && !matched.has(l.id));
              const atTop = shownMatches.filter((l) => l.category_id === c.category_id).length;
              return {
                name: CATEGORY_NAMES[c.category_id] ?? 'Other',
                items: newest.map((l) => item(member, l)),
                more: Math.max(0, c.total - newest.length - atTop),
              };
            }),
            browseUrl: `${origin}/listings?within_miles=${DIGEST_MILES}`,
            settingsUrl: `${origin}/profile`,
            unsubscribeUrl,
          });
          const written = mail;
          const sent = await app.db.transaction().execute(async (trx) => {
            if (!(await claimSlot(trx, member, next, new Date(now).toISOString()))) return false;
            await app.mailer.send({ ...written, to: member.email, unsubscribeUrl }, trx);
            return true;
          });
          return sent ? 'sent' : 'empty';
        }
      }
      await claimSlot(app.db, member, next, new Date(now).toISOString());
      return 'empty';
    }

    const sweeper = periodicSweep<{ sent: number; empty: number }>(app, {
      what: 'weekly digests',
      everyMs: SWEEP_MS,
      atStart: true,
      // One run takes every batch due.
      more: () => false,
      async run() {
        await scheduleNewcomers();
        const result = { sent: 0, empty: 0 };
        const now = clock();
        let nearby: NearbyListings | undefined;
        let due = await dueMembers(app.db, new Date(now).toISOString(), BATCH);
        while (due.length && !sweeper.isStopped()) {
          nearby ??= new NearbyListings(
            await recentPublicListings(app.db, new Date(now - DIGEST_LOOKBACK_DAYS * DAY_MS).toISOString()),
            wordRuleOf(app.db),
          );
          const wants = await wantsOf(
            app.db,
            due.map((m) => m.id),
          );
          for (const member of due) {
            if (sweeper.isStopped()) break;
            result[await send(member, nearby, wants.get(member.id) ?? [])] += 1;
          }
          if (due.length < BATCH) break;
          due = await dueMembers(app.db, new Date(now).toISOString(), BATCH);
        }
        return result;
      },
    });
    byServer.set(app.server, { sweep: sweeper.sweep });
  },
  { name: 'digest-sweep' },
);
