import { type Kysely, sql } from 'kysely';

/**
 * The line a search by item shows is found in the list's search row (docs/decisions/0192).
 *
 * `list_search` also holds each list's current lines as two arrays in the same order: their ids
 * and their documents (copies of `list_lines.document`). Finding the best line of a page's 20 lists
 * then reads 20 rows instead of the 2,000 current lines, which lie wherever each was first stored
 * (1,794 pages read for one page of results at the bench's size). Kept by the same function as
 * the list's document, on every change of its lines.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    alter table list_search
      add column line_ids bigint[] not null default '{}',
      add column line_documents tsvector[] not null default '{}'`.execute(db);
  await sql`
    create or replace function list_search_refresh(lists bigint[]) returns void language plpgsql as $$
    begin
      delete from list_search where list_id = any(lists);
      insert into list_search (list_id, user_id, document, line_ids, line_documents)
      select l.list_id, li.user_id, to_tsvector('simple', directory_fold(string_agg(l.item, ' '))),
        array_agg(l.id order by l.id), array_agg(l.document order by l.id)
      from list_lines l join lists li on li.id = l.list_id
      where l.list_id = any(lists) and l.current and l.item is not null
      group by l.list_id, li.user_id;
    end $$`.execute(db);
  await sql`select list_search_refresh(array(select list_id from list_search))`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`
    create or replace function list_search_refresh(lists bigint[]) returns void language plpgsql as $$
    begin
      delete from list_search where list_id = any(lists);
      insert into list_search (list_id, user_id, document)
      select l.list_id, li.user_id, to_tsvector('simple', directory_fold(string_agg(l.item, ' ')))
      from list_lines l join lists li on li.id = l.list_id
      where l.list_id = any(lists) and l.current and l.item is not null
      group by l.list_id, li.user_id;
    end $$`.execute(db);
  await sql`alter table list_search drop column line_ids, drop column line_documents`.execute(db);
}
