import { IN_SEASON_DAYS, type InSeason, produceNamed } from '@gardenswap/shared';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { LRUCache } from 'lru-cache';
import { type Coordinates, haversineMiles } from '../../lib/geo.js';
import { type PeriodicSweep, periodicSweep } from '../../lib/periodic-sweep.js';
import { type Circle, circleAround, coordinatesOf } from '../listings/index.js';
import { blockedEitherWayIds } from '../relations/index.js';
import {
  countAllOpen,
  countOpenAt,
  type PointCounts,
  keptWithin,
  pointOf,
  replaceAll,
  replaceAt,
  viewerDifference,
} from './in-season.queries.js';

/** How often every centre's counts are rebuilt: the two weeks slide, and a member who moved leaves their old centre. */
export const IN_SEASON_REBUILD_MS = 10 * 60_000;
const DAY_MS = 24 * 60 * 60_000;
/**
 * How long, and for how many places and distances, the summed counts of the centres around one are
 * remembered: every member at one postcode shares them, and a dense town has thousands of centres
 * within 50 miles. A change on this instance drops the sums it touches at once; one on another, in time.
 */
const KEPT_SUMS = { ttl: 60_000, max: 5_000 };

export interface InSeasonCounts {
  /** The produce listed within `miles` of the viewer lately that the viewer may see, commonest first. */
  near(viewerId: number, miles: number): Promise<InSeason>;
  /** Rebuilds every centre's counts now (tests, and after a change nothing else tells apart). */
  rebuild: PeriodicSweep<void>['sweep'];
}

declare module 'fastify' {
  interface FastifyInstance {
    inSeason: InSeasonCounts;
  }
}

/**
 * "In season near you": the table keeps, per postcode centre, how many open listings name each kind
 * of produce (migration 028). Every instance rebuilds it every IN_SEASON_REBUILD_MS and keeps the
 * centre of an owner whose listings change in step as they do, so a member's counts read the
 * centres within their distance, never the listings; only their own, their friends' and the
 * members they blocked (or who blocked them) are read apart, to count exactly what they may see.
 */
export const inSeasonPlugin = fp(
  async (app: FastifyInstance) => {
    const { clock } = app.config;
    const since = () => new Date(clock() - IN_SEASON_DAYS * DAY_MS).toISOString();

    const sums = new LRUCache<string, PointCounts, { circle: Circle; miles: number }>({
      ...KEPT_SUMS,
      fetchMethod: (_key, _stale, { context }) => keptWithin(app.db, context.circle),
    });
    /** Forgets the sums whose circle holds the centre (every one, without a centre). */
    function forgetAround(point?: Coordinates) {
      for (const key of [...sums.keys()]) {
        const [latitude, longitude, miles] = key.split(',').map(Number) as [number, number, number];
        if (!point || haversineMiles({ latitude, longitude }, point) <= miles + 1) sums.delete(key);
      }
    }

    const sweep = periodicSweep(app, {
      what: 'in-season counts',
      everyMs: IN_SEASON_REBUILD_MS,
      atStart: true,
      run: async () => {
        await replaceAll(app.db, await countAllOpen(app.db, since()));
        forgetAround();
      },
      more: () => false,
    });

    /** Counts the centre where a member lives again, as their listings or their postcode changed. */
    async function recountAt(memberId: number) {
      const point = await pointOf(app.db, memberId);
      if (!point) return;
      await replaceAt(app.db, point, await countOpenAt(app.db, point, since()));
      forgetAround(point);
    }
    /** A change no one centre holds (a member gone with their listings): the next rebuild, started now. */
    const rebuildSoon = () => {
      sweep.sweep().catch((error: unknown) => app.log.warn({ err: error }, 'in-season counts not rebuilt'));
    };

    app.events.on('listing.created', ({ ownerId }) => recountAt(ownerId));
    app.events.on('listing.changed', ({ ownerId, photosOnly }) => (photosOnly ? undefined : recountAt(ownerId)));
    app.events.on('listing.removed', ({ ownerId }) => recountAt(ownerId));
    app.events.on('listings.changed', ({ ownerId }) => (ownerId === undefined ? rebuildSoon() : recountAt(ownerId)));
    // A member who moved is counted at their new centre at once, and leaves the old one at the next rebuild.
    app.events.on('member.changed', ({ memberId }) => recountAt(memberId));
    app.events.on('member.removed', rebuildSoon);

    async function near(viewerId: number, miles: number): Promise<InSeason> {
      const point = await coordinatesOf(app.db, viewerId);
      if (!point) return { within_miles: miles, located: false, crops: [] };
      const circle = circleAround(point, miles);
      const blocked = await blockedEitherWayIds(app.db, viewerId);
      const key = `${point.latitude},${point.longitude},${miles}`;
      const [kept, difference] = await Promise.all([
        sums.fetch(key, { context: { circle, miles } }),
        viewerDifference(app.db, viewerId, blocked, circle, since()),
      ]);
      const counts = new Map(kept);
      for (const [crop, by] of difference) counts.set(crop, (counts.get(crop) ?? 0) + by);
      const crops = [...counts]
        .filter(([, listings]) => listings > 0)
        .sort(([a, m], [b, n]) => n - m || a.localeCompare(b))
        .flatMap(([crop, listings]) => {
          const produce = produceNamed(crop);
          return produce ? [{ crop, search: produce.search, listings }] : [];
        });
      return { within_miles: miles, located: true, crops };
    }

    app.decorate('inSeason', { near, rebuild: sweep.sweep } satisfies InSeasonCounts);
  },
  { name: 'in-season', dependencies: ['events'] },
);
