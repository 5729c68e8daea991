import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestContext } from '../../../test/app.js';
import { createUser } from '../../../test/factories.js';
import { parseMetrics, valueOf } from '../../../test/prometheus-text.js';

const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();

let ctx: TestContext;
beforeAll(async () => {
  ctx = await buildTestApp();
});
afterAll(() => ctx.close());

describe('the push queue in the metrics', () => {
  it('shows the pushes waiting, being sent and given up, and how long the oldest has waited', async () => {
    const member = await createUser(ctx);
    const session = await ctx.db
      .selectFrom('sessions')
      .select('id')
      .where('jti', '=', member.jti)
      .executeTakeFirstOrThrow();
    const { id: subscription_id } = await ctx.db
      .insertInto('push_subscriptions')
      .values({
        user_id: member.id,
        session_id: session.id,
        endpoint: 'https://push.example.com/send/metrics',
        p256dh: 'p',
        auth: 'a',
        public_key: ctx.config.push.vapid.publicKey,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const push = {
      subscription_id,
      user_id: member.id,
      kind: 'messages' as const,
      payload: '{}',
      urgency: 'high' as const,
    };
    // None of them due: the app's own worker leaves them as they are.
    const later = minutesAgo(-30);
    await ctx.db
      .insertInto('push_queue')
      .values([
        { ...push, status: 'queued', next_attempt_at: later, created_at: minutesAgo(10) },
        { ...push, status: 'queued', next_attempt_at: later, created_at: minutesAgo(1) },
        { ...push, status: 'sending', locked_until: later, locked_by: 'a worker', created_at: minutesAgo(2) },
        { ...push, status: 'failed', created_at: minutesAgo(60) },
        { ...push, status: 'sent', created_at: minutesAgo(90) },
        { ...push, status: 'skipped', created_at: minutesAgo(120) },
      ])
      .execute();

    const res = await ctx.inject({ method: 'GET', url: '/api/metrics' });
    expect(res.statusCode).toBe(200);
    const samples = parseMetrics(res.body);
    expect(valueOf(samples, 'gardenswap_push_queue_pushes', { status: 'queued' })).toBe(2);
    expect(valueOf(samples, 'gardenswap_push_queue_pushes', { status: 'sending' })).toBe(1);
    expect(valueOf(samples, 'gardenswap_push_queue_pushes', { status: 'failed' })).toBe(1);
    const oldest = valueOf(samples, 'gardenswap_push_queue_oldest_waiting_seconds')!;
    expect(oldest).toBeGreaterThanOrEqual(600);
    expect(oldest).toBeLessThan(660);
  });
});
