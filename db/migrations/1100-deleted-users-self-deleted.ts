import { type Kysely, sql } from 'kysely';

/**
 * A person can delete their own account (issue 15 §6, docs/decisions/0095). The backup is the
 * admin's one; this says who asked for it, since `deleted_by` forgets a person who deleted
 * themselves (on delete set null). The purge of backups older than 30 days reads `deleted_at`.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table deleted_users add column self_deleted boolean not null default false`.execute(db);
  await sql`create index deleted_users_deleted_at_idx on deleted_users (deleted_at)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index if exists deleted_users_deleted_at_idx`.execute(db);
  await sql`alter table deleted_users drop column if exists self_deleted`.execute(db);
}
