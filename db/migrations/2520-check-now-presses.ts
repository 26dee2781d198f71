import { type Kysely, sql } from 'kysely';

/**
 * The owner's "I've updated it: check now" (docs/decisions/0208): one row a press, so the limit of a
 * few presses an hour per list holds across processes (counted under the list's row lock), and the
 * worker that checks the file leaves what it found where the page asking for it reads it. The rows
 * go with their list; nothing cached shows them, so no change notice is needed.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    create table check_now_presses (
      id bigint generated always as identity primary key,
      list_id bigint not null references lists (id) on delete cascade,
      pressed_at bigint not null,
      settled_at bigint,
      outcome jsonb
    )`.execute(db);
  await sql`create index check_now_presses_list on check_now_presses (list_id, pressed_at)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop table if exists check_now_presses`.execute(db);
}
