import { type Kysely, sql } from 'kysely';

/**
 * The link watcher's state, one row a list (docs/decisions/0152): the newest version's link, what
 * the last check found, the validators and content hash to compare with, and when the next check
 * is due (claimed with a lease, as the email outbox does). Every existing list gets a row, due at
 * once but spread over the first half hour so a deploy does not fetch everything together.
 *
 * Checks write this table all the time (times, validators): that must not empty anyone's cache.
 * Only what people see moves pages: `broken` and `file_changed_at`. A row-level trigger notifies
 * `freshlist_changes` and moves the owner's page version (ADR 0065, 0115) when, and only when, one
 * of those changes.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    create table link_checks (
      list_id bigint primary key references lists (id) on delete cascade,
      user_id uuid not null references users (id) on delete cascade,
      post_id bigint,
      url text,
      health text not null default 'pending'
        check (health in ('pending', 'ok', 'needs-sign-in', 'not-found', 'not-a-file', 'unreachable', 'unchecked')),
      provider text,
      file_name text,
      file_type text,
      file_size bigint,
      file_changed_at bigint,
      etag text,
      last_modified text,
      content_sha256 text,
      quiet_checks integer not null default 0,
      problem_since bigint,
      broken boolean not null default false,
      owner_told boolean not null default false,
      last_error text,
      checked_at bigint,
      next_check_at bigint not null,
      lease_until bigint,
      created_at bigint not null
    )`.execute(db);
  await sql`create index link_checks_due_idx on link_checks (next_check_at)`.execute(db);
  await sql`create index link_checks_user_idx on link_checks (user_id)`.execute(db);
  await sql`create index link_checks_trouble_idx on link_checks (checked_at desc) where health not in ('ok', 'unchecked', 'pending')`.execute(
    db,
  );

  await sql`
    create function link_checks_shown_changed() returns trigger language plpgsql as $$
    begin
      perform pg_notify('freshlist_changes', '');
      update handles set page_version = nextval('handle_page_versions') where user_id = new.user_id;
      return null;
    end $$`.execute(db);
  await sql`
    create trigger link_checks_shown after update of broken, file_changed_at on link_checks
    for each row when (old.broken is distinct from new.broken or old.file_changed_at is distinct from new.file_changed_at)
    execute function link_checks_shown_changed()`.execute(db);

  const now = Date.now();
  await sql`
    insert into link_checks (list_id, user_id, post_id, url, next_check_at, created_at)
    select l.id, l.user_id, p.id, p.url, ${now}::bigint + (l.id % 1800) * 1000, ${now}::bigint
    from lists l join posts p on p.list_id = l.id and p.newest`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop table if exists link_checks`.execute(db);
  await sql`drop function if exists link_checks_shown_changed()`.execute(db);
}
