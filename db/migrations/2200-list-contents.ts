import { type Kysely, sql } from 'kysely';

/**
 * What Freshlist read in lists' files (issue 30, docs/decisions/0162).
 *
 * `list_snapshots`: one row per version of a list's contents that differed from the one before
 * (or could not be read), with when it was first and last seen, its lines in order as ids, and
 * what changed since the previous readable version. `list_lines`: each distinct line of a list once
 * (by a hash of its parts), so a line unchanged across a hundred versions is stored once; `current`
 * marks the lines of the list's newest readable version, the ones /explore searches by item.
 * Both cascade from the list (and so from its owner). Snapshots notify `freshlist_changes` and move
 * the owner's page version, like posts (ADR 0065, 0115).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    create table list_snapshots (
      id bigint generated always as identity primary key,
      list_id bigint not null,
      user_id uuid not null,
      post_id bigint references posts (id) on delete set null,
      seen_at bigint not null,
      checked_at bigint not null,
      state text not null check (state in ('read', 'unreadable')),
      reason text,
      format text,
      line_ids bigint[] not null default '{}',
      counts jsonb,
      changes jsonb,
      constraint list_snapshots_list_fkey foreign key (list_id, user_id) references lists (id, user_id) on delete cascade
    )`.execute(db);
  await sql`create index list_snapshots_list_time_idx on list_snapshots (list_id, seen_at desc, id desc)`.execute(db);
  await sql`create index list_snapshots_user_idx on list_snapshots (user_id)`.execute(db);
  await sql`create index list_snapshots_post_idx on list_snapshots (post_id)`.execute(db);

  await sql`
    create table list_lines (
      id bigint generated always as identity primary key,
      list_id bigint not null references lists (id) on delete cascade,
      hash text not null,
      raw text not null,
      item text,
      price double precision,
      currency text,
      unit text,
      place text,
      current boolean not null default false,
      -- The item's words, folded like the directory's documents (ADR 0098), for /explore.
      document tsvector not null default ''::tsvector,
      constraint list_lines_list_hash_key unique (list_id, hash)
    )`.execute(db);
  // Every writer (the reader, a restore, psql) gets the same folded document, and the item's words
  // join the directory's word list, where a mistyped search finds them (ADR 0098).
  await sql`
    create function list_lines_document() returns trigger language plpgsql as $$
    begin
      new.document := to_tsvector('simple', directory_fold(new.item));
      return new;
    end $$`.execute(db);
  await sql`create trigger list_lines_document before insert or update of item on list_lines
    for each row execute function list_lines_document()`.execute(db);
  await sql`
    create function list_lines_words() returns trigger language plpgsql as $$
    begin
      insert into directory_words (word)
      select distinct w.lexeme from added_lines l, unnest(l.document) w
      where char_length(w.lexeme) between 3 and 40 and w.lexeme !~ '[-0-9]'
      on conflict do nothing;
      return null;
    end $$`.execute(db);
  await sql`create trigger list_lines_words after insert on list_lines
    referencing new table as added_lines for each statement execute function list_lines_words()`.execute(db);
  await sql`create index list_lines_document_idx on list_lines using gin (document) where current`.execute(db);
  await sql`create index list_lines_current_idx on list_lines (list_id) where current`.execute(db);

  await sql`
    create trigger list_snapshots_notify_change
    after insert or update or delete or truncate on list_snapshots
    for each statement execute function freshlist_notify_change()`.execute(db);
  // As posts do (1600): many snapshots at once (an account's removal, a restore, the bench) move each owner once.
  await sql`create trigger list_snapshots_pages_insert after insert on list_snapshots
    referencing new table as changed_posts for each statement execute function pages_of_posts_changed()`.execute(db);
  await sql`create trigger list_snapshots_pages_delete after delete on list_snapshots
    referencing old table as changed_posts for each statement execute function pages_of_posts_changed()`.execute(db);
  await sql`create trigger list_snapshots_pages_update
    after update of seen_at, state, reason, line_ids, counts, changes on list_snapshots
    for each row execute function pages_of_owner_changed()`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop table if exists list_lines`.execute(db);
  await sql`drop table if exists list_snapshots`.execute(db);
  await sql`drop function if exists list_lines_words()`.execute(db);
  await sql`drop function if exists list_lines_document()`.execute(db);
}
