import { type Kysely, sql } from 'kysely';

/**
 * Every committed change to the data behind cached reads notifies `freshlist_changes`, so every
 * server process on the database drops its cached reads (docs/decisions/0065). Triggers rather
 * than the app: a change made by another process, a script or psql is heard all the same.
 * Left out, as in UNCACHED_TABLES (server/plugins/db-changes.ts): analytics_events,
 * admin_audit_log and chat_form_submissions, which no cached read shows. A session's last-seen
 * time moving forward (at most once a minute per session) is left out too.
 */
const NOTIFYING_TABLES = [
  'users',
  'handles',
  'handle_requests',
  'invites',
  'invite_requests',
  'posts',
  'follows',
  'chat_forms',
  'deleted_users',
  'admin_notes',
];

export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    create function freshlist_notify_change() returns trigger language plpgsql as $$
    begin
      perform pg_notify('freshlist_changes', '');
      return null;
    end
    $$
  `.execute(db);
  for (const table of NOTIFYING_TABLES) {
    await sql`
      create trigger ${sql.id(`${table}_notify_change`)}
      after insert or update or delete or truncate on ${sql.table(table)}
      for each statement execute function freshlist_notify_change()
    `.execute(db);
  }
  await sql`
    create trigger sessions_notify_change
    after insert or delete or truncate on sessions
    for each statement execute function freshlist_notify_change()
  `.execute(db);
  await sql`
    create trigger sessions_notify_update
    after update on sessions for each row
    when (
      new.last_seen_at < old.last_seen_at
      or new.expires_at is distinct from old.expires_at
      or new.user_id is distinct from old.user_id
      or new.id is distinct from old.id
    )
    execute function freshlist_notify_change()
  `.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop function if exists freshlist_notify_change() cascade`.execute(db);
}
