import {
  EVENT_TEXTS,
  type Event,
  type EventsPage,
  type HiddenEvent,
  MODERATION_TEXTS,
  type ModerationLogEntry,
  type Notification,
  type ReportGroup,
} from '@gardenswap/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestContext } from '../../../test/app.js';
import { createEvent, createUser, memberAtZip, type TestUser } from '../../../test/factories.js';
import { photoUpload } from '../../../test/lived-in-member.js';
import { multipartBody } from '../../../test/multipart.js';
import { mailerOf } from '../mail/mailer.js';
import { setModerator } from '../moderation/moderation.queries.js';

describe('reporting and moderating events', () => {
  let ctx: TestContext;

  beforeAll(async () => {
    ctx = await buildTestApp();
  });
  afterAll(() => ctx?.close());

  const call = (as: TestUser, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
    ctx.inject({ method, url, as, ...(payload ? { payload } : {}) });
  const report = (as: TestUser, id: number, reason = 'Selling seeds, not swapping') =>
    call(as, 'POST', '/api/reports', { target_type: 'event', target_id: id, reason });
  const act = (as: TestUser, payload: object) => call(as, 'POST', '/api/moderation/actions', payload);
  const noticesOf = async (as: TestUser) => (await call(as, 'GET', '/api/notifications')).json<Notification[]>();
  async function createModerator() {
    const moderator = await createUser(ctx);
    await setModerator(ctx.db, moderator.email, true);
    return moderator;
  }
  async function mailsTo(email: string) {
    await mailerOf(ctx.app.server)!.idle();
    return ctx.db.selectFrom('outbox').selectAll().where('to_address', '=', email).orderBy('id').execute();
  }
  /** A host with an event that has a photo, and a member near it. */
  async function hosted(title: string) {
    const host = await memberAtZip(ctx, '97201');
    const event = await createEvent(ctx, host, { title });
    const res = await ctx.inject({
      method: 'PUT',
      url: `/api/events/${event.id}/photo`,
      as: host,
      ...multipartBody({}, { field: 'image', filename: 'p.jpg', contentType: 'image/jpeg', data: await photoUpload() }),
    });
    expect(res.statusCode).toBe(200);
    return { host, event: res.json<Event>(), neighbour: await memberAtZip(ctx, '97205') };
  }

  it('takes a report of an event a member can see into the queue, the event in context with its host', async () => {
    const { host, event, neighbour } = await hosted('Reported swap');
    const moderator = await createModerator();
    const res = await report(neighbour, event.id);
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ target_type: 'event', target_id: event.id });
    // Reporting it again while open stores nothing more.
    expect((await report(neighbour, event.id)).json().id).toBe(res.json().id);

    const groups = (await call(moderator, 'GET', '/api/moderation/reports')).json<ReportGroup[]>();
    const group = groups.find((g) => g.target_type === 'event' && g.target_id === event.id);
    expect(group?.reports).toHaveLength(1);
    expect(group?.target).toMatchObject({
      type: 'event',
      event: { id: event.id, title: 'Reported swap', place_name: 'Elm Street community garden', hidden_reason: null },
      member: { id: host.id, username: host.username },
    });
    expect((await report(neighbour, 999_999)).statusCode).toBe(404);
  });

  it('hides a reported event: gone from every list, its page and photo 404 for others, its host told why', async () => {
    const { host, event, neighbour } = await hosted('Swap to hide');
    const moderator = await createModerator();
    await report(neighbour, event.id);
    const hidden = await act(moderator, {
      action: 'hide_event',
      target_type: 'event',
      target_id: event.id,
      note: 'Sells seeds for money',
    });
    expect(hidden.statusCode).toBe(201);
    expect(hidden.json<ModerationLogEntry>()).toMatchObject({
      action: 'hide_event',
      target_label: 'the event “Swap to hide”',
      member: { id: host.id },
      reports_resolved: 1,
    });

    const listed = (await call(neighbour, 'GET', '/api/events')).json<EventsPage>().events.map((e) => e.id);
    expect(listed).not.toContain(event.id);
    expect((await call(neighbour, 'GET', `/api/events/${event.id}`)).statusCode).toBe(404);
    expect((await ctx.inject({ method: 'GET', url: `/api/${event.photo}`, as: neighbour })).statusCode).toBe(404);

    const own = (await call(host, 'GET', `/api/events/${event.id}`)).json<Event>();
    expect(own.hidden_reason).toBe('Sells seeds for money');
    expect(own.photo).toContain('sig=');
    expect((await ctx.inject({ method: 'GET', url: `/api/${own.photo}` })).statusCode).toBe(200);
    expect((await noticesOf(host)).find((n) => n.type === 'event_hidden')).toMatchObject({
      event: { id: event.id, title: 'Swap to hide' },
      note: 'Sells seeds for money',
    });
    expect((await mailsTo(host.email)).map((m) => m.subject)).toEqual(['A moderator hid your event']);
    expect((await noticesOf(neighbour)).find((n) => n.type === 'report_outcome')?.note).toContain('hid the event');

    const list = (await call(moderator, 'GET', '/api/moderation/hidden-events')).json<HiddenEvent[]>();
    expect(list.find((h) => h.event.id === event.id)).toMatchObject({
      event: { hidden_reason: 'Sells seeds for money' },
      member: { id: host.id },
    });
  });

  it('shows a hidden event again when a moderator unhides it, and tells its host', async () => {
    const { host, event, neighbour } = await hosted('Swap to unhide');
    const moderator = await createModerator();
    await report(neighbour, event.id);
    await act(moderator, { action: 'hide_event', target_type: 'event', target_id: event.id, note: 'Looks off' });

    const unhide = (as: TestUser) =>
      call(as, 'POST', `/api/moderation/hidden-events/${event.id}/unhide`, { note: 'Checked again: fine' });
    expect((await unhide(neighbour)).statusCode).toBe(403);
    const res = await unhide(moderator);
    expect(res.statusCode).toBe(201);
    expect(res.json<ModerationLogEntry>()).toMatchObject({ action: 'unhide_event', note: 'Checked again: fine' });
    expect((await call(neighbour, 'GET', `/api/events/${event.id}`)).json<Event>().hidden_reason).toBeNull();
    expect((await ctx.inject({ method: 'GET', url: `/api/${event.photo}`, as: neighbour })).statusCode).toBe(200);
    expect((await noticesOf(host)).map((n) => n.type)).toContain('event_unhidden');
    expect((await mailsTo(host.email)).map((m) => m.subject)).toContain('Your event is visible again');

    const again = await unhide(moderator);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ detail: MODERATION_TEXTS.eventNotHidden });
    const missing = await call(moderator, 'POST', '/api/moderation/hidden-events/999999/unhide', { note: 'Fine' });
    expect(missing.json()).toMatchObject({ detail: EVENT_TEXTS.notFound });
  });

  it('hides only an event with hide_event, and only a listing with hide_listing', async () => {
    const { event, neighbour } = await hosted('Mismatched action');
    const moderator = await createModerator();
    await report(neighbour, event.id);
    const wrong = await act(moderator, {
      action: 'hide_listing',
      target_type: 'event',
      target_id: event.id,
      note: 'x x x',
    });
    expect(wrong.statusCode).toBe(422);
    const user = await act(moderator, {
      action: 'hide_event',
      target_type: 'user',
      target_id: neighbour.id,
      note: 'x x x',
    });
    expect(user.json()).toMatchObject({ errors: [{ field: 'action', message: MODERATION_TEXTS.onlyEvents }] });
  });

  it('warns or suspends the host of a reported event; a suspension hides their events', async () => {
    const { host, event, neighbour } = await hosted('Host to suspend');
    const moderator = await createModerator();
    await report(neighbour, event.id);
    const res = await act(moderator, {
      action: 'suspend',
      target_type: 'event',
      target_id: event.id,
      note: 'Repeated scams',
      days: 7,
    });
    expect(res.statusCode).toBe(201);
    expect(res.json<ModerationLogEntry>().member?.id).toBe(host.id);
    expect((await call(neighbour, 'GET', `/api/events/${event.id}`)).statusCode).toBe(404);
  });
});
