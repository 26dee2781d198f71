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
    // A member's mail goes to their address at delivery time; gone with them when they are deleted.
    .addColumn('user_id', 'uuid', (c) => c.references('users.id').onDelete('cascade'))
    .addColumn('to_address', 'text')
    .addColumn('payload', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
    // The Message-ID's left part, fixed when the row is written: a mail sent twice is the same mail.
    .addColumn('message_id', 'text', (c) => c.notNull().unique().defaultTo(sql`gen_random_uuid()::text`))
    // One mail per key ever (a digest per person per period).
    .addColumn('dedupe_key', 'text', (c) => c.unique())
    // Mails of one group (a follower and a handle) wait for each other: one pending at a time.
    .addColumn('group_key', 'text')
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
  await sql`create unique index email_outbox_pending_group_idx on email_outbox (group_key) where state = 'queued'`.execute(db);
  await sql`create index email_outbox_group_time_idx on email_outbox (group_key, scheduled_at) where group_key is not null`.execute(
    db,
  );
  await sql`create index email_outbox_state_time_idx on email_outbox (state, created_at desc)`.execute(db);
  await sql`create index email_outbox_user_idx on email_outbox (user_id)`.execute(db);

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
  await db.schema.dropTable('email_preferences').ifExists().execute();
  await db.schema.dropTable('email_outbox').ifExists().execute();
}
