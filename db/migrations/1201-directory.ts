import { type Kysely, sql } from 'kysely';

/**
 * The directory behind /explore (issue 15 §4, docs/decisions/0098): one row per held handle with
 * its search document, trades, area, follower count and newest post time, kept by triggers on the
 * tables it is made from, so every writer (the app, a restore, psql) keeps it right. Text is folded
 * (lower case, accents removed by unaccent) and split by the 'simple' configuration: no language's
 * stemming, since names and towns are not English words. `directory_words` holds every word of
 * every document, for pg_trgm to find what a mistyped word was meant to be.
 */
export async function up(db: Kysely<any>): Promise<void> {
  // Both are trusted extensions (PostgreSQL 13+): a database owner may create them without superuser.
  await sql`create extension if not exists pg_trgm`.execute(db);
  await sql`create extension if not exists unaccent`.execute(db);

  await sql`
    create function directory_fold(text) returns text language sql stable parallel safe
    as $$ select lower(unaccent(coalesce($1, ''))) $$`.execute(db);
  await sql`
    create function directory_document(handle text, display_name text, trades text[], area text, bio text)
    returns tsvector language sql stable parallel safe as $$
      select setweight(to_tsvector('simple', directory_fold(handle)), 'A')
        || setweight(to_tsvector('simple', directory_fold(display_name)), 'A')
        || setweight(to_tsvector('simple', directory_fold(array_to_string(trades, ' '))), 'B')
        || setweight(to_tsvector('simple', directory_fold(area)), 'B')
        || setweight(to_tsvector('simple', directory_fold(bio)), 'C')
    $$`.execute(db);

  await sql`
    create table directory_entries (
      handle text primary key references handles (handle) on delete cascade on update cascade,
      user_id uuid not null unique references users (id) on delete cascade,
      document tsvector not null,
      area_document tsvector not null,
      trades text[] not null,
      follower_count integer not null default 0,
      last_post_at bigint
    )`.execute(db);
  await sql`create index directory_entries_document_idx on directory_entries using gin (document)`.execute(db);
  await sql`create index directory_entries_area_idx on directory_entries using gin (area_document)`.execute(db);
  await sql`create index directory_entries_trades_idx on directory_entries using gin (trades)`.execute(db);
  await sql`create index directory_entries_recent_idx on directory_entries (last_post_at desc nulls last, handle)`.execute(db);

  await sql`create table directory_words (word text primary key)`.execute(db);
  await sql`create index directory_words_trgm_idx on directory_words using gin (word gin_trgm_ops)`.execute(db);

  // The entries of these people, made again from their handle, profile, follows and posts.
  await sql`
    create function directory_refresh(people uuid[]) returns void language plpgsql as $$
    begin
      delete from directory_entries e where e.user_id = any(people)
        and not exists (select 1 from handles h where h.user_id = e.user_id and h.handle = e.handle);
      insert into directory_entries as e (handle, user_id, document, area_document, trades, follower_count, last_post_at)
      select h.handle, h.user_id,
        directory_document(h.handle, u.display_name, u.trades, u.area, u.description),
        to_tsvector('simple', directory_fold(u.area)),
        u.trades,
        (select count(*) from follows f where f.handle = h.handle and f.followed_user_id = h.user_id),
        (select max(p.created_at) from posts p where p.user_id = h.user_id)
      from handles h join users u on u.id = h.user_id
      where h.user_id = any(people)
      on conflict (handle) do update set
        user_id = excluded.user_id, document = excluded.document, area_document = excluded.area_document,
        trades = excluded.trades, follower_count = excluded.follower_count, last_post_at = excluded.last_post_at;
      -- Words a typo can be made in: no compounds (their parts are here) and no numbers.
      insert into directory_words (word)
      select distinct w.lexeme from directory_entries e, unnest(e.document) w
      where e.user_id = any(people) and char_length(w.lexeme) between 3 and 40
        and w.lexeme !~ '[-0-9]'
      on conflict do nothing;
    end $$`.execute(db);

  // Transition tables allow one event per trigger: one trigger per event.
  await sql`
    create function directory_handles_changed() returns trigger language plpgsql as $$
    begin
      perform directory_refresh(array(select user_id from changed));
      return null;
    end $$`.execute(db);
  for (const event of ['insert', 'update']) {
    await sql`
      create trigger ${sql.id(`directory_handles_${event}`)} after ${sql.raw(event)} on handles
      referencing new table as changed for each statement execute function directory_handles_changed()`.execute(db);
  }

  await sql`
    create function directory_users_changed() returns trigger language plpgsql as $$
    begin
      perform directory_refresh(array(
        select n.id from new_rows n join old_rows o on o.id = n.id
        where (n.display_name, n.description, n.trades, n.area) is distinct from (o.display_name, o.description, o.trades, o.area)
          and exists (select 1 from handles h where h.user_id = n.id)));
      return null;
    end $$`.execute(db);
  await sql`
    create trigger directory_users_update after update on users
    referencing old table as old_rows new table as new_rows
    for each statement execute function directory_users_changed()`.execute(db);

  await sql`
    create function directory_posts_added() returns trigger language plpgsql as $$
    begin
      update directory_entries e set last_post_at = greatest(e.last_post_at, a.newest)
      from (select user_id, max(created_at) as newest from added group by user_id) a
      where e.user_id = a.user_id and e.last_post_at is distinct from greatest(e.last_post_at, a.newest);
      return null;
    end $$`.execute(db);
  await sql`
    create trigger directory_posts_insert after insert on posts
    referencing new table as added for each statement execute function directory_posts_added()`.execute(db);
  await sql`
    create function directory_posts_removed() returns trigger language plpgsql as $$
    begin
      update directory_entries e set last_post_at = (select max(p.created_at) from posts p where p.user_id = e.user_id)
      where e.user_id in (select distinct user_id from removed);
      return null;
    end $$`.execute(db);
  await sql`
    create trigger directory_posts_delete after delete on posts
    referencing old table as removed for each statement execute function directory_posts_removed()`.execute(db);

  // Follower counts move by what a statement added or removed: one row update per followed handle.
  await sql`
    create function directory_follows_counted() returns trigger language plpgsql as $$
    begin
      if tg_op = 'INSERT' then
        update directory_entries e set follower_count = e.follower_count + c.n
        from (select handle, followed_user_id, count(*) as n from added group by 1, 2) c
        where e.handle = c.handle and e.user_id = c.followed_user_id;
      elsif tg_op = 'DELETE' then
        update directory_entries e set follower_count = e.follower_count - c.n
        from (select handle, followed_user_id, count(*) as n from removed group by 1, 2) c
        where e.handle = c.handle and e.user_id = c.followed_user_id;
      else
        update directory_entries e
        set follower_count = (select count(*) from follows f where f.handle = e.handle and f.followed_user_id = e.user_id)
        where e.handle in (select handle from added union select handle from removed);
      end if;
      return null;
    end $$`.execute(db);
  await sql`
    create trigger directory_follows_insert after insert on follows
    referencing new table as added for each statement execute function directory_follows_counted()`.execute(db);
  await sql`
    create trigger directory_follows_delete after delete on follows
    referencing old table as removed for each statement execute function directory_follows_counted()`.execute(db);
  await sql`
    create trigger directory_follows_update after update on follows
    referencing old table as removed new table as added for each statement execute function directory_follows_counted()`.execute(
    db,
  );

  await sql`select directory_refresh(array(select user_id from handles))`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const [table, trigger] of [
    ['handles', 'directory_handles_insert'],
    ['handles', 'directory_handles_update'],
    ['users', 'directory_users_update'],
    ['posts', 'directory_posts_insert'],
    ['posts', 'directory_posts_delete'],
    ['follows', 'directory_follows_insert'],
    ['follows', 'directory_follows_delete'],
    ['follows', 'directory_follows_update'],
  ] as const) {
    await sql`drop trigger if exists ${sql.id(trigger)} on ${sql.table(table)}`.execute(db);
  }
  await sql`drop table if exists directory_words`.execute(db);
  await sql`drop table if exists directory_entries`.execute(db);
  for (const fn of [
    'directory_follows_counted()',
    'directory_posts_removed()',
    'directory_posts_added()',
    'directory_users_changed()',
    'directory_handles_changed()',
    'directory_refresh(uuid[])',
    'directory_document(text, text, text[], text, text)',
    'directory_fold(text)',
  ]) {
    await sql`drop function if exists ${sql.raw(fn)}`.execute(db);
  }
}
