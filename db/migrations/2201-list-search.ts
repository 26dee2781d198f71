import { type Kysely, sql } from 'kysely';

/**
 * /explore's search by item (docs/decisions/0163) reads one document per list, not one per line.
 *
 * `list_search` holds each list's current items as one folded tsvector, kept by statement-level
 * triggers on `list_lines` (every writer: the reader, a restore, a bulk seed). A word then matches
 * at most one row per list: 50,000 posting entries at the bench's size instead of up to 5 million
 * lines, which kept the per-line GIN index of 2200 from its p99 target. The line that matched is
 * found afterwards among the page's lists only (list_lines_current_idx), so the per-line GIN index
 * is dropped.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`drop index if exists list_lines_document_idx`.execute(db);
  await sql`
    create table list_search (
      list_id bigint primary key references lists (id) on delete cascade,
      user_id uuid not null references users (id) on delete cascade,
      document tsvector not null
    )`.execute(db);
  await sql`create index list_search_document_idx on list_search using gin (document)`.execute(db);
  await sql`create index list_search_user_idx on list_search (user_id)`.execute(db);

  await sql`
    create function list_search_refresh(lists bigint[]) returns void language plpgsql as $$
    begin
      delete from list_search where list_id = any(lists);
      insert into list_search (list_id, user_id, document)
      select l.list_id, li.user_id, to_tsvector('simple', directory_fold(string_agg(l.item, ' ')))
      from list_lines l join lists li on li.id = l.list_id
      where l.list_id = any(lists) and l.current and l.item is not null
      group by l.list_id, li.user_id;
    end $$`.execute(db);
  for (const [event, table] of [
    ['insert', 'new'],
    ['delete', 'old'],
    ['update', 'new'],
  ] as const) {
    await sql`
      create function ${sql.raw(`list_search_after_${event}`)}() returns trigger language plpgsql as $$
      begin
        perform list_search_refresh(array(select distinct list_id from changed_lines));
        return null;
      end $$`.execute(db);
    await sql`
      create trigger ${sql.raw(`list_lines_search_${event}`)} after ${sql.raw(event)} on list_lines
      referencing ${sql.raw(table)} table as changed_lines
      for each statement execute function ${sql.raw(`list_search_after_${event}`)}()`.execute(db);
  }
  // Lists read before this migration.
  await sql`select list_search_refresh(array(select distinct list_id from list_lines where current))`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const event of ['insert', 'delete', 'update']) {
    await sql`drop trigger if exists ${sql.raw(`list_lines_search_${event}`)} on list_lines`.execute(db);
    await sql`drop function if exists ${sql.raw(`list_search_after_${event}`)}()`.execute(db);
  }
  await sql`drop function if exists list_search_refresh(bigint[])`.execute(db);
  await sql`drop table if exists list_search`.execute(db);
  await sql`create index list_lines_document_idx on list_lines using gin (document) where current`.execute(db);
}
