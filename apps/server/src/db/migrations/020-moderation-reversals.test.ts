import type { ModerationLogAction } from '@gardenswap/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseMigratedTo } from '../../../test/app.js';
import { insertMember } from '../../../test/factories.js';
import { migrateToLatest } from '../migrate.js';

let migrated: Awaited<ReturnType<typeof databaseMigratedTo>>;
beforeAll(async () => {
  migrated = await databaseMigratedTo('019-owner-index-covers-lists');
});
afterAll(() => migrated?.close());

const entry = (moderatorId: number, memberId: number | null, action: ModerationLogAction, label: string) => ({
  moderator_id: moderatorId,
  action,
  target_type: 'user' as const,
  target_id: memberId ?? 999_999,
  target_label: label,
  member_id: memberId,
  note: `${action} note`,
  suspended_until: null,
  reports_resolved: 1,
  created_at: '2025-05-01T10:00:00.000Z',
});
const allEntries = () => migrated.db.selectFrom('moderation_actions').selectAll().orderBy('id').execute();

describe('migration 020: the audit log outlives the members it names', () => {
  it('keeps every entry and its id, then sets a leaving member null instead of deleting what names them', async () => {
    const moderator = await insertMember(migrated, { username: 'audit-moderator' });
    const member = await insertMember(migrated, { username: 'audit-member' });
    const other = await insertMember(migrated, { username: 'audit-other' });
    for (const values of [
      entry(moderator.id, member.id, 'warn', member.username),
      entry(moderator.id, member.id, 'suspend', member.username),
      entry(moderator.id, null, 'dismiss', 'a listing that no longer exists'),
      entry(moderator.id, other.id, 'warn', other.username),
    ])
      await migrated.db.insertInto('moderation_actions').values(values).execute();
    // The newest entry went with its member, as deleting did before: its id must never come back.
    await migrated.db.deleteFrom('users').where('id', '=', other.id).execute();
    const before = await allEntries();
    expect(before.map((e) => e.action)).toEqual(['warn', 'suspend', 'dismiss']);
    const goneId = before.at(-1)!.id + 1;

    await migrateToLatest(migrated.db);

    expect(await allEntries()).toEqual(before);
    const next = await migrated.db
      .insertInto('moderation_actions')
      .values(entry(moderator.id, member.id, 'lift_suspension', member.username))
      .returning('id')
      .executeTakeFirstOrThrow();
    expect(next.id).toBeGreaterThan(goneId);

    await migrated.db.deleteFrom('users').where('id', '=', member.id).execute();
    const afterMember = await allEntries();
    expect(afterMember).toHaveLength(4);
    expect(afterMember.map((e) => e.member_id)).toEqual([null, null, null, null]);
    expect(afterMember.map((e) => e.moderator_id)).toEqual(Array(4).fill(moderator.id));

    await migrated.db.deleteFrom('users').where('id', '=', moderator.id).execute();
    const afterModerator = await allEntries();
    expect(afterModerator.map((e) => [e.id, e.moderator_id, e.action, e.note])).toEqual(
      afterMember.map((e) => [e.id, null, e.action, e.note]),
    );
  });
});
