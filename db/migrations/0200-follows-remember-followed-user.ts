import { type Kysely, sql } from 'kysely';

/**
 * A follow outlives the handle it points at, so /following can still show a deleted handle (with
 * blanks) and a restored user gets their followers back. It remembers whom it followed, so a handle
 * given to someone else later does not hand them the old holder's followers (docs/decisions/0021).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table follows add column followed_user_id uuid`.execute(db);
  await sql`update follows f set followed_user_id = h.user_id from handles h where h.handle = f.handle`.execute(db);
  await sql`alter table follows alter column followed_user_id set not null`.execute(db);
  await sql`alter table follows drop constraint if exists follows_handle_fkey`.execute(db);
  await sql`alter table follows add constraint follows_handle_format check (handle ~ '^[a-z0-9-]{1,30}$')`.execute(db);
  // What the foreign key did at insert time: a new follow names a handle someone holds now. Its
  // holder is filled in when the writer leaves it out, so every writer records the same thing.
  await sql`
    create function follows_fill_followed_user() returns trigger language plpgsql as $$
    begin
      if new.followed_user_id is null then
        select user_id into new.followed_user_id from handles where handle = new.handle;
        if new.followed_user_id is null then
          raise exception 'handle % is not held by anyone', new.handle
            using errcode = 'foreign_key_violation', constraint = 'follows_handle_held';
        end if;
      end if;
      return new;
    end $$`.execute(db);
  await sql`
    create trigger follows_fill_followed_user before insert on follows
    for each row execute function follows_fill_followed_user()`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop trigger if exists follows_fill_followed_user on follows`.execute(db);
  await sql`drop function if exists follows_fill_followed_user()`.execute(db);
  await sql`delete from follows f where not exists (select 1 from handles h where h.handle = f.handle)`.execute(db);
  await sql`alter table follows drop constraint follows_handle_format`.execute(db);
  await sql`alter table follows add constraint follows_handle_fkey foreign key (handle) references handles (handle) on delete cascade on update cascade`.execute(
    db,
  );
  await sql`alter table follows drop column followed_user_id`.execute(db);
}
