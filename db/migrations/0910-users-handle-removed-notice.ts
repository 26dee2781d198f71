import { type Kysely, sql } from 'kysely';

/**
 * A person whose handle an admin removed is told so on their dashboard, once (issue 15): the
 * notice is pending while `handle_revoked` is set and this is false. A removal sets it to false;
 * the person's acknowledgement sets it to true. People revoked before this migration see it once.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table users add column handle_removed_notice_seen boolean not null default false`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`alter table users drop column if exists handle_removed_notice_seen`.execute(db);
}
