import { type Kysely, sql } from 'kysely';

/**
 * The feed walks newest versions by their feed time since migration 2150 (docs/decisions/0155),
 * on `posts_newest_feed_time_idx`. EXPLAIN of the feed (5,000, 3,000 and 1 follows, pages 1 to 4),
 * the profile and the dashboard on the bench's 1,000,000 posts shows no query left on
 * `posts_newest_time_idx` (newest versions by created_at across everyone): 94 MB written on every
 * post and edit for nothing (bench/RESULTS.md, 2026-11-26 lists3).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`drop index if exists posts_newest_time_idx`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`
    create index if not exists posts_newest_time_idx on posts (created_at desc, id desc) include (handle, user_id) where newest`.execute(
    db,
  );
}
