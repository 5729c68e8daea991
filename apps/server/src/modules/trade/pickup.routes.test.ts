import {
  type ListingTradeStatus,
  type Notification,
  PICKUP_TEXTS,
  type Pickup,
  type ReservedBetween,
  type User,
} from '@gardenswap/shared';
import ICAL from 'ical.js';
import { simpleParser } from 'mailparser';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildTestApp, dialect, type TestContext } from '../../../test/app.js';
import { createListing, createUser, memberAtZip, type TestUser } from '../../../test/factories.js';
import { type ReceivedMail, startSmtpSink } from '../../../test/smtp-sink.js';
import { mailerOf } from '../mail/mailer.js';
import { pickupSweepOf } from './pickup-sweep.js';

const HOUR = 60 * 60_000;
const DAY = 24 * HOUR;

describe('pickup times on a reserved listing', () => {
  let ctx: TestContext;
  let sink: Awaited<ReturnType<typeof startSmtpSink>>;
  // The clock the app goes by: tests move it to a pickup's reminder instead of waiting.
  let now = Date.now();
  const clock = () => now;

  // An app of its own for each test: the sweeps' counts are of this test's pickups alone.
  beforeAll(async () => {
    sink = await startSmtpSink();
  });
  beforeEach(async () => {
    now = Date.now();
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
  const status = async (as: TestUser, id: number) =>
    (await call(as, 'GET', `/api/listings/${id}/trade`)).json<ListingTradeStatus>();
  const offer = (as: TestUser, id: number, times: string[], place?: string) =>
    call(as, 'PUT', `/api/listings/${id}/pickup`, { times, ...(place ? { place } : {}) });
  const agree = (as: TestUser, id: number, time: string) =>
    call(as, 'POST', `/api/listings/${id}/pickup/agree`, { time });
  const notices = async (as: TestUser) => (await call(as, 'GET', '/api/notifications')).json<Notification[]>();
  const kinds = async (as: TestUser) => (await notices(as)).map((n) => n.type);
  const sweep = () => pickupSweepOf(ctx.app.server)!.sweep();
  /** An instant `ms` from the app's now, as a browser in Denver would send it. */
  const at = (ms: number) => new Date(Math.floor((now + ms) / 60_000) * 60_000).toISOString().replace('Z', '+00:00');
  const utc = (time: string) => new Date(time).toISOString();

  /** An owner in Salt Lake City with a listing reserved for a member in New York who asked for it. */
  async function reserved(options: { pickup?: { times: string[]; place?: string } } = {}) {
    const owner = await memberAtZip(ctx, '84101');
    const member = await memberAtZip(ctx, '10001');
    const listing = await createListing(ctx, owner, { title: 'Zucchini glut' });
    await call(member, 'POST', `/api/listings/${listing.id}/interest`, {});
    const res = await call(owner, 'POST', `/api/listings/${listing.id}/reservation`, {
      user_id: member.id,
      ...(options.pickup ? { pickup: options.pickup } : {}),
    });
    expect(res.statusCode).toBe(204);
    return { owner, member, listing };
  }

  async function mailsTo(user: TestUser, count: number): Promise<ReceivedMail[]> {
    await mailerOf(ctx.app.server)!.idle();
    await expect.poll(() => sink.to(user.email).length, { timeout: 10_000 }).toBe(count);
    return sink.to(user.email);
  }

  /** The calendar event of an .ics text, parsed as a calendar application would. */
  function calendarEvent(ics: string) {
    const calendar = new ICAL.Component(ICAL.parse(ics));
    for (const zone of calendar.getAllSubcomponents('vtimezone')) ICAL.TimezoneService.register(zone);
    const event = new ICAL.Event(calendar.getFirstSubcomponent('vevent')!);
    const zone = event.component.getFirstProperty('dtstart')!.getParameter('tzid');
    return { calendar, event, zone };
  }

  async function calendarAttachment(mail: ReceivedMail) {
    const parsed = await simpleParser(mail.raw);
    const ics = parsed.attachments.find((a) => a.contentType === 'text/calendar');
    expect(ics?.filename).toBe('pickup.ics');
    return ics!.content.toString('utf8');
  }

  it('offers times with the reservation, and lets the member pick one: both see it agreed, the owner is told', async () => {
    const [first, second] = [at(2 * DAY), at(DAY)];
    const { owner, member, listing } = await reserved({
      pickup: { times: [first, second], place: 'Blue gate, 5th St' },
    });

    const offered = (await status(member, listing.id)).pickup!;
    expect(offered).toMatchObject({
      status: 'offered',
      offered_by_id: owner.id,
      times: [utc(second), utc(first)],
      agreed_time: null,
      place: 'Blue gate, 5th St',
    });
    expect((await status(owner, listing.id)).pickup).toEqual(offered);
    expect(await kinds(member)).toContain('pickup_offered');

    const res = await agree(member, listing.id, first);
    expect(res.statusCode).toBe(200);
    expect(res.json<Pickup>()).toMatchObject({ status: 'agreed', agreed_time: utc(first) });
    expect((await status(owner, listing.id)).pickup).toMatchObject({ status: 'agreed', agreed_time: utc(first) });
    const told = (await notices(owner)).find((n) => n.type === 'pickup_agreed');
    expect(told).toMatchObject({ listing_id: listing.id, from_user: { id: member.id }, note: utc(first) });
  });

  it('shows the pickup only to its two members', async () => {
    const { listing } = await reserved({ pickup: { times: [at(DAY)] } });
    const stranger = await createUser(ctx);
    expect((await status(stranger, listing.id)).pickup).toBeNull();
    expect((await offer(stranger, listing.id, [at(DAY)])).statusCode).toBe(403);
    expect((await call(stranger, 'GET', `/api/listings/${listing.id}/pickup.ics`)).statusCode).toBe(403);
  });

  it('e-mails both members the agreed time in their own zones, with a calendar entry that holds the same instant', async () => {
    const time = at(3 * DAY);
    const { owner, member, listing } = await reserved({ pickup: { times: [time], place: 'Blue gate' } });
    // The owner's browser said Phoenix; the member never said, so their ZIP code (New York) decides.
    expect((await call(owner, 'PUT', '/api/auth/time-zone', { time_zone: 'America/Phoenix' })).statusCode).toBe(204);
    await agree(member, listing.id, time);

    for (const [user, zone] of [
      [owner, 'America/Phoenix'],
      [member, 'America/New_York'],
    ] as const) {
      const [mail] = await mailsTo(user, 1);
      expect(mail!.subject).toContain('Pickup with');
      expect(mail!.body).toContain('Zucchini glut');
      expect(mail!.headers['list-unsubscribe']).toBeDefined();
      const parsed = calendarEvent(await calendarAttachment(mail!));
      const { calendar, event } = parsed;
      expect(calendar.getFirstPropertyValue('method')).toBe('PUBLISH');
      expect(parsed.zone).toBe(zone);
      expect(event.startDate.toJSDate().toISOString()).toBe(utc(time));
      expect(event.summary).toBe('Pickup: Zucchini glut');
      expect(event.location).toBe('Blue gate');
      const shown = new Intl.DateTimeFormat('en-US', { timeZone: zone, hour: 'numeric', minute: '2-digit' }).format(
        new Date(time),
      );
      expect(mail!.body).toContain(shown);
    }
  });

  it('serves the agreed pickup as a calendar file for each member, and none before it is agreed', async () => {
    const time = at(DAY + 3 * HOUR);
    const { owner, member, listing } = await reserved({ pickup: { times: [time] } });
    expect((await call(member, 'GET', `/api/listings/${listing.id}/pickup.ics`)).statusCode).toBe(409);
    await agree(member, listing.id, time);
    await call(member, 'PUT', '/api/auth/time-zone', { time_zone: 'Europe/Berlin' });

    const res = await call(member, 'GET', `/api/listings/${listing.id}/pickup.ics`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/calendar');
    expect(res.headers['content-disposition']).toContain('pickup.ics');
    const { event, zone } = calendarEvent(res.body);
    expect(zone).toBe('Europe/Berlin');
    expect(event.startDate.toJSDate().toISOString()).toBe(utc(time));
    expect(event.endDate.toJSDate().getTime() - event.startDate.toJSDate().getTime()).toBe(30 * 60_000);
    expect(event.description).toContain(owner.username);
    // The owner's file names the same pickup (one calendar entry that a move replaces).
    const ownerFile = calendarEvent((await call(owner, 'GET', `/api/listings/${listing.id}/pickup.ics`)).body);
    expect(ownerFile.event.uid).toBe(event.uid);
  });

  it('refuses times in the past, too far ahead, repeated, too many or not times at all, and reserves nothing then', async () => {
    const { owner, listing } = await reserved();
    const cases: [string[], string][] = [
      [[at(-HOUR)], PICKUP_TEXTS.timeInPast],
      [[at(91 * DAY)], PICKUP_TEXTS.timeTooFar],
      [[at(DAY), at(DAY)], PICKUP_TEXTS.timesRepeated],
      [[at(DAY), at(2 * DAY), at(3 * DAY), at(4 * DAY)], PICKUP_TEXTS.tooManyTimes],
      [[], PICKUP_TEXTS.timesRequired],
      [['next saturday'], PICKUP_TEXTS.timeInvalid],
    ];
    for (const [times, message] of cases) {
      const res = await offer(owner, listing.id, times);
      expect(res.statusCode, message).toBe(422);
      expect(JSON.stringify(res.json())).toContain(message);
    }
    expect((await offer(owner, listing.id, [at(DAY)], 'x'.repeat(201))).statusCode).toBe(422);
    expect((await status(owner, listing.id)).pickup).toBeNull();

    // A reservation with times that cannot be offered is not made at all.
    const other = await createListing(ctx, owner, { title: 'Beans' });
    const asker = await createUser(ctx);
    await call(asker, 'POST', `/api/listings/${other.id}/interest`, {});
    const res = await call(owner, 'POST', `/api/listings/${other.id}/reservation`, {
      user_id: asker.id,
      pickup: { times: [at(-DAY)] },
    });
    expect(res.statusCode).toBe(422);
    expect(JSON.stringify(res.json())).toContain('"pickup.times.0"');
    expect((await status(owner, other.id)).state_id).toBe(1);
  });

  it('arranges times only on a reserved listing, and lets only the other member pick an offered time', async () => {
    const owner = await createUser(ctx);
    const free = await createListing(ctx, owner);
    expect((await offer(owner, free.id, [at(DAY)])).statusCode).toBe(409);

    const time = at(DAY);
    const { owner: o, member, listing } = await reserved({ pickup: { times: [time] } });
    expect((await agree(o, listing.id, time)).statusCode).toBe(403);
    const notOffered = await agree(member, listing.id, at(2 * DAY));
    expect(notOffered.statusCode).toBe(422);
    expect(JSON.stringify(notOffered.json())).toContain(PICKUP_TEXTS.notOffered);
    expect((await status(member, listing.id)).pickup?.status).toBe('offered');
  });

  it('lets the member ask for another time with a note, and the owner offer again', async () => {
    const { owner, member, listing } = await reserved({ pickup: { times: [at(DAY)] } });
    const asked = await call(member, 'POST', `/api/listings/${listing.id}/pickup/ask`, { note: 'Evenings suit me' });
    expect(asked.statusCode).toBe(200);
    expect(asked.json<Pickup>()).toMatchObject({ status: 'asked', note: 'Evenings suit me' });
    expect((await notices(owner)).find((n) => n.type === 'pickup_asked')?.note).toBe('Evenings suit me');
    // An answered offer cannot be picked from any more.
    expect((await agree(member, listing.id, at(DAY))).statusCode).toBe(409);

    const evening = at(DAY + 9 * HOUR);
    expect((await offer(owner, listing.id, [evening])).statusCode).toBe(200);
    expect((await agree(member, listing.id, evening)).json<Pickup>().status).toBe('agreed');
  });

  it('lets either member move an agreed time: the other is told and e-mailed, and the old reminder is gone', async () => {
    const time = at(DAY);
    const { owner, member, listing } = await reserved({ pickup: { times: [time] } });
    await agree(member, listing.id, time);
    await mailsTo(owner, 1);

    const later = at(2 * DAY);
    const moved = await offer(member, listing.id, [later], 'Corner shop');
    expect(moved.json<Pickup>()).toMatchObject({ status: 'offered', offered_by_id: member.id, agreed_time: null });
    expect((await notices(owner)).filter((n) => n.type === 'pickup_offered')).toHaveLength(1);
    const mails = await mailsTo(owner, 2);
    expect(mails[1]!.subject).toBe(`${member.username} moved your pickup`);

    now = Date.parse(time) - HOUR;
    expect(await sweep()).toEqual({ reminded: 0, asked: 0 });
    expect((await agree(owner, listing.id, later)).json<Pickup>().agreed_time).toBe(utc(later));
  });

  it('lets either member cancel: the other is told, and e-mailed a calendar cancellation for an agreed time', async () => {
    const time = at(DAY);
    const { owner, member, listing } = await reserved({ pickup: { times: [time] } });
    await agree(member, listing.id, time);
    await mailsTo(owner, 1);

    expect((await call(member, 'DELETE', `/api/listings/${listing.id}/pickup`)).statusCode).toBe(204);
    expect((await status(owner, listing.id)).pickup).toBeNull();
    expect((await status(owner, listing.id)).reserved_for?.id).toBe(member.id);
    expect(await kinds(owner)).toContain('pickup_cancelled');
    const [, cancelled] = await mailsTo(owner, 2);
    const { calendar, event } = calendarEvent(await calendarAttachment(cancelled!));
    expect(calendar.getFirstPropertyValue('method')).toBe('CANCEL');
    expect(event.component.getFirstPropertyValue('status')).toBe('CANCELLED');
    expect((await call(member, 'DELETE', `/api/listings/${listing.id}/pickup`)).statusCode).toBe(409);
  });

  it('reminds both members two hours before, once, and asks the owner after it whether it was handed over, once', async () => {
    const time = at(DAY);
    const { owner, member, listing } = await reserved({ pickup: { times: [time] } });
    await agree(member, listing.id, time);
    await mailsTo(member, 1);

    now = Date.parse(time) - 2 * HOUR - 60_000;
    expect(await sweep()).toEqual({ reminded: 0, asked: 0 });
    now = Date.parse(time) - 2 * HOUR + 60_000;
    expect(await sweep()).toEqual({ reminded: 1, asked: 0 });
    expect(await sweep()).toEqual({ reminded: 0, asked: 0 });
    for (const user of [owner, member]) {
      const reminders = (await notices(user)).filter((n) => n.type === 'pickup_reminder');
      expect(reminders).toHaveLength(1);
      expect(reminders[0]).toMatchObject({ listing_id: listing.id, note: utc(time) });
      const mails = await mailsTo(user, 2);
      expect(mails.at(-1)!.subject).toMatch(/^Reminder: pickup with/);
    }

    now = Date.parse(time) + HOUR + 60_000;
    expect(await sweep()).toEqual({ reminded: 0, asked: 1 });
    expect(await sweep()).toEqual({ reminded: 0, asked: 0 });
    expect(await kinds(owner)).toContain('pickup_handover_asked');
    expect(await kinds(member)).not.toContain('pickup_handover_asked');
  });

  // SQLite serves one instance; several share PostgreSQL.
  it.runIf(dialect === 'postgres')('sends each reminder once when two instances sweep at the same moment', async () => {
    const time = at(DAY);
    const { owner, member, listing } = await reserved({ pickup: { times: [time] } });
    await agree(member, listing.id, time);
    const second = await buildTestApp({ clock, database: ctx.config.database });
    // The sweep each instance starts with runs first (nothing is due yet), so only the two below count.
    await new Promise((resolve) => setTimeout(resolve, 50));
    await pickupSweepOf(second.app.server)!.sweep();
    try {
      now = Date.parse(time) - HOUR;
      const results = await Promise.all([sweep(), pickupSweepOf(second.app.server)!.sweep()]);
      expect(results.reduce((sum, r) => sum + r.reminded, 0)).toBe(1);
      for (const user of [owner, member])
        expect((await notices(user)).filter((n) => n.type === 'pickup_reminder')).toHaveLength(1);
    } finally {
      await second.app.close();
    }
  });

  it('ends with the reservation: un-reserved, kept for someone else, or handed over, nothing is reminded', async () => {
    const time = at(DAY);
    const { owner, member, listing } = await reserved({ pickup: { times: [time] } });
    await agree(member, listing.id, time);
    await call(owner, 'DELETE', `/api/listings/${listing.id}/reservation`);
    // Kept for the same member again, the old pickup does not come back.
    await call(owner, 'POST', `/api/listings/${listing.id}/reservation`, { user_id: member.id });
    expect((await status(member, listing.id)).pickup).toBeNull();

    const second = await reserved({ pickup: { times: [time] } });
    await agree(second.member, second.listing.id, time);
    const handed = await call(second.owner, 'POST', `/api/listings/${second.listing.id}/hand-over`, {
      kind: 'given',
      user_id: second.member.id,
    });
    expect(handed.statusCode).toBe(201);

    now = Date.parse(time) + 2 * HOUR;
    expect(await sweep()).toEqual({ reminded: 0, asked: 0 });
  });

  it("an owner's edit that takes the listing off Reserved ends its pickup", async () => {
    const { owner, member, listing } = await reserved({ pickup: { times: [at(DAY)] } });
    const edit = await call(owner, 'PATCH', `/api/listings/${listing.id}`, { state_id: 1 });
    expect(edit.statusCode).toBe(200);
    await expect
      .poll(async () =>
        ctx.db.selectFrom('pickups').select('listing_id').where('listing_id', '=', listing.id).execute(),
      )
      .toEqual([]);
    expect((await status(member, listing.id)).pickup).toBeNull();
  });

  it('sends no e-mail to a member who turned pickup e-mails off, and still tells them in the app', async () => {
    const time = at(DAY);
    const { owner, member, listing } = await reserved({ pickup: { times: [time] } });
    const off = await call(owner, 'PATCH', '/api/auth/profile', { email_notifications: { trades: false } });
    expect(off.json<User>().email_notifications.trades).toBe(false);
    await agree(member, listing.id, time);
    await mailsTo(member, 1);
    expect(sink.to(owner.email)).toHaveLength(0);
    expect(await kinds(owner)).toContain('pickup_agreed');
  });

  it('lists the listings reserved between two members either way, each with its pickup, for their chat', async () => {
    const { owner, member, listing } = await reserved({ pickup: { times: [at(DAY)] } });
    const back = await createListing(ctx, member, { title: 'Basil starts' });
    await call(owner, 'POST', `/api/listings/${back.id}/interest`, {});
    await call(member, 'POST', `/api/listings/${back.id}/reservation`, { user_id: owner.id });

    const seen = (await call(owner, 'GET', `/api/trades/reserved-with/${member.id}`)).json<ReservedBetween[]>();
    expect(seen.map((r) => [r.listing.title, r.is_owner, r.pickup?.status ?? null])).toEqual([
      ['Zucchini glut', true, 'offered'],
      ['Basil starts', false, null],
    ]);
    expect(seen[0]!.listing.id).toBe(listing.id);
    await call(member, 'POST', '/api/blocks', { user_id: owner.id });
    expect((await call(owner, 'GET', `/api/trades/reserved-with/${member.id}`)).json()).toEqual([]);
  });

  it("keeps the browser's time zone on the profile, and refuses one nobody knows", async () => {
    const user = await createUser(ctx);
    expect((await call(user, 'PUT', '/api/auth/time-zone', { time_zone: 'America/Denver' })).statusCode).toBe(204);
    expect((await call(user, 'GET', '/api/auth/profile')).json<User>().time_zone).toBe('America/Denver');
    const bad = await call(user, 'PUT', '/api/auth/time-zone', { time_zone: 'Mars/Olympus_Mons' });
    expect(bad.statusCode).toBe(422);
    expect(JSON.stringify(bad.json())).toContain(PICKUP_TEXTS.timeZoneInvalid);
  });
});
