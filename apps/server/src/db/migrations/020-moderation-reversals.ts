import { type Kysely, sql } from 'kysely';
import { isSqlite } from '../dialect.js';

// Frozen history: see 001.
/* eslint-disable @typescript-eslint/no-explicit-any */

type OnMemberDelete = 'set null' | 'cascade';

/**
 * Moderation that can be taken back, with an audit log that lasts.
 *
 * The audit log outlives the members it names: deleting an account used to delete, by cascade,
 * every entry naming them as moderator or as the member acted on. Now both references are set
 * null instead (shown as "Deleted member"), so the moderator's reference may be null too. The
 * indexes on both keep deleting an account from reading the whole log. SQLite cannot change a
 * foreign key in place: the table is made again and its rows copied, ids and the id sequence
 * kept (a notice's `moderation:<id>` key must never meet a reused id).
 *
 * The moderators' lists of suspended members and hidden listings read partial indexes holding
 * only those rows, so they never walk every member or listing.
 */
export async function up(db: Kysely<any>): Promise<void> {
  if (isSqlite(db)) await rebuildOnSqlite(db, 'set null');
  else await rekeyOnPostgres(db, 'set null');
  await db.schema.createIndex('moderation_actions_member').on('moderation_actions').column('member_id').execute();
  await db.schema.createIndex('moderation_actions_moderator').on('moderation_actions').column('moderator_id').execute();
  await db.schema
    .createIndex('users_suspended')
    .on('users')
    .column('suspended_at')
    .where('suspended_at', 'is not', null)
    .execute();
  await db.schema
    .createIndex('listings_hidden')
    .on('listings')
    .column('id')
    .where(sql.ref('hidden_reason'), 'is not', null)
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('listings_hidden').ifExists().execute();
  await db.schema.dropIndex('users_suspended').ifExists().execute();
  await db.schema.dropIndex('moderation_actions_moderator').ifExists().execute();
  await db.schema.dropIndex('moderation_actions_member').ifExists().execute();
  // Entries whose moderator left could not have been kept before.
  await db.deleteFrom('moderation_actions').where('moderator_id', 'is', null).execute();
  if (isSqlite(db)) await rebuildOnSqlite(db, 'cascade');
  else await rekeyOnPostgres(db, 'cascade');
}

async function rebuildOnSqlite(db: Kysely<any>, onDelete: OnMemberDelete) {
  const columns = [
    'id',
    'moderator_id',
    'action',
    'target_type',
    'target_id',
    'target_label',
    'member_id',
    'note',
    'suspended_until',
    'reports_resolved',
    'created_at',
  ];
  // One transaction: a crash half-way leaves the old table as it was.
  await db.transaction().execute(async (trx) => {
    const sequence = await trx
      .selectFrom('sqlite_sequence')
      .select('seq')
      .where('name', '=', 'moderation_actions')
      .executeTakeFirst();
    await trx.schema
      .createTable('moderation_actions_next')
      .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
      .addColumn('moderator_id', 'integer', (c) => {
        const key = c.references('users.id').onDelete(onDelete);
        return onDelete === 'cascade' ? key.notNull() : key;
      })
      .addColumn('action', 'text', (c) => c.notNull())
      .addColumn('target_type', 'text', (c) => c.notNull())
      .addColumn('target_id', 'integer', (c) => c.notNull())
      .addColumn('target_label', 'text', (c) => c.notNull())
      .addColumn('member_id', 'integer', (c) => c.references('users.id').onDelete(onDelete))
      .addColumn('note', 'text')
      .addColumn('suspended_until', 'text')
      .addColumn('reports_resolved', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('created_at', 'text', (c) => c.notNull())
      .execute();
    await trx
      .insertInto('moderation_actions_next')
      .columns(columns)
      .expression(trx.selectFrom('moderation_actions').select(columns))
      .execute();
    await trx.schema.dropTable('moderation_actions').execute();
    await trx.schema.alterTable('moderation_actions_next').renameTo('moderation_actions').execute();
    if (sequence) {
      await trx.deleteFrom('sqlite_sequence').where('name', '=', 'moderation_actions').execute();
      await trx.insertInto('sqlite_sequence').values({ name: 'moderation_actions', seq: sequence.seq }).execute();
    }
    await trx.schema.createIndex('moderation_actions_newest').on('moderation_actions').column('id').execute();
  });
}

/** PostgreSQL named the table's two foreign keys itself when 010 made it: find them in its catalog. */
async function rekeyOnPostgres(db: Kysely<any>, onDelete: OnMemberDelete) {
  const { rows } = await sql<{ name: string }>`
    select conname as name from pg_constraint
    where conrelid = 'moderation_actions'::regclass and contype = 'f'`.execute(db);
  for (const { name } of rows) await db.schema.alterTable('moderation_actions').dropConstraint(name).execute();
  await db.schema
    .alterTable('moderation_actions')
    .alterColumn('moderator_id', (c) => (onDelete === 'cascade' ? c.setNotNull() : c.dropNotNull()))
    .execute();
  for (const column of ['moderator_id', 'member_id']) {
    await db.schema
      .alterTable('moderation_actions')
      .addForeignKeyConstraint(`moderation_actions_${column}_fkey`, [column], 'users', ['id'], (c) =>
        c.onDelete(onDelete),
      )
      .execute();
  }
}
