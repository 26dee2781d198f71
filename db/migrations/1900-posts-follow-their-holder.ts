import { type Kysely, sql } from 'kysely';

/**
 * A post's `handle` column follows its author's current handle (issue 33, docs/decisions/0131):
 * public reads take the name from the holder (`handles` joined on the author), and the feed's
 * (handle, created_at) index needs the column to say the same. A trigger, so every way a handle is
 * given (approval, invite, admin grant, restore, psql) keeps it right. Rows whose author holds no
 * handle keep the last name they had; no public read shows them.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    create function posts_follow_holder() returns trigger language plpgsql as $$
    begin
      update posts set handle = new.handle where user_id = new.user_id and handle <> new.handle;
      update removed_posts set handle = new.handle where user_id = new.user_id and handle <> new.handle;
      return null;
    end $$`.execute(db);
  await sql`
    create trigger handles_posts_follow_holder after insert on handles
    for each row execute function posts_follow_holder()`.execute(db);
  // Posts of people who hold a different handle now than the one they posted under.
  await sql`update posts p set handle = h.handle from handles h where h.user_id = p.user_id and p.handle <> h.handle`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop trigger if exists handles_posts_follow_holder on handles`.execute(db);
  await sql`drop function if exists posts_follow_holder()`.execute(db);
}
