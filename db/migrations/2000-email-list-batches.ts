import { type Kysely, sql } from 'kysely';

/**
 * Instant list mails choose their recipients when they are sent, not when a batch opens (issue 31,
 * docs/decisions/0141). A handle's row gathers the ids of the posts that wait for its next mail;
 * the worker hands a due row out (one mail to each follower who chose Instantly then) and empties
 * it in the same statement. `sent_at` is when the handle's last mail was handed out: the next one
 * waits an hour after it.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    create table email_list_batches (
      handle text primary key,
      sent_at bigint not null default 0,
      post_ids bigint[] not null default '{}'
    )`.execute(db);
  // The worker looks only at rows that wait.
  await sql`create index email_list_batches_waiting_idx on email_list_batches (sent_at) where cardinality(post_ids) > 0`.execute(
    db,
  );
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop table if exists email_list_batches`.execute(db);
}
