import { EVENT_TEXTS, type Event, type EventsMap, type EventsPage } from '@gardenswap/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestContext } from '../../../test/app.js';
import { createEvent, createUser, goTo, memberAtZip, type TestUser } from '../../../test/factories.js';
import { liftSuspension, suspendMember } from '../auth/suspensions.queries.js';

const HOUR = 60 * 60_000;
const DAY = 24 * HOUR;

// Portland downtown hosts; a member a mile away, one in Salem (about 45 miles), one in New York.
const HOST_ZIP = '97201';
const NEAR_ZIP = '97205';
const SALEM_ZIP = '97301';
const FAR_ZIP = '10001';

describe('which events a member sees', () => {
  let ctx: TestContext;
  let now = Date.now();
  const clock = () => now;

  beforeAll(async () => {
    ctx = await buildTestApp({ clock });
  });
  afterAll(() => ctx?.close());

  const get = (as: TestUser, url: string) => ctx.inject({ method: 'GET', url, as });
  const near = async (as: TestUser, query = '') => {
    const res = await get(as, `/api/events${query}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json<EventsPage>();
  };
  const titles = async (as: TestUser, query = '') => (await near(as, query)).events.map((e) => e.title);
  /** A fresh neighbourhood: a host with one upcoming event, and members around it. */
  async function neighbourhood(title: string) {
    const host = await memberAtZip(ctx, HOST_ZIP);
    const event = await createEvent(ctx, host, { title, now });
    return { host, event, neighbour: await memberAtZip(ctx, NEAR_ZIP) };
  }

  it('lists upcoming events near me, soonest first, and none far away; my own distance decides', async () => {
    const host = await memberAtZip(ctx, HOST_ZIP);
    const later = await createEvent(ctx, host, { title: 'Near later', startsInMs: 5 * DAY, now });
    const sooner = await createEvent(ctx, host, { title: 'Near sooner', startsInMs: 2 * DAY, now });
    await createEvent(ctx, host, { title: 'In New York', zip_code: FAR_ZIP, now });
    const neighbour = await memberAtZip(ctx, NEAR_ZIP);

    const page = await near(neighbour);
    expect(page.located).toBe(true);
    const mine = page.events.filter((e) => e.owner.id === host.id);
    expect(mine.map((e) => e.id)).toEqual([sooner.id, later.id]);
    expect(mine[0]).toMatchObject({ spot: expect.any(Object), distance_miles: expect.any(Number) });
    expect(mine[0]!.distance_miles!).toBeLessThan(3);

    const salem = await memberAtZip(ctx, SALEM_ZIP);
    expect(await titles(salem)).not.toContain('Near sooner');
    expect(await titles(salem, '?within_miles=60')).toContain('Near sooner');
    const newYorker = await memberAtZip(ctx, FAR_ZIP);
    expect(await titles(newYorker)).toContain('In New York');
    expect(await titles(newYorker)).not.toContain('Near sooner');
  });

  it('answers an empty page, not located, to a member without a ZIP code', async () => {
    await neighbourhood('Somewhere');
    const nowhere = await createUser(ctx);
    expect(await near(nowhere)).toEqual({ events: [], next_cursor: null, located: false });
  });

  it('pages through the events near me without repeating or skipping one', async () => {
    const host = await memberAtZip(ctx, '97702'); // Bend, away from the other tests' events
    const ids: number[] = [];
    const at = (startsInMs: number) => createEvent(ctx, host, { zip_code: '97702', startsInMs, now });
    for (let i = 0; i < 5; i += 1) ids.push((await at(DAY + i * HOUR)).id);
    // Two at the same moment: the id breaks the tie.
    ids.push((await at(DAY + 4 * HOUR)).id);
    const neighbour = await memberAtZip(ctx, '97702');
    const seen: number[] = [];
    let cursor: string | null = null;
    do {
      const page: EventsPage = await near(neighbour, `?limit=2${cursor ? `&cursor=${cursor}` : ''}`);
      seen.push(...page.events.map((e) => e.id));
      cursor = page.next_cursor;
    } while (cursor);
    expect(seen).toEqual(ids);
    expect((await get(neighbour, '/api/events?cursor=bm9wZQ')).statusCode).toBe(422);
  });

  it('leaves out cancelled and ended events from the lists, but keeps their pages', async () => {
    const { host, event, neighbour } = await neighbourhood('Called off');
    const ended = await createEvent(ctx, host, { title: 'Over', startsInMs: -3 * HOUR, lastsMs: 2 * HOUR, now });
    const underway = await createEvent(ctx, host, { title: 'Under way', startsInMs: -HOUR, lastsMs: 2 * HOUR, now });
    await ctx.inject({ method: 'DELETE', url: `/api/events/${event.id}`, as: host });

    const listed = await titles(neighbour);
    expect(listed).toContain('Under way');
    expect(listed).not.toContain('Called off');
    expect(listed).not.toContain('Over');
    expect((await get(neighbour, `/api/events/${event.id}`)).json<Event>().cancelled_at).not.toBeNull();
    expect((await get(neighbour, `/api/events/${ended.id}`)).statusCode).toBe(200);

    now += 2 * HOUR;
    try {
      expect(await titles(neighbour)).not.toContain('Under way');
      expect((await get(neighbour, `/api/events/${underway.id}`)).statusCode).toBe(200);
    } finally {
      now = Date.now();
    }
  });

  it('hides an event a moderator hid from everyone but its host, who sees why', async () => {
    const { host, event, neighbour } = await neighbourhood('Hidden swap');
    await goTo(ctx, neighbour, event);
    await ctx.db.updateTable('events').set({ hidden_reason: 'Sells seeds' }).where('id', '=', event.id).execute();

    expect(await titles(neighbour)).not.toContain('Hidden swap');
    expect(await titles(neighbour, '?going=true')).not.toContain('Hidden swap');
    const page = await get(neighbour, `/api/events/${event.id}`);
    expect(page.statusCode).toBe(404);
    expect(page.json()).toMatchObject({ detail: EVENT_TEXTS.notFound });
    expect((await get(neighbour, `/api/events/${event.id}/calendar.ics`)).statusCode).toBe(404);
    expect((await ctx.inject({ method: 'PUT', url: `/api/events/${event.id}/going`, as: neighbour })).statusCode).toBe(
      404,
    );

    expect(await titles(host)).not.toContain('Hidden swap');
    expect((await get(host, `/api/events/${event.id}`)).json<Event>().hidden_reason).toBe('Sells seeds');
    expect((await near(host, '?mine=true')).events.map((e) => e.hidden_reason)).toEqual(['Sells seeds']);
  });

  it('hides the events of a suspended host, and shows them again once the suspension is lifted', async () => {
    const { host, event, neighbour } = await neighbourhood('Suspended host swap');
    await ctx.db.transaction().execute((trx) => suspendMember(trx, host.id, null));
    expect(await titles(neighbour)).not.toContain('Suspended host swap');
    expect((await get(neighbour, `/api/events/${event.id}`)).statusCode).toBe(404);

    await ctx.db.transaction().execute((trx) => liftSuspension(trx, host.id));
    expect(await titles(neighbour)).toContain('Suspended host swap');
  });

  it('keeps blocks both ways: neither member sees the other’s events, nor the other among those going', async () => {
    const { host, event, neighbour } = await neighbourhood('Blocked swap');
    const other = await memberAtZip(ctx, NEAR_ZIP);
    await ctx.inject({ method: 'POST', url: '/api/blocks', as: neighbour, payload: { user_id: host.id } });
    expect(await titles(neighbour)).not.toContain('Blocked swap');
    expect((await get(neighbour, `/api/events/${event.id}`)).statusCode).toBe(404);

    // The other way round: the host blocked the member.
    await ctx.inject({ method: 'POST', url: '/api/blocks', as: host, payload: { user_id: other.id } });
    expect(await titles(other)).not.toContain('Blocked swap');
    expect((await get(other, `/api/events/${event.id}`)).statusCode).toBe(404);
    expect((await ctx.inject({ method: 'PUT', url: `/api/events/${event.id}/going`, as: other })).statusCode).toBe(404);
    const report = await ctx.inject({
      method: 'POST',
      url: '/api/reports',
      as: other,
      payload: { target_type: 'event', target_id: event.id, reason: 'Hidden from me' },
    });
    expect(report.statusCode).toBe(404);
  });

  it('lists the upcoming events I am going to, anywhere, and every event I host, latest first', async () => {
    const host = await memberAtZip(ctx, FAR_ZIP);
    const member = await memberAtZip(ctx, HOST_ZIP);
    const soon = await createEvent(ctx, host, { title: 'Going soon', zip_code: FAR_ZIP, startsInMs: DAY, now });
    const later = await createEvent(ctx, host, { title: 'Going later', zip_code: FAR_ZIP, startsInMs: 9 * DAY, now });
    const past = await createEvent(ctx, host, { title: 'Went', startsInMs: -9 * DAY, now });
    for (const event of [later, soon, past]) await goTo(ctx, member, event);

    expect(await titles(member, '?going=true')).toEqual(['Going soon', 'Going later']);
    expect(await titles(host, '?mine=true')).toEqual(['Going later', 'Going soon', 'Went']);
    expect((await near(member, '?going=true')).events.every((e) => e.going_by_me)).toBe(true);
  });

  it('shows the upcoming events within a map’s area, at their ZIP code’s centre', async () => {
    const { event } = await neighbourhood('On the map');
    const viewer = await createUser(ctx);
    const res = await get(viewer, '/api/events/map?box=-122.8,45.4,-122.5,45.6');
    expect(res.statusCode).toBe(200);
    const map = res.json<EventsMap>();
    const shown = map.events.find((e) => e.id === event.id);
    expect(shown?.spot).toEqual({ latitude: expect.closeTo(45.5, 0), longitude: expect.closeTo(-122.7, 0) });
    expect(map.more).toBe(false);
    const elsewhere = (await get(viewer, '/api/events/map?box=-74.1,40.6,-73.8,40.9')).json<EventsMap>();
    expect(elsewhere.events.map((e) => e.id)).not.toContain(event.id);
    expect((await get(viewer, '/api/events/map?box=1,2,3')).statusCode).toBe(422);
  });
});
