import { type Kysely, sql } from 'kysely';

/**
 * The feed of a reader who follows many handles walks everybody's posts newest first and keeps
 * the followed ones; with handle and user_id carried in the index that walk never reads the table
 * (docs/decisions/0060).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`create index posts_time_idx on posts (created_at desc, id desc) include (handle, user_id)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index if exists posts_time_idx`.execute(db);
}
