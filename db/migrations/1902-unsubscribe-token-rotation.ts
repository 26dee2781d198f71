import { type Kysely, sql } from 'kysely';

/**
 * A new unsubscribe token each time the person changes their email preferences (issue 33,
 * docs/decisions/0133); the one before keeps working until `previous_token_until` (30 days), so
 * the unsubscribe links of mails already sent still work.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table email_preferences add column previous_token text, add column previous_token_until bigint`.execute(db);
  await sql`create unique index email_preferences_previous_token_idx on email_preferences (previous_token) where previous_token is not null`.execute(
    db,
  );
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index if exists email_preferences_previous_token_idx`.execute(db);
  await sql`alter table email_preferences drop column if exists previous_token, drop column if exists previous_token_until`.execute(
    db,
  );
}
