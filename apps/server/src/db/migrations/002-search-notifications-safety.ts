import { type Kysely, sql } from 'kysely';
import { isSqlite } from '../dialect.js';

// Frozen history: see 001.
/* eslint-disable @typescript-eslint/no-explicit-any */

/**
 * Search (full text on both databases), members' coordinates for distance, notifications and
 * their e-mails, blocks and reports.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const sqlite = isSqlite(db);
  const now = sqlite ? sql`(strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))` : sql`now()`;
  const stamp = sqlite ? 'text' : 'timestamptz';
  const id = (name: string) =>
    sqlite
      ? db.schema.createTable(name).addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
      : db.schema.createTable(name).addColumn('id', 'serial', (c) => c.primaryKey());

  // Coordinates of the member's postcode (US ZIP centroid), kept for distance and never answered.
  await db.schema.alterTable('users').addColumn('latitude', 'real').execute();
  await db.schema.alterTable('users').addColumn('longitude', 'real').execute();
  await db.schema
    .alterTable('users')
    .addColumn('email_notifications', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();
  await db.schema.createIndex('users_latitude').on('users').columns(['latitude', 'longitude']).execute();

  // The marketplace tabs filtered by category, newest first.
  await db.schema
    .createIndex('listings_feed_category')
    .on('listings')
    .columns(['is_public', 'is_active', 'category_id', 'id'])
    .execute();
  await db.schema.createIndex('listings_category').on('listings').columns(['category_id', 'id']).execute();

  if (sqlite) {
    // FTS5 over title and description, kept in step with listings by triggers.
    await sql`create virtual table listings_fts using fts5(title, description, content='listings', content_rowid='id', tokenize='porter unicode61')`.execute(
      db,
    );
    await sql`insert into listings_fts(rowid, title, description) select id, title, description from listings`.execute(
      db,
    );
    await sql`create trigger listings_fts_insert after insert on listings begin
      insert into listings_fts(rowid, title, description) values (new.id, new.title, new.description); end`.execute(db);
    await sql`create trigger listings_fts_delete after delete on listings begin
      insert into listings_fts(listings_fts, rowid, title, description) values ('delete', old.id, old.title, old.description); end`.execute(
      db,
    );
    await sql`create trigger listings_fts_update after update of title, description on listings begin
      insert into listings_fts(listings_fts, rowid, title, description) values ('delete', old.id, old.title, old.description);
      insert into listings_fts(rowid, title, description) values (new.id, new.title, new.description); end`.execute(db);
  } else {
    await sql`alter table listings add column search tsvector generated always as
      (setweight(to_tsvector('english', title), 'A') || setweight(to_tsvector('english', description), 'B')) stored`.execute(
      db,
    );
    await sql`create index listings_search on listings using gin (search)`.execute(db);
  }

  await id('notifications')
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('listing_id', 'integer', (c) => c.references('listings.id').onDelete('cascade'))
    .addColumn('want_id', 'integer', (c) => c.references('want_listings.id').onDelete('cascade'))
    .addColumn('from_user_id', 'integer', (c) => c.references('users.id').onDelete('cascade'))
    // "listing:want" for matches, so one listing and one want notify once, ever.
    .addColumn('match_key', 'text')
    .addColumn('created_at', stamp, (c) => c.notNull().defaultTo(now))
    .addColumn('read_at', stamp)
    .execute();
  await db.schema.createIndex('notifications_user').on('notifications').columns(['user_id', 'id']).execute();
  await db.schema
    .createIndex('notifications_match_once')
    .on('notifications')
    .unique()
    .columns(['user_id', 'match_key'])
    .execute();

  // E-mails: sent over SMTP_URL, or kept here (the outbox) for a developer to read.
  await id('outbox')
    .addColumn('to_address', 'text', (c) => c.notNull())
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('html', 'text', (c) => c.notNull())
    .addColumn('text', 'text', (c) => c.notNull())
    .addColumn('created_at', stamp, (c) => c.notNull().defaultTo(now))
    .addColumn('sent_at', stamp)
    .addColumn('error', 'text')
    .execute();

  await db.schema
    .createTable('blocks')
    .addColumn('blocker_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('blocked_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', stamp, (c) => c.notNull().defaultTo(now))
    .addPrimaryKeyConstraint('blocks_pair', ['blocker_id', 'blocked_id'])
    .execute();
  await db.schema.createIndex('blocks_blocked').on('blocks').columns(['blocked_id', 'blocker_id']).execute();

  await id('reports')
    .addColumn('reporter_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('target_type', 'text', (c) => c.notNull())
    .addColumn('target_id', 'integer', (c) => c.notNull())
    .addColumn('reason', 'text', (c) => c.notNull())
    .addColumn('created_at', stamp, (c) => c.notNull().defaultTo(now))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ['reports', 'blocks', 'outbox', 'notifications'])
    await db.schema.dropTable(table).ifExists().execute();
  if (isSqlite(db)) {
    await sql`drop table if exists listings_fts`.execute(db);
  } else {
    await sql`alter table listings drop column if exists search`.execute(db);
  }
}
