import { type Kysely, sql } from 'kysely';

/**
 * Living lists (issue 17, docs/decisions/0101). A list is a named series of posts with a slug that
 * is unique per owner; a post is one version of exactly one list, and `newest` marks the one the
 * list shows (at most one a list, by a unique partial index). Every existing post becomes a list of
 * one version, the list taking the post's id, so nothing changes for a reader. Removed posts leave
 * a row in `removed_posts`, so an old open link can answer 410 and name the profile.
 */
// Latin letters with accents, as a slug spells them (SQL has no unaccent without an extension).
const ACCENTED = 'àáâãäåçèéêëìíîïñòóôõöøùúûüýÿÀÁÂÃÄÅÇÈÉÊËÌÍÎÏÑÒÓÔÕÖØÙÚÛÜÝ';
const PLAIN = 'aaaaaaceeeeiiiinoooooouuuuyyAAAAAACEEEEIIIINOOOOOOUUUUY';

export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    create table lists (
      id bigint generated always as identity primary key,
      user_id uuid not null references users (id) on delete cascade,
      slug text not null check (slug ~ '^[a-z0-9]+(-[a-z0-9]+)*$' and char_length(slug) <= 80),
      name text not null check (char_length(name) between 1 and 60),
      created_at bigint not null,
      constraint lists_user_slug_key unique (user_id, slug),
      -- The target of posts' (list_id, user_id) key: a post's list is always its author's.
      constraint lists_id_user_key unique (id, user_id)
    )`.execute(db);

  await sql`
    alter table posts
      add column list_id bigint,
      add column newest boolean not null default true,
      add column edited_at bigint,
      add column valid_from text check (valid_from ~ '^\\d{4}-\\d{2}-\\d{2}$'),
      add column valid_until text check (valid_until ~ '^\\d{4}-\\d{2}-\\d{2}$'),
      add constraint posts_validity_order check (valid_until >= valid_from)`.execute(db);

  // One list per existing post, named from the description's first line (60 characters at most).
  // The slug is that name in lower-case letters, digits and hyphens; a second list of the same
  // slug, or one ending in -digits, gets its post id appended (ids are unique, so those never meet).
  await sql`
    insert into lists (id, user_id, slug, name, created_at) overriding system value
    select id, user_id,
      case when n = 1 and base !~ '-[0-9]+$' then base else base || '-' || id end,
      name, created_at
    from (
      select named.*, row_number() over (partition by user_id, base order by created_at, id) as n
      from (
        select p.id, p.user_id, p.created_at, l.name,
          coalesce(nullif(btrim(left(btrim(regexp_replace(lower(translate(l.name, ${ACCENTED}, ${PLAIN})), '[^a-z0-9]+', '-', 'g'), '-'), 60), '-'), ''), 'list') as base
        from posts p
        cross join lateral (
          select case
            when first_line = '' then 'Untitled list'
            when char_length(first_line) > 60 then left(first_line, 59) || '…'
            else first_line end as name
          from (select btrim(split_part(p.description, E'\\n', 1), E' \\t\\r') as first_line) f
        ) l
      ) named
    ) ranked`.execute(db);
  await sql`update posts set list_id = id`.execute(db);
  await sql`
    select setval(pg_get_serial_sequence('lists', 'id'), coalesce((select max(id) from lists), 0) + 1, false)`.execute(db);

  await sql`alter table posts alter column list_id set not null`.execute(db);
  await sql`
    alter table posts add constraint posts_list_fkey foreign key (list_id, user_id)
      references lists (id, user_id) on delete cascade`.execute(db);
  await sql`create unique index posts_list_newest_key on posts (list_id) where newest`.execute(db);
  await sql`create index posts_list_time_idx on posts (list_id, created_at desc, id desc)`.execute(db);
  // The feed's and the profile's paths, as before but over newest versions only (folded lists).
  await sql`
    create index posts_newest_handle_time_idx on posts (handle, created_at desc, id desc) include (user_id) where newest`.execute(
    db,
  );
  await sql`
    create index posts_newest_time_idx on posts (created_at desc, id desc) include (handle, user_id) where newest`.execute(db);
  await sql`create index posts_newest_user_time_idx on posts (user_id, created_at desc, id desc) where newest`.execute(db);

  await sql`
    create table removed_posts (
      id bigint primary key,
      user_id uuid not null references users (id) on delete cascade,
      handle text not null,
      removed_at bigint not null
    )`.execute(db);

  // Cached reads show both (docs/decisions/0065): a change must reach every process.
  for (const table of ['lists', 'removed_posts']) {
    await sql`
      create trigger ${sql.id(`${table}_notify_change`)}
      after insert or update or delete or truncate on ${sql.table(table)}
      for each statement execute function freshlist_notify_change()`.execute(db);
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop table if exists removed_posts`.execute(db);
  for (const index of [
    'posts_newest_user_time_idx',
    'posts_newest_time_idx',
    'posts_newest_handle_time_idx',
    'posts_list_time_idx',
    'posts_list_newest_key',
  ]) {
    await sql`drop index if exists ${sql.id(index)}`.execute(db);
  }
  await sql`
    alter table posts
      drop constraint if exists posts_list_fkey,
      drop constraint if exists posts_validity_order,
      drop column if exists valid_until,
      drop column if exists valid_from,
      drop column if exists edited_at,
      drop column if exists newest,
      drop column if exists list_id`.execute(db);
  await sql`drop table if exists lists`.execute(db);
}
