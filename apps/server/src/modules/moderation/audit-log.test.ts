import { ACCOUNT_TEXTS, type ModerationLogEntry } from '@gardenswap/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestContext } from '../../../test/app.js';
import { createListing, createUser, PASSWORD, type TestUser } from '../../../test/factories.js';
import { setModerator } from './moderation.queries.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await buildTestApp();
});
afterAll(() => ctx.close());

async function createModerator() {
  const moderator = await createUser(ctx);
  await setModerator(ctx.db, moderator.email, true);
  return moderator;
}
const report = (as: TestUser, target_type: string, target_id: number) =>
  ctx.inject({ method: 'POST', url: '/api/reports', as, payload: { target_type, target_id, reason: 'Not nice' } });
async function act(as: TestUser, payload: object) {
  const res = await ctx.inject({ method: 'POST', url: '/api/moderation/actions', as, payload });
  expect(res.statusCode).toBe(201);
  return res.json<ModerationLogEntry>();
}
async function deleteAccount(member: TestUser) {
  const res = await ctx.inject({
    method: 'POST',
    url: '/api/account/delete',
    as: member,
    payload: { password: PASSWORD },
  });
  expect(res.statusCode).toBe(204);
}
const readLog = async (as: TestUser) => {
  const res = await ctx.inject({ method: 'GET', url: '/api/moderation/log', as });
  expect(res.statusCode).toBe(200);
  return { entries: res.json<ModerationLogEntry[]>(), body: res.body };
};
const deletedMember = { id: null, username: ACCOUNT_TEXTS.deletedMember };

describe('the audit log when a member leaves', () => {
  it('keeps every entry about a member who deleted their account, naming them "Deleted member"', async () => {
    const moderator = await createModerator();
    const [member, reporter] = [await createUser(ctx), await createUser(ctx)];
    const listing = await createListing(ctx, member, { title: 'Odd onions' });
    const sent = await ctx.inject({
      method: 'POST',
      url: '/api/messages',
      as: member,
      payload: { receiver_id: reporter.id, content: 'Rude words' },
    });
    await report(reporter, 'message', sent.json().id);
    await report(reporter, 'user', member.id);
    await report(reporter, 'listing', listing.id);
    const onMessage = await act(moderator, {
      action: 'warn',
      target_type: 'message',
      target_id: sent.json().id,
      note: 'Be kind',
    });
    const onMember = await act(moderator, { action: 'warn', target_type: 'user', target_id: member.id, note: 'Stop' });
    const onListing = await act(moderator, {
      action: 'hide_listing',
      target_type: 'listing',
      target_id: listing.id,
      note: 'Odd',
    });
    expect(onMember.target_label).toBe(member.username);

    await deleteAccount(member);

    const { entries, body } = await readLog(moderator);
    const byId = (id: number) => entries.find((e) => e.id === id);
    expect(byId(onMessage.id)).toEqual({
      ...onMessage,
      target_label: `a message from ${ACCOUNT_TEXTS.deletedMember}`,
      member: deletedMember,
    });
    expect(byId(onMember.id)).toEqual({
      ...onMember,
      target_label: ACCOUNT_TEXTS.deletedMember,
      member: deletedMember,
    });
    expect(byId(onListing.id)).toEqual({ ...onListing, member: deletedMember });
    expect(body).not.toContain(member.username);
    expect(body).not.toContain(member.email);
  });

  it('keeps every entry of a moderator who deleted their account, naming them "Deleted member"', async () => {
    const [leaving, staying] = [await createModerator(), await createModerator()];
    const [member, reporter] = [await createUser(ctx), await createUser(ctx)];
    await report(reporter, 'user', member.id);
    const entry = await act(leaving, { action: 'warn', target_type: 'user', target_id: member.id, note: 'Behave' });

    await deleteAccount(leaving);

    const { entries, body } = await readLog(staying);
    expect(entries.find((e) => e.id === entry.id)).toEqual({ ...entry, moderator: deletedMember });
    expect(body).not.toContain(leaving.username);
    expect(body).not.toContain(leaving.email);
  });

  it('still names no member on a dismissal of reports whose target was already gone', async () => {
    const moderator = await createModerator();
    const [owner, reporter] = [await createUser(ctx), await createUser(ctx)];
    const listing = await createListing(ctx, owner);
    await report(reporter, 'listing', listing.id);
    await ctx.db.deleteFrom('listings').where('id', '=', listing.id).execute();
    const entry = await act(moderator, { action: 'dismiss', target_type: 'listing', target_id: listing.id });
    expect(entry.member).toBeNull();
    expect((await readLog(moderator)).entries.find((e) => e.id === entry.id)?.member).toBeNull();
  });
});
