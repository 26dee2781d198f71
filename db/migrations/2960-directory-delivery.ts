import { type Kysely, sql } from 'kysely';

/**
 * /explore's "delivers to <postcode or town> on <day>" (issue 40 §1, docs/decisions/0207): each
 * directory entry carries its business's delivery keys, kept by the directory's triggers from
 * users.delivery_terms: 'day:tue' for each delivery weekday, 'pc:BS8' for each postcode prefix (stored
 * normalized by the terms' schema), 'town:bath' for each town (folded by directory_town_key, which the
 * search folds the buyer's town with too), and 'area:any' for terms that name no area. No terms, no
 * keys. One GIN index answers both filters.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table directory_entries add column delivery_keys text[] not null default '{}'`.execute(db);
  await sql`create index directory_entries_delivery_idx on directory_entries using gin (delivery_keys)`.execute(db);

  await sql`
    create function directory_town_key(text) returns text language sql stable parallel safe
    as $$ select 'town:' || btrim(regexp_replace(directory_fold($1), '[^[:alnum:]]+', ' ', 'g')) $$`.execute(db);
  await sql`
    create function directory_delivery_keys(terms jsonb) returns text[] language sql stable parallel safe as $$
      select case when terms is null or jsonb_typeof(terms) <> 'object' then '{}'::text[] else array(
        select distinct k from (
          select 'day:' || (d ->> 'day') as k from jsonb_array_elements(coalesce(terms -> 'days', '[]')) d
          union all
          select 'pc:' || p from jsonb_array_elements_text(coalesce(terms #> '{areas,postcodes}', '[]')) p
          union all
          select directory_town_key(t) from jsonb_array_elements_text(coalesce(terms #> '{areas,towns}', '[]')) t
          union all
          select 'area:any' where coalesce(jsonb_array_length(terms #> '{areas,postcodes}'), 0) = 0
            and coalesce(jsonb_array_length(terms #> '{areas,towns}'), 0) = 0
        ) keys where k is not null order by k) end
    $$`.execute(db);

  await refreshFunction(db, true);
  await usersChangedFunction(db, true);
  await sql`select directory_refresh(array(select id from users where delivery_terms is not null))`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await usersChangedFunction(db, false);
  await refreshFunction(db, false);
  await sql`drop function if exists directory_delivery_keys(jsonb)`.execute(db);
  await sql`drop function if exists directory_town_key(text)`.execute(db);
  await sql`alter table directory_entries drop column if exists delivery_keys`.execute(db);
}

/** directory_refresh as migration 1201 made it, with the delivery keys when `withKeys`. */
async function refreshFunction(db: Kysely<any>, withKeys: boolean): Promise<void> {
  const column = withKeys ? sql`, delivery_keys` : sql``;
  const value = withKeys ? sql`, directory_delivery_keys(u.delivery_terms)` : sql``;
  const update = withKeys ? sql`, delivery_keys = excluded.delivery_keys` : sql``;
  await sql`
    create or replace function directory_refresh(people uuid[]) returns void language plpgsql as $$
    begin
      delete from directory_entries e where e.user_id = any(people)
        and not exists (select 1 from handles h where h.user_id = e.user_id and h.handle = e.handle);
      insert into directory_entries as e (handle, user_id, document, area_document, trades, follower_count, last_post_at${column})
      select h.handle, h.user_id,
        directory_document(h.handle, u.display_name, u.trades, u.area, u.description),
        to_tsvector('simple', directory_fold(u.area)),
        u.trades,
        (select count(*) from follows f where f.handle = h.handle and f.followed_user_id = h.user_id),
        (select max(p.created_at) from posts p where p.user_id = h.user_id)${value}
      from handles h join users u on u.id = h.user_id
      where h.user_id = any(people)
      on conflict (handle) do update set
        user_id = excluded.user_id, document = excluded.document, area_document = excluded.area_document,
        trades = excluded.trades, follower_count = excluded.follower_count, last_post_at = excluded.last_post_at${update};
      -- Words a typo can be made in: no compounds (their parts are here) and no numbers.
      insert into directory_words (word)
      select distinct w.lexeme from directory_entries e, unnest(e.document) w
      where e.user_id = any(people) and char_length(w.lexeme) between 3 and 40
        and w.lexeme !~ '[-0-9]'
      on conflict do nothing;
    end $$`.execute(db);
}

/** directory_users_changed as migration 1201 made it, also on a change of terms when `withTerms`. */
async function usersChangedFunction(db: Kysely<any>, withTerms: boolean): Promise<void> {
  const terms = withTerms ? sql`, n.delivery_terms` : sql``;
  const oldTerms = withTerms ? sql`, o.delivery_terms` : sql``;
  await sql`
    create or replace function directory_users_changed() returns trigger language plpgsql as $$
    begin
      perform directory_refresh(array(
        select n.id from new_rows n join old_rows o on o.id = n.id
        where (n.display_name, n.description, n.trades, n.area${terms}) is distinct from (o.display_name, o.description, o.trades, o.area${oldTerms})
          and exists (select 1 from handles h where h.user_id = n.id)));
      return null;
    end $$`.execute(db);
}
