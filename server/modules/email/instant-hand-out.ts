import { sql } from 'kysely';
import type { DB } from '../../plugins/db';

/** Where a kind of instant mail waits: a row per handle holding the ids the next mail names. */
export interface InstantQueue {
  table: 'email_list_batches' | 'email_list_changes';
  column: 'post_ids' | 'list_ids';
  /** The outbox kind, its topic's prefix before the handle, and the payload's key for the ids. */
  kind: 'list-update' | 'list-changed';
  topicPrefix: 'list:' | 'changed:';
  payloadKey: 'posts' | 'lists';
}

/**
 * Hands out every handle's waiting ids whose last mail is at least `intervalMs` old: one mail to
 * each follower of the handle's holder who has chosen Instantly now, and the handle's row emptied,
 * in one statement (so atomic: a crash hands out nothing, and an id is in exactly one mail). SKIP
 * LOCKED leaves a row a writer's transaction holds to the next round; two workers never take the
 * same row (ADR 0141). Returns how many mails it queued.
 */
export async function handOutInstantMails(
  db: DB,
  queue: InstantQueue,
  args: { now: number; intervalMs: number },
): Promise<number> {
  const { now, intervalMs } = args;
  const ids = sql.ref(queue.column);
  // The count comes back as a row: drivers disagree on the affected rows of a statement with CTEs.
  const result = await sql<{ queued: string | number }>`
    with due as (
      select handle, ${ids} as ids from ${sql.table(queue.table)}
      where cardinality(${ids}) > 0 and sent_at <= ${now - intervalMs}::bigint
      for update skip locked
    ), emptied as (
      update ${sql.table(queue.table)} q set ${ids} = '{}', sent_at = ${now}::bigint
      from due where q.handle = due.handle
    ), queued as (
      insert into email_outbox (kind, user_id, topic, payload, state, scheduled_at, next_attempt_at, created_at)
      select ${queue.kind}::text, f.follower_id, ${queue.topicPrefix}::text || d.handle,
             jsonb_build_object('handle', d.handle, ${queue.payloadKey}::text, to_jsonb(d.ids)),
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
}
