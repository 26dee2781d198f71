import { type Kysely, sql } from 'kysely';

/** /following lists a reader's follows newest first, a page at a time, however many there are. */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`create index follows_follower_time_idx on follows (follower_id, followed_at desc, handle desc)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index if exists follows_follower_time_idx`.execute(db);
}
