import { type Kysely, sql } from 'kysely';

/**
 * Item alerts (issue 41 §3, docs/decisions/0209): "tell me when burrata is back", "… under 30 € per
 * kg", "… moves more than 10 %". The database holds the rules a request could break: the owner,
 * the kinds and their threshold ranges, one alert of a kind per item and person, and at most 50 a
 * person (counted under the person's row lock, so two requests at once cannot both be the 51st).
 *
 * - `item_alert_words`: each word the alert's query may match (typos included), so a new version
 *   evaluates only the alerts whose words occur in its lines.
 * - `item_alert_states`: the condition's truth per alert and list ("exactly once per crossing"), and
 *   for 'moves' the price last told. A row holds only what is true or remembered; none is false.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    create table item_alerts (
      id bigint generated always as identity primary key,
      user_id uuid not null references users (id) on delete cascade,
      item text not null constraint item_alerts_item check (char_length(item) between 1 and 100),
      query tsquery not null,
      kind text not null constraint item_alerts_kind check (kind in ('back', 'under', 'moves')),
      threshold numeric,
      unit text constraint item_alerts_unit check (unit in ('kg', 'l', 'piece')),
      currency text constraint item_alerts_currency check (currency ~ '^[A-Z]{3}$'),
      scope text not null constraint item_alerts_scope check (scope in ('following', 'all')),
      paused boolean not null default false,
      created_at bigint not null,
      last_fired_at bigint,
      constraint item_alerts_threshold check (
        (kind = 'back' and threshold is null and unit is null and currency is null)
        or (kind = 'under' and threshold > 0 and threshold < 1000000)
        or (kind = 'moves' and threshold >= 1 and threshold <= 1000 and unit is null and currency is null)
      )
    )`.execute(db);
  await sql`create index item_alerts_user on item_alerts (user_id, id)`.execute(db);
  await sql`
    create unique index item_alerts_once on item_alerts
      (user_id, lower(item), kind, coalesce(threshold, -1), coalesce(unit, ''), coalesce(currency, ''), scope)`.execute(db);
  await sql`
    create function item_alerts_bounded() returns trigger language plpgsql as $$
    begin
      perform 1 from users where id = new.user_id for update;
      if (select count(*) from item_alerts where user_id = new.user_id) >= 50 then
        raise exception 'a person has at most 50 item alerts'
          using errcode = 'check_violation', constraint = 'item_alerts_at_most_50';
      end if;
      return new;
    end $$`.execute(db);
  await sql`
    create trigger item_alerts_bounded before insert on item_alerts
      for each row execute function item_alerts_bounded()`.execute(db);

  await sql`
    create table item_alert_words (
      word text not null,
      prefix boolean not null,
      alert_id bigint not null references item_alerts (id) on delete cascade,
      primary key (word, prefix, alert_id)
    )`.execute(db);
  await sql`create index item_alert_words_alert on item_alert_words (alert_id)`.execute(db);

  await sql`
    create table item_alert_states (
      alert_id bigint not null references item_alerts (id) on delete cascade,
      list_id bigint not null references lists (id) on delete cascade,
      holds boolean not null,
      reference numeric,
      reference_basis text,
      changed_at bigint not null,
      primary key (alert_id, list_id)
    )`.execute(db);
  await sql`create index item_alert_states_list on item_alert_states (list_id)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop table if exists item_alert_states`.execute(db);
  await sql`drop table if exists item_alert_words`.execute(db);
  await sql`drop table if exists item_alerts`.execute(db);
  await sql`drop function if exists item_alerts_bounded()`.execute(db);
}
