import { type Kysely, sql } from 'kysely';

/**
 * An owner may close a chat form (issue 19): at a time, or once it holds a number of responses.
 * Both null on every existing form, which stays open as before. Question kinds and typed answers
 * need no column: they live in the existing jsonb (a question without `type` reads as short text).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table chat_forms add column closes_at bigint`.execute(db);
  await sql`alter table chat_forms add column max_responses integer`.execute(db);
  await sql`alter table chat_forms add constraint chat_forms_max_responses_positive check (max_responses > 0)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`alter table chat_forms drop constraint if exists chat_forms_max_responses_positive`.execute(db);
  await sql`alter table chat_forms drop column if exists max_responses`.execute(db);
  await sql`alter table chat_forms drop column if exists closes_at`.execute(db);
}
