import { REPORT_REASON_MAX, SAFETY_TEXTS } from '@gardenswap/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestContext } from '../../../test/app.js';
import { createListing, createUser, type TestUser } from '../../../test/factories.js';
import { insertReport } from './reports.queries.js';

describe('POST /api/reports', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await buildTestApp();
  });
  afterAll(() => ctx.close());

  const report = (as: TestUser, payload: object) => ctx.inject({ method: 'POST', url: '/api/reports', payload, as });
  const reportsBy = (reporterId: number) =>
    ctx.db
      .selectFrom('reports')
      .select(['target_type', 'target_id', 'reason'])
      .where('reporter_id', '=', reporterId)
      .orderBy('id')
      .execute();

  it('keeps a report of a visible listing, a message of mine and a member for the moderators', async () => {
    const [alice, bob] = [await createUser(ctx), await createUser(ctx)];
    const listing = await createListing(ctx, bob, { is_public: true });
    const sent = await ctx.inject({
      method: 'POST',
      url: '/api/messages',
      payload: { receiver_id: alice.id, content: 'Buy my fake seeds' },
      as: bob,
    });
    const messageId = sent.json().id as number;

    const res = await report(alice, { target_type: 'listing', target_id: listing.id, reason: '  Not a plant  ' });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({
      id: expect.any(Number),
      target_type: 'listing',
      target_id: listing.id,
      reason: 'Not a plant',
      created_at: expect.any(String),
    });
    expect((await report(alice, { target_type: 'message', target_id: messageId, reason: 'Scam' })).statusCode).toBe(
      201,
    );
    expect((await report(alice, { target_type: 'user', target_id: bob.id, reason: 'Spammer' })).statusCode).toBe(201);
    expect(await reportsBy(alice.id)).toEqual([
      { target_type: 'listing', target_id: listing.id, reason: 'Not a plant' },
      { target_type: 'message', target_id: messageId, reason: 'Scam' },
      { target_type: 'user', target_id: bob.id, reason: 'Spammer' },
    ]);
  });

  it('answers 404 for what the reporter cannot see or does not exist, and stores nothing', async () => {
    const [alice, bob, carol] = [await createUser(ctx), await createUser(ctx), await createUser(ctx)];
    const friendsOnly = await createListing(ctx, bob, { is_public: false });
    const between = await ctx.inject({
      method: 'POST',
      url: '/api/messages',
      payload: { receiver_id: carol.id, content: 'Private' },
      as: bob,
    });
    for (const payload of [
      { target_type: 'listing', target_id: friendsOnly.id },
      { target_type: 'listing', target_id: 987654 },
      { target_type: 'message', target_id: between.json().id },
      { target_type: 'user', target_id: 987654 },
      { target_type: 'user', target_id: alice.id },
    ]) {
      const res = await report(alice, { ...payload, reason: 'Looks wrong' });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ detail: SAFETY_TEXTS.reportTargetNotFound, code: 'NOT_FOUND' });
    }
    expect(await reportsBy(alice.id)).toEqual([]);
  });

  it.each([
    ['a short reason', { reason: 'no' }, SAFETY_TEXTS.reportReasonShort],
    ['a blank reason', { reason: '     ' }, SAFETY_TEXTS.reportReasonShort],
    ['a missing reason', { reason: undefined }, SAFETY_TEXTS.reportReasonShort],
    ['a reason too long', { reason: 'x'.repeat(REPORT_REASON_MAX + 1) }, SAFETY_TEXTS.reportReasonLong],
    ['an unknown target type', { target_type: 'want' }, SAFETY_TEXTS.reportTargetType],
  ])('answers 422 for %s', async (_name, change, detail) => {
    const [alice, bob] = [await createUser(ctx), await createUser(ctx)];
    const res = await report(alice, { target_type: 'user', target_id: bob.id, reason: 'Rude', ...change });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({ code: 'VALIDATION_FAILED', detail });
    expect(await reportsBy(alice.id)).toEqual([]);
  });

  const reportRows = (reporterId: number) =>
    ctx.db
      .selectFrom('reports')
      .select(['id', 'target_type', 'target_id', 'reason', 'status'])
      .where('reporter_id', '=', reporterId)
      .orderBy('id')
      .execute();

  it('answers a repeated report of the same target with the open report, storing no new row', async () => {
    const [alice, bob] = [await createUser(ctx), await createUser(ctx)];
    const first = await report(alice, { target_type: 'user', target_id: bob.id, reason: 'Rude in chat' });
    expect(first.statusCode).toBe(201);
    const again = await report(alice, { target_type: 'user', target_id: bob.id, reason: 'Still rude' });
    expect(again.statusCode).toBe(201);
    expect(again.json()).toEqual(first.json());
    expect(await reportRows(alice.id)).toEqual([
      { id: first.json().id, target_type: 'user', target_id: bob.id, reason: 'Rude in chat', status: 'open' },
    ]);
  });

  it('stores one row when 10 identical reports race, and answers each with it', async () => {
    const [alice, bob] = [await createUser(ctx), await createUser(ctx)];
    const listing = await createListing(ctx, bob, { is_public: true });
    const answers = await Promise.all(
      Array.from({ length: 10 }, () =>
        report(alice, { target_type: 'listing', target_id: listing.id, reason: 'Fake' }),
      ),
    );
    expect(answers.map((r) => r.statusCode)).toEqual(Array(10).fill(201));
    const rows = await reportRows(alice.id);
    expect(rows).toHaveLength(1);
    for (const answer of answers) expect(answer.json().id).toBe(rows[0]!.id);
  });

  it('stores one row when insertReport races itself, answering the same report to every call', async () => {
    const [alice, bob] = [await createUser(ctx), await createUser(ctx)];
    const input = { target_type: 'user', target_id: bob.id, reason: 'Same again' } as const;
    const reports = await Promise.all(Array.from({ length: 10 }, () => insertReport(ctx.db, alice.id, input)));
    const rows = await reportRows(alice.id);
    expect(rows).toHaveLength(1);
    expect(reports).toEqual(Array(10).fill({ ...input, id: rows[0]!.id, created_at: expect.any(String) }));
  });

  it('keeps one open report per reporter and target, not per reporter or per target', async () => {
    const [alice, bob, carol] = [await createUser(ctx), await createUser(ctx), await createUser(ctx)];
    const listing = await createListing(ctx, bob, { is_public: true });
    for (const [by, payload] of [
      [alice, { target_type: 'user', target_id: bob.id }],
      [alice, { target_type: 'user', target_id: carol.id }],
      [alice, { target_type: 'listing', target_id: listing.id }],
      [carol, { target_type: 'user', target_id: bob.id }],
    ] as const)
      expect((await report(by, { ...payload, reason: 'Looks wrong' })).statusCode).toBe(201);
    expect(await reportsBy(alice.id)).toHaveLength(3);
    expect(await reportsBy(carol.id)).toHaveLength(1);
  });

  it('takes a new report of the target once moderation resolved the open one', async () => {
    const [alice, bob] = [await createUser(ctx), await createUser(ctx)];
    const first = await report(alice, { target_type: 'user', target_id: bob.id, reason: 'Spammer' });
    await ctx.db.updateTable('reports').set({ status: 'resolved' }).where('id', '=', first.json().id).execute();

    const again = await report(alice, { target_type: 'user', target_id: bob.id, reason: 'Spamming again' });
    expect(again.statusCode).toBe(201);
    expect(again.json().id).not.toBe(first.json().id);
    expect((await reportRows(alice.id)).map((r) => [r.reason, r.status])).toEqual([
      ['Spammer', 'resolved'],
      ['Spamming again', 'open'],
    ]);
  });

  it('accepts a reason of exactly 1000 characters', async () => {
    const [alice, bob] = [await createUser(ctx), await createUser(ctx)];
    const res = await report(alice, { target_type: 'user', target_id: bob.id, reason: 'y'.repeat(REPORT_REASON_MAX) });
    expect(res.statusCode).toBe(201);
  });
});

describe('POST /api/reports with rate limits on', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await buildTestApp({ rateLimits: { enabled: true } });
  });
  afterAll(() => ctx.close());

  it('answers 429 once a member has filed 20 reports within the hour', async () => {
    const [alice, bob] = [await createUser(ctx), await createUser(ctx)];
    const send = () =>
      ctx.inject({
        method: 'POST',
        url: '/api/reports',
        payload: { target_type: 'user', target_id: bob.id, reason: 'Again' },
        as: alice,
      });
    for (let i = 0; i < 20; i += 1) expect((await send()).statusCode).toBe(201);
    const refused = await send();
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ code: 'RATE_LIMITED' });
    // Someone else still can.
    const carol = await createUser(ctx);
    const other = await ctx.inject({
      method: 'POST',
      url: '/api/reports',
      payload: { target_type: 'user', target_id: bob.id, reason: 'Also' },
      as: carol,
    });
    expect(other.statusCode).toBe(201);
  });
});
