import { sql } from 'kysely';
import type { DB } from '../../plugins/db';
import { biggestMoveOf, cadenceOf, hearsOfChange } from './bell-filters';

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
 * A queued mail is gathered into only while it is this far from going: one a worker may be
 * claiming is left alone, and the ids go in a mail of their own at the same time instead.
 */
export const GATHER_MARGIN_MS = 60_000;

/**
 * Hands out every handle's waiting ids, each round (docs/decisions/0141, amended by 0214). Each
 * follower whose bell for the business is instant now gets them: at once when their last mail about
 * the business is at least `intervalMs` old, else gathered into the mail already queued for them,
 * or queued for when their hour ends. A follower on "price moves of at least X %" gets only the
 * changed lists that moved that much. The handle's row is emptied in the same statement (atomic: a
 * crash hands out nothing, and an id is in one mail a follower); SKIP LOCKED leaves a row a
 * writer's transaction holds to the next round. Returns how many mails it queued or added to.
 */
export async function handOutInstantMails(
  db: DB,
  queue: InstantQueue,
  args: { now: number; intervalMs: number },
): Promise<number> {
  const { now, intervalMs } = args;
  const ids = sql.ref(queue.column);
  const changes = queue.kind === 'list-changed';
  // Changed lists: each list's biggest move, once a round, for the followers who hear of big moves only.
  const theirIds = changes
    ? sql`case when f.bell = 'all' then d.ids else array(
        select m.id from moves m where m.handle = d.handle and ${hearsOfChange(sql<number>`m.pct`)}) end`
    : sql`d.ids`;
  // The count comes back as a row: drivers disagree on the affected rows of a statement with CTEs.
  const result = await sql<{ queued: string | number }>`
    with due as (
      select handle, ${ids} as ids from ${sql.table(queue.table)}
      where cardinality(${ids}) > 0
      for update skip locked
    ), emptied as (
      update ${sql.table(queue.table)} q set ${ids} = '{}', sent_at = ${now}::bigint
      from due where q.handle = due.handle
    ), moves as (
      select d.handle, i.id, ${changes ? biggestMoveOf(sql`i.id`) : sql`0`} as pct
      from due d cross join lateral unnest(d.ids) as i(id)
      where ${sql.lit(changes)}
    ), candidates as (
      select d.handle, f.follower_id, ${theirIds} as ids,
             case when f.instant_at > ${now}::bigint then f.instant_at
                  when f.instant_at is null or f.instant_at + ${intervalMs}::bigint <= ${now}::bigint then ${now}::bigint
                  else f.instant_at + ${intervalMs}::bigint end as at
      from due d
      join handles h on h.handle = d.handle
      join follows f on f.handle = d.handle and f.followed_user_id = h.user_id
      join users u on u.id = f.follower_id
      left join email_preferences p on p.email = u.email
      where f.follower_id <> h.user_id and ${cadenceOf()} = 'instant'
        and (${sql.lit(!changes)} or f.bell in ('all', 'moves'))
    ), recipients as (
      -- Each recipient with the mail already queued for them about the business, if any: one index
      -- look-up a recipient (the estimates of these CTEs are a row or two, whatever their size, so a
      -- join between two of them came out as a nested loop: 50,000 × 50,000 on PostgreSQL).
      select c.*, w.id as waiting_id
      from candidates c
      left join lateral (
        select o.id from email_outbox o
        where o.user_id = c.follower_id and o.topic = ${queue.topicPrefix}::text || c.handle
          and o.state = 'queued' and o.kind = ${queue.kind}::text and o.attempts = 0
          and o.next_attempt_at > ${now + GATHER_MARGIN_MS}::bigint
        order by o.id limit 1
      ) w on true
      where cardinality(c.ids) > 0
    ), gathered as (
      update email_outbox o
      set payload = jsonb_set(o.payload, array[${queue.payloadKey}::text],
                              coalesce(o.payload -> ${queue.payloadKey}::text, '[]'::jsonb) || to_jsonb(r.ids))
      from recipients r
      where o.id = r.waiting_id
      returning 1
    ), queued as (
      insert into email_outbox (kind, user_id, topic, payload, state, scheduled_at, next_attempt_at, created_at)
      select ${queue.kind}::text, r.follower_id, ${queue.topicPrefix}::text || r.handle,
             jsonb_build_object('handle', r.handle, ${queue.payloadKey}::text, to_jsonb(r.ids)),
             'queued', r.at, r.at, ${now}::bigint
      from recipients r
      where r.waiting_id is null
      returning 1
    ), marked as (
      update follows f set instant_at = r.at
      from recipients r where f.follower_id = r.follower_id and f.handle = r.handle
      returning 1
    )
    select (select count(*) from queued) + (select count(*) from gathered) + 0 * (select count(*) from marked) as queued
  `.execute(db);
  return Number(result.rows[0]?.queued ?? 0);
}
