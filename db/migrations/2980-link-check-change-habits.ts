import { type Kysely, sql } from 'kysely';

/**
 * When a list's file usually changes (docs/decisions/0220): its last changes, minutes since the
 * epoch (an int4 holds minutes until the year 6053), so the watcher checks closely around those
 * times and less often elsewhere. Rows made before start empty: they learn as they change.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table link_checks add column change_minutes integer[] not null default '{}'`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`alter table link_checks drop column change_minutes`.execute(db);
}
