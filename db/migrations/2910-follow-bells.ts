import { type Kysely, sql } from 'kysely';

/**
 * Bells per business followed (issue 41 §2, docs/decisions/0214): what a follower hears of one
 * business and how often, on the follows row, with the rules in constraints:
 *
 * - `bell`: 'all' (new lists and every change), 'moves' (new lists and price moves of at least
 *   `move_percent` %), 'lists' (new lists only), 'none'. A threshold exactly when the bell is 'moves'.
 * - `cadence`: 'instant', 'daily' or 'weekly'; null follows the person's default (email_preferences).
 * - `instant_at`: when this follower's last (or next, already queued) instant mail about the
 *   business goes: the hour between two of them is kept per follower, not per business.
 *
 * Queued instant mails are found by recipient and topic to gather later lists into them.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    alter table follows
      add column bell text not null default 'all' constraint follows_bell check (bell in ('all', 'moves', 'lists', 'none')),
      add column move_percent integer,
      add column cadence text constraint follows_cadence check (cadence in ('instant', 'daily', 'weekly')),
      add column instant_at bigint,
      add constraint follows_move_percent check (
        case when bell = 'moves' then coalesce(move_percent between 1 and 100, false) else move_percent is null end
      )`.execute(db);
  await sql`
    create index email_outbox_waiting_topic_idx on email_outbox (user_id, topic)
      where state = 'queued' and topic is not null`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index if exists email_outbox_waiting_topic_idx`.execute(db);
  await sql`
    alter table follows drop column if exists bell, drop column if exists move_percent,
      drop column if exists cadence, drop column if exists instant_at`.execute(db);
}
