import { type Kysely, sql } from 'kysely';

/**
 * A released handle is held before someone else may claim it (#31, docs/decisions/0170): its old
 * QR cards, stickers and shared links go on pointing at /{handle}, and must not lead to a stranger.
 * Triggers rather than the app: every way a handle goes (an admin's removal, an account deleted,
 * a cascade, a script) leaves a hold, and every way one is claimed meets it.
 *
 * The cooling-off period is one number, here in `freshlist_handle_hold_days()`; the app reads the
 * date a hold ends from its row. A later migration that replaces the function changes it.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    create table handle_holds (
      handle text primary key,
      -- No foreign key: the former holder may be deleted and purged; they may still claim it back.
      former_user_id uuid not null,
      released_at bigint not null,
      held_until bigint not null
    )
  `.execute(db);
  await sql`create function freshlist_handle_hold_days() returns integer language sql immutable as $$ select 90 $$`.execute(db);
  await sql`
    create function freshlist_hold_released_handle() returns trigger language plpgsql as $$
    declare
      now_ms bigint := (extract(epoch from clock_timestamp()) * 1000)::bigint;
    begin
      insert into handle_holds (handle, former_user_id, released_at, held_until)
      values (old.handle, old.user_id, now_ms, now_ms + freshlist_handle_hold_days()::bigint * 86400000)
      on conflict (handle) do update
        set former_user_id = excluded.former_user_id, released_at = excluded.released_at, held_until = excluded.held_until;
      return null;
    end
    $$
  `.execute(db);
  await sql`
    create trigger handles_hold_released after delete on handles
    for each row execute function freshlist_hold_released_handle()
  `.execute(db);
  // Its former holder may take it back (a restored account, a handle given back); anyone else waits.
  await sql`
    create function freshlist_refuse_held_handle() returns trigger language plpgsql as $$
    begin
      if exists (
        select 1 from handle_holds h
        where h.handle = new.handle and h.former_user_id <> new.user_id
          and h.held_until > (extract(epoch from clock_timestamp()) * 1000)::bigint
      ) then
        raise exception 'the handle % is held after its release', new.handle
          using errcode = 'unique_violation', constraint = 'handle_holds_cooling_off';
      end if;
      delete from handle_holds where handle = new.handle;
      return new;
    end
    $$
  `.execute(db);
  await sql`
    create trigger handles_refuse_held before insert or update of handle on handles
    for each row execute function freshlist_refuse_held_handle()
  `.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop trigger if exists handles_refuse_held on handles`.execute(db);
  await sql`drop trigger if exists handles_hold_released on handles`.execute(db);
  await sql`drop function if exists freshlist_refuse_held_handle()`.execute(db);
  await sql`drop function if exists freshlist_hold_released_handle()`.execute(db);
  await sql`drop function if exists freshlist_handle_hold_days()`.execute(db);
  await sql`drop table if exists handle_holds`.execute(db);
}
