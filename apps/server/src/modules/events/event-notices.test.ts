import { EVENT_TEXTS, type Event, type Notification } from '@gardenswap/shared';
import ICAL from 'ical.js';
import { simpleParser } from 'mailparser';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildTestApp, dialect, type TestContext } from '../../../test/app.js';
import { createEvent, createUser, goTo, memberAtZip, type TestUser } from '../../../test/factories.js';
import { type ReceivedMail, startSmtpSink } from '../../../test/smtp-sink.js';
import { mailerOf } from '../mail/mailer.js';
import { eventSweepOf } from './event-sweep.js';

const HOUR = 60 * 60_000;
const DAY = 24 * HOUR;

describe('what members going to an event are told', () => {
  let ctx: TestContext;
  let sink: Awaited<ReturnType<typeof startSmtpSink>>;
  // The clock the app goes by: tests move it to an event's reminder instead of waiting.
  let now = Date.now();
  const clock = () => now;

  // An app of its own for each test: the sweep's counts are of this test's events alone.
  beforeAll(async () => {
    sink = await startSmtpSink();
  });
  beforeEach(async () => {
    // To the minute, as a calendar entry keeps whole seconds.
    now = Math.floor(Date.now() / 60_000) * 60_000;
    ctx = await buildTestApp({ clock, smtpUrl: sink.url });
  });
  afterEach(async () => {
    await ctx?.close();
  });
  afterAll(async () => {
    await sink?.close();
  });

  const call = (as: TestUser, method: 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH', url: string, payload?: object) =>
    ctx.inject({ method, url, as, ...(payload ? { payload } : {}) });
  const notices = async (as: TestUser) => (await call(as, 'GET', '/api/notifications')).json<Notification[]>();
  const ofType = async (as: TestUser, type: Notification['type']) => (await notices(as)).filter((n) => n.type === type);
  const sweep = () => eventSweepOf(ctx.app.server)!.sweep();
  const at = (ms: number) => new Date(now + ms).toISOString();

  /** A host in Salt Lake City with an event in three days, and a member in New York going to it. */
  async function going() {
    const host = await memberAtZip(ctx, '84101');
    const member = await memberAtZip(ctx, '10001');
    const event = await createEvent(ctx, host, { title: 'Spring seed swap', zip_code: '84101', now });
    expect((await call(member, 'PUT', `/api/events/${event.id}/going`)).statusCode).toBe(200);
    return { host, member, event };
  }

  async function mailsTo(user: TestUser, count: number): Promise<ReceivedMail[]> {
    await mailerOf(ctx.app.server)!.idle();
    await expect.poll(() => sink.to(user.email).length, { timeout: 10_000 }).toBe(count);
    return sink.to(user.email);
  }

  /** The calendar entry of an .ics text, parsed as a calendar application would. */
  function calendarEvent(ics: string) {
    const calendar = new ICAL.Component(ICAL.parse(ics));
    for (const zone of calendar.getAllSubcomponents('vtimezone')) ICAL.TimezoneService.register(zone);
    const entry = new ICAL.Event(calendar.getFirstSubcomponent('vevent')!);
    const zone = entry.component.getFirstProperty('dtstart')!.getParameter('tzid');
    return { calendar, entry, zone };
  }

  /** The subject as a mail reader shows it (curly quotes arrive encoded). */
  const subjectOf = async (mail: ReceivedMail) => (await simpleParser(mail.raw)).subject;

  async function calendarAttachment(mail: ReceivedMail) {
    const parsed = await simpleParser(mail.raw);
    const ics = parsed.attachments.find((a) => a.contentType === 'text/calendar');
    expect(ics?.filename).toBe('event.ics');
    return ics!.content.toString('utf8');
  }

  it('serves the calendar entry to its host and the members going, in each reader’s zone, and to no one else', async () => {
    const { host, member, event } = await going();
    const res = await call(member, 'GET', `/api/events/${event.id}/calendar.ics`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/calendar');
    expect(res.headers['content-disposition']).toContain('event.ics');
    const { entry, zone } = calendarEvent(res.body);
    expect(zone).toBe('America/New_York');
    expect(entry.startDate.toJSDate().getTime()).toBe(now + 3 * DAY);
    expect(entry.endDate.toJSDate().getTime()).toBe(now + 3 * DAY + 3 * HOUR);
    expect(entry.summary).toBe('Spring seed swap');
    expect(entry.location).toBe('Elm Street community garden, 12 Elm St, 84101');
    expect(entry.description).toContain(host.username);

    const hosts = calendarEvent((await call(host, 'GET', `/api/events/${event.id}/calendar.ics`)).body);
    expect(hosts.zone).toBe('America/Denver');
    expect(hosts.entry.uid).toBe(entry.uid);
    const stranger = await createUser(ctx);
    const refused = await call(stranger, 'GET', `/api/events/${event.id}/calendar.ics`);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ detail: EVENT_TEXTS.calendarForGoing });
  });

  it('tells the members going when its time or place changes, by notice and e-mail with an entry that replaces theirs', async () => {
    const { host, member, event } = await going();
    const first = calendarEvent((await call(member, 'GET', `/api/events/${event.id}/calendar.ics`)).body);
    const later = at(4 * DAY);
    const res = await call(host, 'PATCH', `/api/events/${event.id}`, {
      starts_at: later,
      ends_at: at(4 * DAY + 2 * HOUR),
      place_name: 'Library meeting room',
    });
    expect(res.statusCode).toBe(200);

    const [told] = await ofType(member, 'event_changed');
    expect(told).toMatchObject({ event: { id: event.id, title: 'Spring seed swap' }, note: later });
    expect(told!.from_user?.id).toBe(host.id);
    const [mail] = await mailsTo(member, 1);
    expect(await subjectOf(mail!)).toMatch(/^“Spring seed swap” changed: /);
    expect(mail!.body).toContain('Library meeting room');
    expect(mail!.headers['list-unsubscribe']).toBeDefined();
    const { calendar, entry, zone } = calendarEvent(await calendarAttachment(mail!));
    expect(calendar.getFirstPropertyValue('method')).toBe('PUBLISH');
    expect(zone).toBe('America/New_York');
    expect(entry.uid).toBe(first.entry.uid);
    expect(entry.sequence).toBeGreaterThan(first.entry.sequence);
    expect(entry.startDate.toJSDate().toISOString()).toBe(later);
    // The host is not told of their own change.
    expect(await ofType(host, 'event_changed')).toEqual([]);
    expect(sink.to(host.email)).toHaveLength(0);
  });

  it('tells no one of an edit that changes neither its name, time nor place', async () => {
    const { host, member, event } = await going();
    await call(host, 'PATCH', `/api/events/${event.id}`, { description: 'Bring envelopes', capacity: 50 });
    await call(host, 'PATCH', `/api/events/${event.id}`, { title: 'Spring seed swap' });
    await mailerOf(ctx.app.server)!.idle();
    expect(await ofType(member, 'event_changed')).toEqual([]);
    expect(sink.to(member.email)).toHaveLength(0);
  });

  it('tells the members going when it is cancelled, with a calendar cancellation, and never reminds them', async () => {
    const { host, member, event } = await going();
    expect((await call(host, 'DELETE', `/api/events/${event.id}`)).statusCode).toBe(204);
    expect(await ofType(member, 'event_cancelled')).toEqual([
      expect.objectContaining({ event: { id: event.id, title: 'Spring seed swap' } }),
    ]);
    const [mail] = await mailsTo(member, 1);
    expect(await subjectOf(mail!)).toBe('“Spring seed swap” was cancelled');
    const { calendar, entry } = calendarEvent(await calendarAttachment(mail!));
    expect(calendar.getFirstPropertyValue('method')).toBe('CANCEL');
    expect(entry.component.getFirstPropertyValue('status')).toBe('CANCELLED');
    const ics = calendarEvent((await call(member, 'GET', `/api/events/${event.id}/calendar.ics`)).body);
    expect(ics.calendar.getFirstPropertyValue('method')).toBe('CANCEL');

    now += 2 * DAY + HOUR;
    expect(await sweep()).toEqual({ reminded: 0 });
  });

  it('tells no member going whom its host blocked, or who blocked its host', async () => {
    const { host, member, event } = await going();
    const other = await memberAtZip(ctx, '84101');
    await goTo(ctx, other, event);
    await call(member, 'POST', '/api/blocks', { user_id: host.id });
    await call(host, 'POST', '/api/blocks', { user_id: other.id });
    await call(host, 'PATCH', `/api/events/${event.id}`, { place_name: 'Library meeting room' });
    await call(host, 'DELETE', `/api/events/${event.id}`);
    await mailerOf(ctx.app.server)!.idle();
    for (const user of [member, other]) {
      expect(await notices(user)).toEqual([]);
      expect(sink.to(user.email)).toHaveLength(0);
    }
  });

  it('reminds the members going and its host the day before, once', async () => {
    const { host, member, event } = await going();
    const startsAt = at(3 * DAY);
    now += 2 * DAY - 60_000;
    expect(await sweep()).toEqual({ reminded: 0 });
    now += 2 * 60_000;
    expect(await sweep()).toEqual({ reminded: 1 });
    expect(await sweep()).toEqual({ reminded: 0 });
    for (const user of [member, host]) {
      const reminders = await ofType(user, 'event_reminder');
      expect(reminders).toHaveLength(1);
      expect(reminders[0]).toMatchObject({ event: { id: event.id }, note: startsAt });
      const mails = await mailsTo(user, 1);
      expect(await subjectOf(mails[0]!)).toMatch(/^Tomorrow: “Spring seed swap” at /);
    }
    expect(sink.to(host.email)[0]!.body).toContain('You host');
  });

  it('moves the reminder with a new start, and reminds again of the new day', async () => {
    const { host, member, event } = await going();
    now += 2 * DAY + HOUR;
    expect(await sweep()).toEqual({ reminded: 1 });
    const moved = at(5 * DAY);
    await call(host, 'PATCH', `/api/events/${event.id}`, { starts_at: moved, ends_at: at(5 * DAY + HOUR) });
    expect(await sweep()).toEqual({ reminded: 0 });
    now = Date.parse(moved) - DAY + 60_000;
    expect(await sweep()).toEqual({ reminded: 1 });
    expect((await ofType(member, 'event_reminder')).map((n) => n.note)).toEqual([moved, expect.any(String)]);
  });

  it('sends no e-mail to a member who turned time e-mails off, and still tells them in the app', async () => {
    const { host, member, event } = await going();
    await call(member, 'PATCH', '/api/auth/profile', { email_notifications: { trades: false } });
    await call(host, 'DELETE', `/api/events/${event.id}`);
    await mailerOf(ctx.app.server)!.idle();
    expect(sink.to(member.email)).toHaveLength(0);
    expect(await ofType(member, 'event_cancelled')).toHaveLength(1);
  });

  it('drops a notice once its event is hidden from the member', async () => {
    const { host, member, event } = await going();
    await call(host, 'DELETE', `/api/events/${event.id}`);
    expect(await ofType(member, 'event_cancelled')).toHaveLength(1);
    await ctx.db.updateTable('events').set({ hidden_reason: 'Spam' }).where('id', '=', event.id).execute();
    expect(await ofType(member, 'event_cancelled')).toEqual([]);
    expect((await call(host, 'GET', `/api/events/${event.id}`)).json<Event>().hidden_reason).toBe('Spam');
  });

  // SQLite serves one instance; several share PostgreSQL.
  it.runIf(dialect === 'postgres')('sends each reminder once when two instances sweep at the same moment', async () => {
    const { host, member } = await going();
    const second = await buildTestApp({ clock, database: ctx.config.database });
    // The sweep each instance starts with runs first (nothing is due yet), so only the two below count.
    await new Promise((resolve) => setTimeout(resolve, 50));
    await eventSweepOf(second.app.server)!.sweep();
    try {
      now += 2 * DAY + HOUR;
      const results = await Promise.all([sweep(), eventSweepOf(second.app.server)!.sweep()]);
      expect(results.reduce((sum, r) => sum + r.reminded, 0)).toBe(1);
      for (const user of [host, member]) expect(await ofType(user, 'event_reminder')).toHaveLength(1);
    } finally {
      await second.app.close();
    }
  });
});
