import { type Kysely, sql } from 'kysely';

/**
 * A list whose file changed moves up in its followers' feeds, once, as an update (issue 29 §3,
 * docs/decisions/0155): `posts.moved_at` is when its newest version was last told of as changed
 * (null: never), and the feed orders by `coalesce(moved_at, created_at)`. The two indexes are the
 * feed's walk and its per-follow descent (ADR 0061, 0085) on that time; the ones on `created_at`
 * stay for the profile, which keeps lists in the order they were posted.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table posts add column moved_at bigint`.execute(db);
  await sql`
    create index posts_newest_feed_time_idx on posts ((coalesce(moved_at, created_at)) desc, id desc)
    include (handle, user_id) where newest`.execute(db);
  await sql`
    create index posts_newest_handle_feed_time_idx on posts (handle, (coalesce(moved_at, created_at)) desc, id desc)
    include (user_id) where newest`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index if exists posts_newest_handle_feed_time_idx`.execute(db);
  await sql`drop index if exists posts_newest_feed_time_idx`.execute(db);
  await sql`alter table posts drop column if exists moved_at`.execute(db);
}
