import { type Kysely, sql } from 'kysely';

/**
 * Public profile pages rendered ahead and stored (docs/decisions/0115).
 *
 * `handles.page_version` moves in the same transaction as every write a profile page shows (to the
 * next value of one sequence, so a renderer finds what changed by an index range): the
 * handle itself, its holder's users row, their logo, posts and list names. A stored page names the
 * version its data was read at (in the same statement as the data), so a page rendered from data a
 * later write changed is never served, however the render and the write interleave. A handle that
 * goes takes its stored pages with it.
 *
 * Posts come and go in bulk (an account's removal, a restore, the bench's seed), so their inserts
 * and deletes move the versions once per statement; updates and the other tables are one row at a
 * time. Opening a post's link (open_count) is not something a page shows, so it moves nothing.
 */
export async function up(db: Kysely<any>): Promise<void> {
  // One sequence for every handle: a renderer finds what changed since it last looked by an index range.
  await sql`create sequence handle_page_versions`.execute(db);
  await sql`alter table handles add column page_version bigint not null default nextval('handle_page_versions')`.execute(db);
  await sql`create index handles_page_version_idx on handles (page_version)`.execute(db);
  await sql`
    create table rendered_pages (
      path text primary key,
      handle text not null references handles (handle) on delete cascade,
      -- The web build and page code the page was rendered with: another build renders it again.
      build text not null,
      version bigint not null,
      -- When the first relative age or validity label in it would read differently (epoch ms).
      fresh_until bigint not null,
      rendered_at bigint not null,
      -- Null parts: the page is not one to store (a redirect); the renderer need not try again until the version moves.
      status smallint,
      head text,
      root text,
      data text
    )`.execute(db);
  await sql`create index rendered_pages_handle_idx on rendered_pages (handle)`.execute(db);

  await sql`
    create function handles_page_version_moves() returns trigger language plpgsql as $$
    begin
      if new.page_version = old.page_version then
        new.page_version := nextval('handle_page_versions');
      end if;
      return new;
    end $$`.execute(db);
  await sql`create trigger handles_page_version before update on handles
    for each row execute function handles_page_version_moves()`.execute(db);

  // One person's row changed (users), or one row they own (a logo, a post's shown columns, a list's name).
  await sql`
    create function pages_of_person_changed() returns trigger language plpgsql as $$
    begin
      update handles set page_version = nextval('handle_page_versions') where user_id = new.id;
      return null;
    end $$`.execute(db);
  await sql`
    create function pages_of_owner_changed() returns trigger language plpgsql as $$
    begin
      update handles set page_version = nextval('handle_page_versions') where user_id = coalesce(new.user_id, old.user_id);
      if tg_op = 'UPDATE' and new.user_id is distinct from old.user_id then
        update handles set page_version = nextval('handle_page_versions') where user_id = old.user_id;
      end if;
      return null;
    end $$`.execute(db);
  // Many posts at once: every author in the statement, once.
  await sql`
    create function pages_of_posts_changed() returns trigger language plpgsql as $$
    begin
      update handles set page_version = nextval('handle_page_versions') where user_id in (select user_id from changed_posts);
      return null;
    end $$`.execute(db);

  await sql`create trigger users_pages after update on users
    for each row execute function pages_of_person_changed()`.execute(db);
  await sql`create trigger profile_logos_pages after insert or update or delete on profile_logos
    for each row execute function pages_of_owner_changed()`.execute(db);
  await sql`create trigger lists_pages after update of name, slug, user_id on lists
    for each row execute function pages_of_owner_changed()`.execute(db);
  await sql`create trigger posts_pages_update
    after update of user_id, handle, list_id, newest, url, description, created_at, edited_at, valid_from, valid_until on posts
    for each row execute function pages_of_owner_changed()`.execute(db);
  await sql`create trigger posts_pages_insert after insert on posts
    referencing new table as changed_posts for each statement execute function pages_of_posts_changed()`.execute(db);
  await sql`create trigger posts_pages_delete after delete on posts
    referencing old table as changed_posts for each statement execute function pages_of_posts_changed()`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const [trigger, table] of [
    ['posts_pages_delete', 'posts'],
    ['posts_pages_insert', 'posts'],
    ['posts_pages_update', 'posts'],
    ['lists_pages', 'lists'],
    ['profile_logos_pages', 'profile_logos'],
    ['users_pages', 'users'],
    ['handles_page_version', 'handles'],
  ]) {
    await sql`drop trigger if exists ${sql.id(trigger!)} on ${sql.id(table!)}`.execute(db);
  }
  await sql`drop function if exists pages_of_posts_changed()`.execute(db);
  await sql`drop function if exists pages_of_owner_changed()`.execute(db);
  await sql`drop function if exists pages_of_person_changed()`.execute(db);
  await sql`drop function if exists handles_page_version_moves()`.execute(db);
  await sql`drop table if exists rendered_pages`.execute(db);
  await sql`drop index if exists handles_page_version_idx`.execute(db);
  await sql`alter table handles drop column if exists page_version`.execute(db);
  await sql`drop sequence if exists handle_page_versions`.execute(db);
}
