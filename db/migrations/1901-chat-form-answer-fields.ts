import { type Kysely, sql } from 'kysely';

/**
 * Every answer key a form's responses hold, kept on the form (issue 33, docs/decisions/0132):
 * the responses page and the downloads list the older columns from it instead of reading every
 * response's answers (280 ms of a 20,000-response form on PGlite, which runs on the server's own
 * thread). A trigger, so every writer (a submission, a restore, psql) keeps it right.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table chat_forms add column answer_fields text[] not null default '{}'`.execute(db);
  await sql`
    create function chat_form_answer_fields() returns trigger language plpgsql as $$
    declare keys text[];
    begin
      select coalesce(array_agg(k), '{}') into keys from jsonb_object_keys(new.answers) k;
      update chat_forms set answer_fields = (select array_agg(distinct f order by f) from unnest(answer_fields || keys) f)
        where id = new.form_id and not (answer_fields @> keys);
      return null;
    end $$`.execute(db);
  await sql`
    create trigger chat_form_submissions_answer_fields after insert on chat_form_submissions
    for each row execute function chat_form_answer_fields()`.execute(db);
  await sql`
    update chat_forms c set answer_fields = coalesce(
      (select array_agg(distinct k order by k) from chat_form_submissions s, jsonb_object_keys(s.answers) k where s.form_id = c.id),
      '{}')`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop trigger if exists chat_form_submissions_answer_fields on chat_form_submissions`.execute(db);
  await sql`drop function if exists chat_form_answer_fields()`.execute(db);
  await sql`alter table chat_forms drop column if exists answer_fields`.execute(db);
}
