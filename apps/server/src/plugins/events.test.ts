import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestContext } from '../../test/app.js';
import { createUser } from '../../test/factories.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await buildTestApp();
});
afterAll(() => ctx?.close());

describe('domain events', () => {
  it('runs the caches’ handlers first, then the side effects in the order they were added, each awaited', async () => {
    const heard: string[] = [];
    ctx.app.events.on('block.changed', async ({ blockerId }) => {
      await new Promise((resolve) => setTimeout(resolve, 20));
      heard.push(`first ${blockerId}`);
    });
    ctx.app.events.on('block.changed', ({ blockerId }) => void heard.push(`second ${blockerId}`));
    ctx.app.events.onEveryInstance('block.changed', ({ blockerId }) => void heard.push(`cache ${blockerId}`));
    await ctx.app.events.emit('block.changed', { blockerId: 7, blockedId: 8, blocked: true });
    expect(heard).toEqual(['cache 7', 'first 7', 'second 7']);
  });

  it('never fails the writer for a failing handler: it is logged and the others still run', async () => {
    const heard: number[] = [];
    ctx.app.events.on('member.removed', () => {
      throw new Error('a subscriber broke');
    });
    ctx.app.events.on('member.removed', ({ memberId }) => void heard.push(memberId));
    await expect(ctx.app.events.emit('member.removed', { memberId: 5 })).resolves.toBeUndefined();
    expect(heard).toEqual([5]);
  });

  it('is emitted by a write through the API once it is committed', async () => {
    const [blocker, blocked] = [await createUser(ctx), await createUser(ctx)];
    const told: { blockerId: number; blockedId: number; blocked: boolean; rows: number }[] = [];
    ctx.app.events.on('block.changed', async (event) => {
      // What the handler reads is what the write committed.
      const rows = await ctx.db
        .selectFrom('blocks')
        .select('blocker_id')
        .where('blocker_id', '=', event.blockerId)
        .where('blocked_id', '=', event.blockedId)
        .execute();
      told.push({ ...event, rows: rows.length });
    });
    const url = '/api/blocks';
    expect((await ctx.inject({ method: 'POST', url, as: blocker, payload: { user_id: blocked.id } })).statusCode).toBe(
      201,
    );
    expect((await ctx.inject({ method: 'DELETE', url: `${url}/${blocked.id}`, as: blocker })).statusCode).toBe(204);
    expect(told.filter((t) => t.blockerId === blocker.id)).toEqual([
      { blockerId: blocker.id, blockedId: blocked.id, blocked: true, rows: 1 },
      { blockerId: blocker.id, blockedId: blocked.id, blocked: false, rows: 0 },
    ]);
  });
});
