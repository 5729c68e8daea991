import { type ColumnDefinitionBuilder, type CreateTableBuilder, type Kysely, sql } from 'kysely';
import { isSqlite } from '../dialect.js';

// Migrations are frozen history: they take Kysely<any> because the schema type describes
// only the latest shape.
/* eslint-disable @typescript-eslint/no-explicit-any */

export async function up(db: Kysely<any>): Promise<void> {
  const sqlite = isSqlite(db);
  const now = sqlite ? sql`(strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))` : sql`now()`;
  const stamp = sqlite ? 'text' : 'timestamptz';
  const id = <T extends string>(t: CreateTableBuilder<T, never>) =>
    sqlite
      ? t.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
      : t.addColumn('id', 'serial', (c) => c.primaryKey());
  const created = (c: ColumnDefinitionBuilder) => c.notNull().defaultTo(now);

  await id(db.schema.createTable('users'))
    .addColumn('email', 'text', (c) => c.notNull().unique())
    .addColumn('username', 'text', (c) => c.notNull())
    .addColumn('password_hash', 'text', (c) => c.notNull())
    .addColumn('first_name', 'text', (c) => c.notNull())
    .addColumn('last_name', 'text', (c) => c.notNull())
    .addColumn('profile_picture', 'text')
    .addColumn('city', 'text')
    .addColumn('state', 'text')
    .addColumn('zip_code', 'text')
    .addColumn('address', 'text')
    .addColumn('apt', 'text')
    .addColumn('created_at', stamp, created)
    .addColumn('updated_at', stamp, created)
    .execute();
  // Usernames are unique whatever their case; e-mails are stored lowercased.
  await db.schema
    .createIndex('users_username_lower')
    .on('users')
    .unique()
    .expression(sql`lower(username)`)
    .execute();

  await db.schema
    .createTable('revoked_tokens')
    .addColumn('jti', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('expires_at', stamp, (c) => c.notNull())
    .execute();

  await id(db.schema.createTable('listings'))
    .addColumn('owner_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('price', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('featured_image', 'text')
    .addColumn('thumbnail', 'text')
    .addColumn('is_active', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('is_public', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('type_id', 'integer', (c) => c.notNull())
    .addColumn('state_id', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('category_id', 'integer', (c) => c.notNull())
    .addColumn('created_at', stamp, created)
    .addColumn('updated_at', stamp, created)
    .execute();
  // mine / user_id / friends tabs: one owner's listings, newest first.
  await db.schema.createIndex('listings_owner_id').on('listings').columns(['owner_id', 'id']).execute();
  // public tab: active public listings, newest first.
  await db.schema
    .createIndex('listings_public_feed')
    .on('listings')
    .columns(['is_public', 'is_active', 'id'])
    .execute();

  await id(db.schema.createTable('want_listings'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('category_id', 'integer', (c) => c.notNull())
    .addColumn('created_at', stamp, created)
    .execute();
  await db.schema
    .createIndex('want_listings_user_category')
    .on('want_listings')
    .columns(['user_id', 'category_id'])
    .execute();

  await id(db.schema.createTable('friendships'))
    .addColumn('user_low', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('user_high', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('requester_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('created_at', stamp, created)
    .addColumn('updated_at', stamp, created)
    .addUniqueConstraint('friendships_pair', ['user_low', 'user_high'])
    .addCheckConstraint('friendships_ordered', sql`user_low < user_high`)
    .execute();
  await db.schema.createIndex('friendships_high_status').on('friendships').columns(['user_high', 'status']).execute();

  await id(db.schema.createTable('messages'))
    .addColumn('sender_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('receiver_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('content', 'text', (c) => c.notNull())
    .addColumn('client_id', 'text')
    .addColumn('created_at', stamp, created)
    .addColumn('read_at', stamp)
    .execute();
  // A retried send with the same client_id finds the stored message instead of adding one.
  await db.schema
    .createIndex('messages_sender_client_id')
    .on('messages')
    .unique()
    .columns(['sender_id', 'client_id'])
    .execute();
  await db.schema
    .createIndex('messages_sender_receiver')
    .on('messages')
    .columns(['sender_id', 'receiver_id', 'id'])
    .execute();
  await db.schema
    .createIndex('messages_receiver_sender')
    .on('messages')
    .columns(['receiver_id', 'sender_id', 'id'])
    .execute();

  await db.schema
    .createTable('images')
    .addColumn('name', 'text', (c) => c.primaryKey())
    .addColumn('content_type', 'text', (c) => c.notNull())
    .addColumn('data', sqlite ? 'blob' : 'bytea', (c) => c.notNull())
    .addColumn('created_at', stamp, created)
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ['images', 'messages', 'friendships', 'want_listings', 'listings', 'revoked_tokens', 'users']) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}
