import { type Kysely, sql } from 'kysely';

/**
 * Quiet hours and web push (issue 41 §4, docs/decisions/0214).
 *
 * - `alert_settings`: a person's quiet hours, minutes of the day in their time zone (an end before
 *   the start crosses midnight). Both ends or neither; the zone is checked by the server (IANA).
 * - `email_outbox_quiet`: an alert (an item alert, an instant list mail) queued inside the
 *   recipient's quiet hours waits until they end: its time is moved on insert, so every way of
 *   queueing one is covered, and nothing is dropped.
 * - `push_subscriptions`: one row a device that opted in; the push service's address is unique.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    create table alert_settings (
      user_id uuid primary key references users (id) on delete cascade,
      quiet_start smallint constraint alert_settings_start check (quiet_start between 0 and 1439),
      quiet_end smallint constraint alert_settings_end check (quiet_end between 0 and 1439),
      time_zone text not null constraint alert_settings_zone check (char_length(time_zone) between 1 and 64),
      updated_at bigint not null,
      constraint alert_settings_both check ((quiet_start is null) = (quiet_end is null) and quiet_start <> quiet_end)
    )`.execute(db);
  await sql`
    create function quiet_release(person uuid, at bigint) returns bigint language plpgsql stable as $$
    declare
      s alert_settings;
      local_minute int;
      wait int;
    begin
      select * into s from alert_settings where user_id = person;
      if not found or s.quiet_start is null then return at; end if;
      local_minute := extract(hour from to_timestamp(at / 1000.0) at time zone s.time_zone) * 60
                    + extract(minute from to_timestamp(at / 1000.0) at time zone s.time_zone);
      if (s.quiet_start < s.quiet_end and local_minute >= s.quiet_start and local_minute < s.quiet_end)
         or (s.quiet_start > s.quiet_end and (local_minute >= s.quiet_start or local_minute < s.quiet_end)) then
        wait := (s.quiet_end - local_minute + 1440) % 1440;
        -- To the minute the quiet hours end (the seconds of 'at' taken off).
        return at - (at % 60000) + wait::bigint * 60000;
      end if;
      return at;
    end $$`.execute(db);
  await sql`
    create function email_outbox_quiet() returns trigger language plpgsql as $$
    begin
      if new.user_id is not null and new.kind in ('item-alert', 'list-update', 'list-changed') then
        new.next_attempt_at := quiet_release(new.user_id, new.next_attempt_at);
        new.scheduled_at := greatest(new.scheduled_at, new.next_attempt_at);
      end if;
      return new;
    end $$`.execute(db);
  await sql`
    create trigger email_outbox_quiet before insert on email_outbox
      for each row execute function email_outbox_quiet()`.execute(db);

  await sql`
    create table push_subscriptions (
      id bigint generated always as identity primary key,
      user_id uuid not null references users (id) on delete cascade,
      endpoint text not null unique constraint push_subscriptions_endpoint check (endpoint ~ '^https?://' and char_length(endpoint) <= 1000),
      p256dh text not null constraint push_subscriptions_p256dh check (char_length(p256dh) between 80 and 100),
      auth text not null constraint push_subscriptions_auth check (char_length(auth) between 16 and 32),
      created_at bigint not null
    )`.execute(db);
  await sql`create index push_subscriptions_user on push_subscriptions (user_id)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop table if exists push_subscriptions`.execute(db);
  await sql`drop trigger if exists email_outbox_quiet on email_outbox`.execute(db);
  await sql`drop function if exists email_outbox_quiet()`.execute(db);
  await sql`drop function if exists quiet_release(uuid, bigint)`.execute(db);
  await sql`drop table if exists alert_settings`.execute(db);
}
