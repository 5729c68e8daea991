import { type SqlBool, sql } from 'kysely';
import { type Coordinates, boundingBox, longitudeWeight, squaredRadius } from '../../../lib/geo.js';
import type { MapBox } from '@gardenswap/shared';
import type { Executor } from '../../../db/schema.js';
import type { ListingQuery } from './listing-row.js';
import type { RingStart } from './nearest-rings.js';

export const number = (value: number) => sql<number>`cast(${value} as double precision)`;

/**
 * A circle around a point as the queries bind it: its box (which users_latitude serves), its
 * center, how much a degree of longitude weighs there, and its radius squared, in degrees.
 */
export interface Circle {
  latitude: number;
  longitude: number;
  weight: number;
  minLatitude: number;
  maxLatitude: number;
  minLongitude: number;
  maxLongitude: number;
  radius2: number;
}

export function circleAround(center: Coordinates, miles: number): Circle {
  const box = boundingBox(center, miles);
  return { ...center, ...box, weight: longitudeWeight(center), radius2: squaredRadius(miles) };
}

/**
 * A map's area as the queries bind a circle: its own bounds, centred, with a radius reaching its
 * corners (so the circle leaves out nothing of the box). Within `circle` as well: the circle with
 * its box cut to the area's.
 */
export function boxArea(box: MapBox, circle?: Circle): Circle {
  if (circle) {
    return {
      ...circle,
      minLatitude: Math.max(circle.minLatitude, box.south),
      maxLatitude: Math.min(circle.maxLatitude, box.north),
      minLongitude: Math.max(circle.minLongitude, box.west),
      maxLongitude: Math.min(circle.maxLongitude, box.east),
    };
  }
  const center = { latitude: (box.south + box.north) / 2, longitude: (box.west + box.east) / 2 };
  const weight = longitudeWeight(center);
  const corner2 = ((box.north - box.south) / 2) ** 2 + (weight * ((box.east - box.west) / 2)) ** 2;
  return {
    ...center,
    weight,
    minLatitude: box.south,
    maxLatitude: box.north,
    minLongitude: box.west,
    maxLongitude: box.east,
    // A hair more than the corners' own distance, so rounding never leaves a corner out.
    radius2: corner2 * (1 + 1e-9) + 1e-12,
  };
}

/**
 * Equirectangular squared distance in degrees² between the member `who` names (the owner by
 * default) and the circle's center, plain arithmetic on both databases: it orders by nearness
 * and, compared with the radius squared, filters by it (within a fraction of a percent of the
 * great circle at the distances members trade over).
 */
export function squaredDegrees(c: Circle, who = 'owner') {
  const dLat = sql<number>`(${sql.ref(`${who}.latitude`)} - ${number(c.latitude)})`;
  const dLon = sql<number>`(${number(c.weight)} * (${sql.ref(`${who}.longitude`)} - ${number(c.longitude)}))`;
  return sql<number>`(${dLat} * ${dLat} + ${dLon} * ${dLon})`;
}

/** Whether the member `who` names lives within the circle: the box first, then the circle. */
export function livesWithin(who: string, c: Circle) {
  const [latitude, longitude] = [sql.ref(`${who}.latitude`), sql.ref(`${who}.longitude`)];
  return sql<SqlBool>`${latitude} >= ${c.minLatitude} and ${latitude} <= ${c.maxLatitude}
    and ${longitude} >= ${c.minLongitude} and ${longitude} <= ${c.maxLongitude}
    and ${squaredDegrees(c, who)} <= ${number(c.radius2)}`;
}

/**
 * Whether a read of the owners in this circle's box is planned for its values each time
 * (`PLAN_BOUNDS.samePlanDegrees`).
 */
export const isWide = (c: Circle, samePlanDegrees: number) => c.maxLatitude - c.latitude > samePlanDegrees;

/**
 * Owners within the circle, for a query driven from the owners (users_latitude serves the box).
 * A `wide` box is marked in the SQL, so its statement is told apart from a narrow one's.
 */
export function ownersWithin<Q extends ListingQuery>(q: Q, c: Circle, wide: boolean): Q {
  const within = q.where(livesWithin('owner', c));
  return (wide ? within.modifyEnd(sql`/* a wide box, planned for its values */`) : within) as Q;
}

/**
 * The same circle for a query walking listings in its order: each listing's owner is looked up
 * and checked as the walk reaches it. Written on the joined owner, SQLite would first build a
 * Bloom filter of every owner in the box, however many a dense town holds, because it plans the
 * walk as if it read the whole table; as a per-row subquery the walk stops at the page.
 */
export function listingsWithin<Q extends ListingQuery>(q: Q, c: Circle): Q {
  return q.where((eb) =>
    eb
      .selectFrom('users as circle')
      .select(livesWithin('circle', c).as('inside'))
      .whereRef('circle.id', '=', 'listings.owner_id'),
  ) as Q;
}

/**
 * The listings of the circle's owners from where the ring starts (`RingShape`; its nearness and
 * listing bound as `innerRadius2` and `cursorId`), nearest first, with their nearness.
 */
export function inRing(
  q: ListingQuery,
  circle: Circle,
  { start, wide = false }: RingShape & { wide?: boolean },
  v: { innerRadius2?: number; cursorId?: number },
) {
  q = ownersWithin(q, circle, wide);
  const distance = squaredDegrees(circle);
  const d = start === 'all' ? undefined : number(v.innerRadius2!);
  if (start === 'beyond') q = q.where(sql<SqlBool>`${distance} > ${d}`);
  if (start === 'from') q = q.where(sql<SqlBool>`${distance} >= ${d}`);
  if (start === 'after') {
    // `>=` first, on the owner alone: SQLite then leaves out the owners nearer than the ring
    // before reading their listings (the `or` names the listing, so it is checked on each).
    q = q
      .where(sql<SqlBool>`${distance} >= ${d}`)
      .where(sql<SqlBool>`(${distance} > ${d} or (${distance} = ${d} and ${sql.ref('listings.id')} < ${v.cursorId!}))`);
  }
  return q.orderBy(distance).orderBy('listings.id', 'desc').select(distance.as('nearness')) as unknown as ListingQuery;
}

/**
 * The members living in the ring (from where it starts, as `inRing` reads it), nearest first, and
 * how near: its owners, for a ring read owner by owner.
 */
export function ownersInRing(
  db: Executor,
  circle: Circle,
  { start, wide = false }: RingShape & { wide?: boolean },
  v: { innerRadius2?: number },
) {
  const distance = squaredDegrees(circle);
  let q = db
    .selectFrom('users as owner')
    .select(['owner.id', distance.as('nearness')])
    .where(livesWithin('owner', circle));
  if (start === 'beyond') q = q.where(sql<SqlBool>`${distance} > ${number(v.innerRadius2!)}`);
  if (start === 'from' || start === 'after') q = q.where(sql<SqlBool>`${distance} >= ${number(v.innerRadius2!)}`);
  q = q.orderBy(distance).orderBy('owner.id');
  return wide ? q.modifyEnd(sql`/* a wide box, planned for its values */`) : q;
}

/** Where a ring starts: everywhere, beyond a nearness, from it (a count), or after a listing at it. */
export interface RingShape {
  start: 'all' | 'beyond' | 'from' | 'after';
}

export const ringShape = (start: RingStart | undefined, count = false): RingShape => ({
  start: !start ? 'all' : start.afterId === undefined ? 'beyond' : count ? 'from' : 'after',
});
