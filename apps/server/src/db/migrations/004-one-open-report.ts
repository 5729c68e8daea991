import { type Kysely, sql } from 'kysely';

// Frozen history: see 001.
/* eslint-disable @typescript-eslint/no-explicit-any */

/**
 * One open report per reporter and target: reports get a status ('open' until moderation
 * resolves them), repeats already stored collapse into the first one, and a partial unique
 * index keeps it so. Once a report is resolved, the member may report the target again.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('reports')
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('open'))
    .execute();

  // The first report stays: it is the one a repeat now answers, and its time is when the
  // member first raised the matter.
  await db
    .deleteFrom('reports')
    .where('status', '=', 'open')
    .where(({ exists, selectFrom }) =>
      exists(
        selectFrom('reports as earlier')
          .select(sql.lit(1).as('one'))
          .where('earlier.status', '=', 'open')
          .whereRef('earlier.reporter_id', '=', 'reports.reporter_id')
          .whereRef('earlier.target_type', '=', 'reports.target_type')
          .whereRef('earlier.target_id', '=', 'reports.target_id')
          .whereRef('earlier.id', '<', 'reports.id'),
      ),
    )
    .execute();

  await db.schema
    .createIndex('reports_one_open')
    .on('reports')
    .unique()
    .columns(['reporter_id', 'target_type', 'target_id'])
    .where(sql.ref('status'), '=', 'open')
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('reports_one_open').ifExists().execute();
  await db.schema.alterTable('reports').dropColumn('status').execute();
}
