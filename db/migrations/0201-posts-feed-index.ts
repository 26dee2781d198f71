import { type Kysely, sql } from 'kysely';

/**
 * The feed takes the newest few posts of each followed handle that its current holder made. With
 * user_id carried in the (handle, created_at, id) index, that is an index-only scan; the same index
 * still serves "newest posts of a handle" (docs/decisions/0020).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`drop index if exists posts_handle_time_idx`.execute(db);
  await sql`create index posts_handle_time_idx on posts (handle, created_at desc, id desc) include (user_id)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index if exists posts_handle_time_idx`.execute(db);
  await sql`create index posts_handle_time_idx on posts (handle, created_at desc, id desc)`.execute(db);
}
