import {
  EVENT_CAPACITY_MAX,
  EVENT_DESCRIPTION_MAX,
  EVENT_PLACE_MAX,
  EVENT_TEXTS,
  EVENT_TITLE_MAX,
  type Event,
} from '@gardenswap/shared';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildTestApp, type TestContext } from '../../../test/app.js';
import { befriend, createEvent, createUser, goTo, memberAtZip, type TestUser } from '../../../test/factories.js';
import { photoUpload } from '../../../test/lived-in-member.js';
import { multipartBody } from '../../../test/multipart.js';
import { coordinatesOfZip } from '../../lib/geo.js';

const HOUR = 60 * 60_000;
const DAY = 24 * HOUR;

describe('seed swap events', () => {
  let ctx: TestContext;
  // The clock the app goes by: tests move it past an event's end instead of waiting.
  let now = Date.now();
  const clock = () => now;

  beforeAll(async () => {
    ctx = await buildTestApp({ clock });
  });
  beforeEach(() => {
    now = Date.now();
  });
  afterAll(() => ctx?.close());

  const call = (as: TestUser, method: 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH', url: string, payload?: object) =>
    ctx.inject({ method, url, as, ...(payload ? { payload } : {}) });
  const at = (ms: number) => new Date(now + ms).toISOString();
  const input = (overrides: object = {}) => ({
    title: 'Spring seed swap',
    description: 'Bring seeds in labelled envelopes',
    starts_at: at(3 * DAY),
    ends_at: at(3 * DAY + 3 * HOUR),
    place_name: 'Elm Street community garden',
    address: '12 Elm St',
    zip_code: '97201',
    ...overrides,
  });
  const read = async (as: TestUser, id: number) => (await call(as, 'GET', `/api/events/${id}`)).json<Event>();
  const errorsOf = (res: { json(): unknown }) =>
    (res.json() as { errors?: { field: string; message: string }[] }).errors;

  it('lets a member host an event, placed at its ZIP code’s centre, its address shown to everyone', async () => {
    const host = await memberAtZip(ctx, '97205');
    const res = await call(
      host,
      'POST',
      '/api/events',
      input({ capacity: 40, starts_at: at(3 * DAY).replace('Z', '+00:00') }),
    );
    expect(res.statusCode).toBe(201);
    const event = res.json<Event>();
    const centre = coordinatesOfZip('97201')!;
    expect(event).toMatchObject({
      title: 'Spring seed swap',
      place_name: 'Elm Street community garden',
      address: '12 Elm St',
      zip_code: '97201',
      spot: centre,
      capacity: 40,
      going_count: 0,
      going_by_me: false,
      friends_going: [],
      owner: { id: host.id, username: host.username },
      is_owner: true,
      cancelled_at: null,
      hidden_reason: null,
      photo: null,
    });
    expect(event.starts_at).toBe(new Date(now + 3 * DAY).toISOString());
    expect(event.distance_miles).toBeGreaterThan(0);

    const stranger = await createUser(ctx);
    expect(await read(stranger, event.id)).toMatchObject({
      address: '12 Elm St',
      is_owner: false,
      distance_miles: null,
    });
  });

  it('refuses what the contract refuses, on the field and with its text', async () => {
    const host = await createUser(ctx);
    const cases: [object, string, string][] = [
      [{ title: '  ' }, 'title', EVENT_TEXTS.titleRequired],
      [{ title: 'x'.repeat(EVENT_TITLE_MAX + 1) }, 'title', EVENT_TEXTS.titleTooLong],
      [{ description: 'x'.repeat(EVENT_DESCRIPTION_MAX + 1) }, 'description', EVENT_TEXTS.descriptionTooLong],
      [{ ends_at: at(2 * DAY) }, 'ends_at', EVENT_TEXTS.endBeforeStart],
      [{ starts_at: at(-HOUR), ends_at: at(HOUR) }, 'starts_at', EVENT_TEXTS.startInPast],
      [{ starts_at: at(366 * DAY), ends_at: at(366 * DAY + HOUR) }, 'starts_at', EVENT_TEXTS.startTooFar],
      [{ ends_at: at(11 * DAY) }, 'ends_at', EVENT_TEXTS.tooLong],
      [{ starts_at: 'next saturday' }, 'starts_at', EVENT_TEXTS.timeInvalid],
      [{ place_name: '' }, 'place_name', EVENT_TEXTS.placeRequired],
      [{ place_name: 'x'.repeat(EVENT_PLACE_MAX + 1) }, 'place_name', EVENT_TEXTS.placeTooLong],
      [{ zip_code: '972' }, 'zip_code', EVENT_TEXTS.zipInvalid],
      [{ zip_code: '00000' }, 'zip_code', EVENT_TEXTS.zipUnknown],
      [{ capacity: 0 }, 'capacity', EVENT_TEXTS.capacityInvalid],
      [{ capacity: EVENT_CAPACITY_MAX + 1 }, 'capacity', EVENT_TEXTS.capacityInvalid],
      [{ capacity: 2.5 }, 'capacity', EVENT_TEXTS.capacityInvalid],
    ];
    for (const [overrides, field, message] of cases) {
      const res = await call(host, 'POST', '/api/events', input(overrides));
      expect(res.statusCode, message).toBe(422);
      expect(errorsOf(res), message).toContainEqual({ field, message });
    }
    const { title: _title, zip_code: _zip, ...missing } = input();
    const res = await call(host, 'POST', '/api/events', missing);
    expect(errorsOf(res)).toEqual(
      expect.arrayContaining([
        { field: 'title', message: EVENT_TEXTS.titleRequired },
        { field: 'zip_code', message: EVENT_TEXTS.zipRequired },
      ]),
    );
    expect((await call(host, 'GET', '/api/events?mine=true')).json()).toMatchObject({ events: [] });
  });

  it('lets only its host edit or cancel it: 403 for another member, 404 for one it is hidden from', async () => {
    const host = await createUser(ctx);
    const other = await createUser(ctx);
    const event = await createEvent(ctx, host);
    expect((await call(other, 'PATCH', `/api/events/${event.id}`, { title: 'Mine now' })).statusCode).toBe(403);
    expect((await call(other, 'DELETE', `/api/events/${event.id}`)).statusCode).toBe(403);
    expect((await call(other, 'PUT', `/api/events/${event.id}/photo`)).statusCode).toBe(403);
    await call(host, 'POST', '/api/blocks', { user_id: other.id });
    expect((await call(other, 'PATCH', `/api/events/${event.id}`, { title: 'Mine now' })).statusCode).toBe(404);
    expect((await read(host, event.id)).title).toBe('Spring seed swap');

    const edited = await call(host, 'PATCH', `/api/events/${event.id}`, {
      title: 'Autumn seed swap',
      capacity: 12,
      address: '',
      ends_at: at(3 * DAY + 5 * HOUR),
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.json<Event>()).toMatchObject({ title: 'Autumn seed swap', capacity: 12, address: null });
    expect(edited.json<Event>().ends_at).toBe(at(3 * DAY + 5 * HOUR));
    const bad = await call(host, 'PATCH', `/api/events/${event.id}`, { starts_at: at(3 * DAY + 6 * HOUR) });
    expect(errorsOf(bad)).toEqual([{ field: 'ends_at', message: EVENT_TEXTS.endBeforeStart }]);
    expect(errorsOf(await call(host, 'PATCH', `/api/events/${event.id}`, { zip_code: '00000' }))).toEqual([
      { field: 'zip_code', message: EVENT_TEXTS.zipUnknown },
    ]);

    expect((await call(host, 'DELETE', `/api/events/${event.id}`)).statusCode).toBe(204);
    expect((await read(host, event.id)).cancelled_at).toBe(new Date(now).toISOString());
    expect((await call(host, 'DELETE', `/api/events/${event.id}`)).statusCode).toBe(409);
    const late = await call(host, 'PATCH', `/api/events/${event.id}`, { title: 'Back on' });
    expect(late.statusCode).toBe(409);
    expect(late.json()).toMatchObject({ detail: EVENT_TEXTS.cancelled });
  });

  it('lets an event under way move its end, but nothing once it is over', async () => {
    const host = await createUser(ctx);
    const event = await createEvent(ctx, host, { startsInMs: -HOUR, now });
    expect((await call(host, 'PATCH', `/api/events/${event.id}`, { ends_at: at(4 * HOUR) })).statusCode).toBe(200);
    now += 5 * HOUR;
    const over = await call(host, 'PATCH', `/api/events/${event.id}`, { description: 'Thanks for coming' });
    expect(over.statusCode).toBe(409);
    expect(over.json()).toMatchObject({ detail: EVENT_TEXTS.ended });
  });

  it('counts who is going, says whether I am, and names up to three of my friends going, the first first', async () => {
    const host = await createUser(ctx);
    const me = await createUser(ctx);
    const event = await createEvent(ctx, host);
    const friends = [await createUser(ctx), await createUser(ctx), await createUser(ctx), await createUser(ctx)];
    for (const friend of friends) {
      await befriend(ctx, me, friend);
      expect((await call(friend, 'PUT', `/api/events/${event.id}/going`)).statusCode).toBe(200);
    }
    await call(await createUser(ctx), 'PUT', `/api/events/${event.id}/going`);

    const going = await call(me, 'PUT', `/api/events/${event.id}/going`);
    expect(going.statusCode).toBe(200);
    expect(going.json<Event>()).toMatchObject({ going_count: 6, going_by_me: true, friends_going_count: 4 });
    expect(going.json<Event>().friends_going.map((f) => f.id)).toEqual(friends.slice(0, 3).map((f) => f.id));
    // Saying it again changes nothing.
    expect((await call(me, 'PUT', `/api/events/${event.id}/going`)).json<Event>().going_count).toBe(6);
    const left = await call(me, 'DELETE', `/api/events/${event.id}/going`);
    expect(left.json<Event>()).toMatchObject({ going_count: 5, going_by_me: false });
    expect((await read(host, event.id)).friends_going).toEqual([]);
  });

  it('refuses going once the event is full, with its own code and a clear text', async () => {
    const host = await createUser(ctx);
    const event = await createEvent(ctx, host, { capacity: 2 });
    const [a, b, c] = [await createUser(ctx), await createUser(ctx), await createUser(ctx)];
    expect((await call(a, 'PUT', `/api/events/${event.id}/going`)).statusCode).toBe(200);
    expect((await call(b, 'PUT', `/api/events/${event.id}/going`)).statusCode).toBe(200);
    const full = await call(c, 'PUT', `/api/events/${event.id}/going`);
    expect(full.statusCode).toBe(409);
    expect(full.json()).toEqual({ detail: EVENT_TEXTS.full, code: 'EVENT_FULL' });
    // Already going is not refused, and a place freed is taken.
    expect((await call(a, 'PUT', `/api/events/${event.id}/going`)).statusCode).toBe(200);
    await call(b, 'DELETE', `/api/events/${event.id}/going`);
    expect((await call(c, 'PUT', `/api/events/${event.id}/going`)).statusCode).toBe(200);
    const lower = await call(host, 'PATCH', `/api/events/${event.id}`, { capacity: 1 });
    expect(errorsOf(lower)).toEqual([{ field: 'capacity', message: EVENT_TEXTS.capacityBelowGoing }]);
    expect(
      (await call(host, 'PATCH', `/api/events/${event.id}`, { capacity: null })).json<Event>().capacity,
    ).toBeNull();
  });

  it('lets no more members go than it holds when they say so at the same moment', async () => {
    const host = await createUser(ctx);
    const event = await createEvent(ctx, host, { capacity: 3 });
    const members = await Promise.all(Array.from({ length: 8 }, () => createUser(ctx)));
    const answers = await Promise.all(members.map((m) => call(m, 'PUT', `/api/events/${event.id}/going`)));
    expect(answers.filter((r) => r.statusCode === 200)).toHaveLength(3);
    expect(answers.filter((r) => r.statusCode === 409)).toHaveLength(5);
    expect((await read(host, event.id)).going_count).toBe(3);
  });

  it('refuses going to my own event, to a cancelled one and to one that has ended', async () => {
    const host = await createUser(ctx);
    const member = await createUser(ctx);
    const own = await createEvent(ctx, host);
    expect(await call(host, 'PUT', `/api/events/${own.id}/going`)).toMatchObject({ statusCode: 403 });

    const cancelled = await createEvent(ctx, host);
    await goTo(ctx, member, cancelled);
    await call(host, 'DELETE', `/api/events/${cancelled.id}`);
    for (const method of ['PUT', 'DELETE'] as const) {
      const res = await call(member, method, `/api/events/${cancelled.id}/going`);
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({ detail: EVENT_TEXTS.cancelled });
    }

    const past = await createEvent(ctx, host, { startsInMs: -3 * HOUR, lastsMs: 2 * HOUR, now });
    const res = await call(member, 'PUT', `/api/events/${past.id}/going`);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ detail: EVENT_TEXTS.ended });
  });

  it("sets and removes an event's photo through the images pipeline, served to every member", async () => {
    const host = await createUser(ctx);
    const event = await createEvent(ctx, host);
    const photo = await photoUpload();
    const upload = () =>
      ctx.inject({
        method: 'PUT',
        url: `/api/events/${event.id}/photo`,
        as: host,
        ...multipartBody({}, { field: 'image', filename: 'swap.jpg', contentType: 'image/jpeg', data: photo }),
      });
    expect((await call(host, 'PUT', `/api/events/${event.id}/photo`, { image: 'x' })).statusCode).toBe(415);
    const first = (await upload()).json<Event>();
    expect(first.photo).toMatch(/^uploads\/[^?]+$/);
    expect(first.thumbnail).toMatch(/^uploads\/[^?]+$/);
    const stranger = await createUser(ctx);
    const served = await ctx.inject({ method: 'GET', url: `/api/${first.photo}`, as: stranger });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');

    const second = (await upload()).json<Event>();
    expect(second.photo).not.toBe(first.photo);
    expect((await ctx.inject({ method: 'GET', url: `/api/${first.photo}` })).statusCode).toBe(404);

    const removed = await call(host, 'DELETE', `/api/events/${event.id}/photo`);
    expect(removed.json<Event>()).toMatchObject({ photo: null, thumbnail: null });
    expect(await ctx.app.images.store.get(second.photo!.slice('uploads/'.length))).toBeUndefined();
  });
});
