import { sql } from 'kysely';
import type { DB } from '../../plugins/db';

/** Instant list mails: a handle's posts wait in one row until the worker hands them out (docs/decisions/0141). */
export function listBatchesRepository(db: DB) {
  return {
    /**
     * A new post waits for its handle's next instant mail. Only the handle's row is written (its
     * lock orders concurrent posts and the worker); who gets the mail is decided when it is handed
     * out (`handOutListBatches`), so a person who chose Instantly meanwhile gets it too (ADR 0141).
     */
    async queueListPost(args: { handle: string; postId: number }): Promise<void> {
      await sql`
        insert into email_list_batches (handle, post_ids) values (${args.handle}, array[${args.postId}::bigint])
        on conflict (handle) do update set post_ids = email_list_batches.post_ids || excluded.post_ids
      `.execute(db);
    },

    /**
     * Hands out every handle's waiting posts whose last mail is at least `intervalMs` old: one mail
     * to each follower of the handle's holder who has chosen Instantly now, and the handle's row
     * emptied, in one statement (so atomic: a crash hands out nothing, and a post is in exactly one
     * batch). SKIP LOCKED leaves a row a post's transaction holds to the next round; two workers
     * never take the same row. Returns how many mails it queued.
     */
    async handOutListBatches(args: { now: number; intervalMs: number }): Promise<number> {
      const { now, intervalMs } = args;
      // The count comes back as a row: drivers disagree on the affected rows of a statement with CTEs.
      const result = await sql<{ queued: string | number }>`
        with due as (
          select handle, post_ids from email_list_batches
          where cardinality(post_ids) > 0 and sent_at <= ${now - intervalMs}::bigint
          for update skip locked
        ), emptied as (
          update email_list_batches b set post_ids = '{}', sent_at = ${now}::bigint
          from due where b.handle = due.handle
        ), queued as (
          insert into email_outbox (kind, user_id, topic, payload, state, scheduled_at, next_attempt_at, created_at)
          select 'list-update', f.follower_id, 'list:' || d.handle,
                 jsonb_build_object('handle', d.handle, 'posts', to_jsonb(d.post_ids)),
                 'queued', ${now}::bigint, ${now}::bigint, ${now}::bigint
          from due d
          join handles h on h.handle = d.handle
          join follows f on f.handle = d.handle and f.followed_user_id = h.user_id
          join users u on u.id = f.follower_id
          -- Instant is never the default (daily is): only people who chose it have a row saying so.
          join email_preferences p on p.email = u.email and p.list_updates = 'instant'
          where f.follower_id <> h.user_id
          returning 1
        )
        select count(*) as queued from queued
      `.execute(db);
      return Number(result.rows[0]?.queued ?? 0);
    },
  };
}
