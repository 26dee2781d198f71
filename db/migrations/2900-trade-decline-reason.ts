import { type Kysely, sql } from 'kysely';

/**
 * A supplier may say why they declined a request for trade access (issue 43): the asker reads it in
 * the mail and on the supplier's page. Cleared when they ask again.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    alter table trade_requests
      add column decline_reason text not null default ''
      constraint trade_requests_decline_reason check (char_length(decline_reason) <= 500)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`alter table trade_requests drop column if exists decline_reason`.execute(db);
}
