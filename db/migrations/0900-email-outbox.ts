import { type Kysely, sql } from 'kysely';

/**
 * Email (issue 18, docs/decisions/0090): every mail is an outbox row written in the transaction of
 * the change that causes it; a worker in each process claims due rows (FOR UPDATE SKIP LOCKED),
 * renders and delivers them. Preferences are kept per address, so a one-click unsubscribe works for
 * people without an account (an invitee, the owner) as for members.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('email_outbox')
    .addColumn('id', 'bigint', (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('kind', 'text', (c) => c.notNull())
    // A member's mail goes to their address at delivery time. No foreign key: a post to 50,000
    // followers would check 50,000 keys; a deleted member's mail is cancelled at delivery instead.
    .addColumn('user_id', 'uuid')
    .addColumn('to_address', 'text')
    .addColumn('payload', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
    // One mail per key ever (a digest per person per period).
    .addColumn('dedupe_key', 'text')
    // What an instant mail is about ('list:{handle}', 'form:{id}').
    .addColumn('topic', 'text')
    .addColumn('state', 'text', (c) =>
      c.notNull().check(sql`state in ('queued', 'sending', 'sent', 'held', 'failed', 'cancelled')`),
    )
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('scheduled_at', 'bigint', (c) => c.notNull())
    .addColumn('next_attempt_at', 'bigint', (c) => c.notNull())
    .addColumn('lease_until', 'bigint')
    .addColumn('last_error', 'text')
    .addColumn('recipient', 'text')
    .addColumn('subject', 'text')
    .addColumn('html', 'text')
    .addColumn('text', 'text')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('sent_at', 'bigint')
    .execute();
  // The worker's claim: due queued rows and expired leases, oldest first.
  await sql`create index email_outbox_due_idx on email_outbox (next_attempt_at) where state in ('queued', 'sending')`.execute(db);
  // Few indexes: a post to 50,000 followers writes 50,000 rows, each entering every index that covers it.
  await sql`create unique index email_outbox_dedupe_idx on email_outbox (dedupe_key) where dedupe_key is not null`.execute(db);
  await sql`create index email_outbox_failed_idx on email_outbox (created_at desc) where state = 'failed'`.execute(db);

  // The slot of each topic's instant mails: at most one batch an hour a handle (or form).
  await db.schema
    .createTable('email_topic_slots')
    .addColumn('topic', 'text', (c) => c.primaryKey())
    .addColumn('slot_at', 'bigint', (c) => c.notNull())
    // Whether the last post opened a new batch (false: it joined the waiting one).
    .addColumn('opened', 'boolean', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('email_preferences')
    .addColumn('email', 'text', (c) => c.primaryKey().check(sql`email = lower(email) and email <> ''`))
    .addColumn('list_updates', 'text', (c) =>
      c.notNull().defaultTo('daily').check(sql`list_updates in ('instant', 'daily', 'weekly', 'off')`),
    )
    .addColumn('form_responses', 'text', (c) =>
      c.notNull().defaultTo('instant').check(sql`form_responses in ('instant', 'daily', 'off')`),
    )
    // Everything else that is not a direct answer to the person's own action (an invite, a removed handle).
    .addColumn('notices', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('unsubscribe_token', 'text', (c) => c.notNull().unique())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('email_topic_slots').ifExists().execute();
  await db.schema.dropTable('email_preferences').ifExists().execute();
  await db.schema.dropTable('email_outbox').ifExists().execute();
}
