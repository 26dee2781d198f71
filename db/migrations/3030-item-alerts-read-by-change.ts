import { type Kysely, sql } from 'kysely';

/**
 * Item alerts read by what a version changed (docs/decisions/0231): the `item-alerts` job reads only
 * the alerts whose outcome the version can change, found by their query, instead of every alert
 * whose words the list holds.
 *
 * - `item_alert_query_words`: each distinct query's words, so a version finds the queries its lines
 *   (and the lines it dropped) concern once a query, not once an alert. Kept by a trigger on
 *   `item_alerts`, as an index is: every path that inserts alerts (the API, a restored backup, the
 *   bench) keeps it without knowing of it. A query whose alerts are all gone stays; it finds none.
 * - `item_alerts_query`: the alerts of a query, of a kind.
 * - `item_alert_evaluations`: the lines a list's alerts were last evaluated against, and the newest
 *   alert then, so the next version compares with them. Derived: without a row, a list is evaluated
 *   whole.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    create table item_alert_query_words (
      word text not null,
      prefix boolean not null,
      query tsquery not null,
      primary key (word, prefix, query)
    )`.execute(db);
  await sql`
    create function item_alert_query_words_kept() returns trigger language plpgsql as $$
    begin
      insert into item_alert_query_words (word, prefix, query)
      select distinct replace(m[1], '''''', ''''), m[2] is not null, new.query
      from regexp_matches(new.query::text, '''((?:[^'']|'''')+)''(:\\*)?', 'g') m
      on conflict do nothing;
      return null;
    end $$`.execute(db);
  await sql`
    create trigger item_alert_query_words_kept after insert on item_alerts
      for each row execute function item_alert_query_words_kept()`.execute(db);
  await sql`
    insert into item_alert_query_words (word, prefix, query)
    select distinct replace(m[1], '''''', ''''), m[2] is not null, q.query
    from (select distinct query from item_alerts) q
    cross join lateral regexp_matches(q.query::text, '''((?:[^'']|'''')+)''(:\\*)?', 'g') m
    on conflict do nothing`.execute(db);
  await sql`create index item_alerts_query on item_alerts (query, kind)`.execute(db);
  await sql`
    create table item_alert_evaluations (
      list_id bigint primary key references lists (id) on delete cascade,
      line_ids bigint[] not null,
      last_alert_id bigint not null,
      evaluated_at bigint not null
    )`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop table if exists item_alert_evaluations`.execute(db);
  await sql`drop index if exists item_alerts_query`.execute(db);
  await sql`drop trigger if exists item_alert_query_words_kept on item_alerts`.execute(db);
  await sql`drop function if exists item_alert_query_words_kept()`.execute(db);
  await sql`drop table if exists item_alert_query_words`.execute(db);
}
