import { ACCOUNT_TEXTS } from '@gardenswap/shared';
import { sql } from 'kysely';

/**
 * The username others see for the member in `<table>` (a `users` row or its alias): "Deleted
 * member" for the stand-in row a deleted member's conversations moved to (`deleted_at` set).
 * Any query that shows the other side of a message names them through this.
 */
export function shownUsername(table: string) {
  return sql<string>`case when ${sql.ref(`${table}.deleted_at`)} is null then ${sql.ref(`${table}.username`)} else ${ACCOUNT_TEXTS.deletedMember} end`;
}
