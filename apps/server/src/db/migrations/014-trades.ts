import type { Kysely } from 'kysely';
import { isSqlite } from '../dialect.js';

// Frozen history: see 001.
/* eslint-disable @typescript-eslint/no-explicit-any */

/**
 * The trade, start to finish.
 *
 * - `messages.listing_id`: a message may carry a card of a listing ("I'd like this").
 * - `listing_interests`: who asked for which listing, and when.
 * - `listings.reserved_for_id` and `pickup_note`: the member a reserved listing (state 2) is kept for.
 * - `trades`: a listing handed over (given, swapped or sold) from its owner to a member; the title is
 *   kept so the trade reads after the listing is deleted.
 * - `thanks`: a short thanks from one member of a trade to the other, once each; hidden by its recipient.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const stamp = isSqlite(db) ? 'text' : 'timestamptz';
  const id = (t: any) =>
    isSqlite(db)
      ? t.addColumn('id', 'integer', (c: any) => c.primaryKey().autoIncrement())
      : t.addColumn('id', 'serial', (c: any) => c.primaryKey());

  await db.schema
    .alterTable('messages')
    .addColumn('listing_id', 'integer', (c) => c.references('listings.id').onDelete('set null'))
    .execute();

  await db.schema
    .createTable('listing_interests')
    .addColumn('listing_id', 'integer', (c) => c.notNull().references('listings.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', stamp, (c) => c.notNull())
    .addPrimaryKeyConstraint('listing_interests_pk', ['listing_id', 'user_id'])
    .execute();
  await db.schema.createIndex('listing_interests_user').on('listing_interests').column('user_id').execute();

  await db.schema
    .alterTable('listings')
    .addColumn('reserved_for_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .execute();
  await db.schema.alterTable('listings').addColumn('pickup_note', 'text').execute();

  await id(db.schema.createTable('trades'))
    .addColumn('listing_id', 'integer', (c: any) => c.references('listings.id').onDelete('set null'))
    .addColumn('listing_title', 'text', (c: any) => c.notNull())
    .addColumn('kind', 'text', (c: any) => c.notNull())
    .addColumn('owner_id', 'integer', (c: any) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('receiver_id', 'integer', (c: any) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', stamp, (c: any) => c.notNull())
    .execute();
  await db.schema.createIndex('trades_owner').on('trades').column('owner_id').execute();
  await db.schema.createIndex('trades_receiver').on('trades').column('receiver_id').execute();
  await db.schema.createIndex('trades_listing').on('trades').column('listing_id').execute();

  await id(db.schema.createTable('thanks'))
    .addColumn('trade_id', 'integer', (c: any) => c.notNull().references('trades.id').onDelete('cascade'))
    .addColumn('from_user_id', 'integer', (c: any) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('to_user_id', 'integer', (c: any) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('content', 'text', (c: any) => c.notNull())
    .addColumn('hidden', 'integer', (c: any) => c.notNull().defaultTo(0))
    .addColumn('created_at', stamp, (c: any) => c.notNull())
    .addUniqueConstraint('thanks_once_per_trade', ['trade_id', 'from_user_id'])
    .execute();
  await db.schema.createIndex('thanks_to_user').on('thanks').columns(['to_user_id', 'id']).execute();
  await db.schema.createIndex('thanks_from_user').on('thanks').column('from_user_id').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('thanks').ifExists().execute();
  await db.schema.dropTable('trades').ifExists().execute();
  await db.schema.alterTable('listings').dropColumn('pickup_note').execute();
  await db.schema.alterTable('listings').dropColumn('reserved_for_id').execute();
  await db.schema.dropTable('listing_interests').ifExists().execute();
  await db.schema.alterTable('messages').dropColumn('listing_id').execute();
}
