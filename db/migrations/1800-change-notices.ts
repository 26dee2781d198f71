import { type Kysely, sql } from 'kysely';
import { createNoticeFunctions, dropNoticeChanges, type NoticeOptions, noticeChanges } from '../change-notices';

/**
 * One read path (issue 28, docs/decisions/0118): change notices that name what changed replace the
 * bare "something changed" notice of migration 0800, and the stored profile pages of 0115/0116 go
 * (their table and the triggers that kept them).
 *
 * The tables cached reads show, and what their rows name:
 * - a person (`user:<id>`): their session rows and the session's person (email, name, admin, handle);
 * - a handle (`handle:<handle>`, directly or through the holder's user id): everything its public
 *   pages, link previews and cards show;
 * - a follower (`follower:<id>`): the follows behind their feed.
 * Columns that change often and that no cached read shows notify nobody.
 *
 * Kept for the migrations after this one that use them (2100 link checks, 2200 list contents, 2400
 * trade-only lists): `handles.page_version` and its sequence, and the functions that move it
 * (`pages_of_*`). Moving a handle's page version is an update of its handles row, so it notifies
 * `handle:<handle>` like any change the page shows. The bare notice `freshlist_notify_change()`
 * now names its table (`<table>` alone), so reads filed under `table:<table>` drop, and nothing else.
 */
const NOTICES: Record<string, NoticeOptions> = {
  users: { tags: ['user=id', 'holder=id'] },
  handles: { tags: ['user=user_id', 'handle=handle'] },
  posts: { tags: ['handle=handle', 'holder=user_id'], unshown: ['open_count'] },
  lists: { tags: ['holder=user_id'] },
  profile_logos: { tags: ['holder=user_id'] },
  follows: { tags: ['follower=follower_id'] },
  sessions: { tags: ['user=user_id'], unshown: ['last_seen_at'] },
  directory_entries: { tags: ['handle=handle'] },
  directory_words: { tags: [] },
};

/** The tables with a bare notice trigger `<table>_notify_change` (migrations 0800, 1200, 1300). */
const BARE_NOTICE_TABLES = [
  'profile_logos',
  'lists',
  'removed_posts',
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
  'sessions',
];

/** Migration 1600's triggers that kept the stored pages' versions, by table. */
const PAGE_VERSION_TRIGGERS: Array<[trigger: string, table: string]> = [
  ['handles_page_version', 'handles'],
  ['users_pages', 'users'],
  ['profile_logos_pages', 'profile_logos'],
  ['lists_pages', 'lists'],
  ['posts_pages_update', 'posts'],
  ['posts_pages_insert', 'posts'],
  ['posts_pages_delete', 'posts'],
];

const bareNotice = (body: string) => sql`
  create or replace function freshlist_notify_change() returns trigger language plpgsql as $$
  begin
    ${sql.raw(body)}
    return null;
  end
  $$`;

export async function up(db: Kysely<any>): Promise<void> {
  for (const table of BARE_NOTICE_TABLES) {
    await sql`drop trigger if exists ${sql.id(`${table}_notify_change`)} on ${sql.table(table)}`.execute(db);
  }
  await sql`drop trigger if exists sessions_notify_update on sessions`.execute(db);
  await bareNotice("perform pg_notify('freshlist_changes', tg_table_name);").execute(db);
  for (const [trigger, table] of PAGE_VERSION_TRIGGERS) {
    await sql`drop trigger if exists ${sql.id(trigger)} on ${sql.table(table)}`.execute(db);
  }
  await sql`drop table if exists rendered_pages`.execute(db);
  await sql`drop index if exists handles_page_version_idx`.execute(db);
  await createNoticeFunctions(db);
  for (const [table, options] of Object.entries(NOTICES)) await noticeChanges(db, table, options);
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of Object.keys(NOTICES)) await dropNoticeChanges(db, table);
  await sql`drop function if exists freshlist_notice_all()`.execute(db);
  // The stored pages as migrations 1600 and 1700 left them (empty: they are rendered again).
  await sql`create index if not exists handles_page_version_idx on handles (page_version)`.execute(db);
  await sql`
    create table rendered_pages (
      path text primary key,
      handle text not null references handles (handle) on delete cascade,
      build text not null,
      version bigint not null,
      fresh_until bigint not null,
      rendered_at bigint not null,
      status smallint,
      body bytea
    )`.execute(db);
  await sql`create index rendered_pages_handle_idx on rendered_pages (handle)`.execute(db);
  await sql`alter table rendered_pages alter column body set storage external`.execute(db);
  await sql`alter table rendered_pages set (toast_tuple_target = 8160)`.execute(db);
  await sql`create trigger handles_page_version before update on handles
    for each row execute function handles_page_version_moves()`.execute(db);
  await sql`create trigger users_pages after update on users
    for each row execute function pages_of_person_changed()`.execute(db);
  await sql`create trigger profile_logos_pages after insert or update or delete on profile_logos
    for each row execute function pages_of_owner_changed()`.execute(db);
  await sql`create trigger lists_pages after update of name, slug, user_id on lists
    for each row execute function pages_of_owner_changed()`.execute(db);
  await sql`create trigger posts_pages_update
    after update of user_id, handle, list_id, newest, url, description, created_at, edited_at, valid_from, valid_until on posts
    for each row execute function pages_of_owner_changed()`.execute(db);
  await sql`create trigger posts_pages_insert after insert on posts
    referencing new table as changed_posts for each statement execute function pages_of_posts_changed()`.execute(db);
  await sql`create trigger posts_pages_delete after delete on posts
    referencing old table as changed_posts for each statement execute function pages_of_posts_changed()`.execute(db);
  await bareNotice("perform pg_notify('freshlist_changes', '');").execute(db);
  for (const table of BARE_NOTICE_TABLES.filter((t) => t !== 'sessions')) {
    await sql`create trigger ${sql.id(`${table}_notify_change`)}
      after insert or update or delete or truncate on ${sql.table(table)}
      for each statement execute function freshlist_notify_change()`.execute(db);
  }
  await sql`create trigger sessions_notify_change after insert or delete or truncate on sessions
    for each statement execute function freshlist_notify_change()`.execute(db);
  await sql`create trigger sessions_notify_update after update on sessions for each row
    when (new.last_seen_at < old.last_seen_at or new.expires_at is distinct from old.expires_at
      or new.user_id is distinct from old.user_id or new.id is distinct from old.id)
    execute function freshlist_notify_change()`.execute(db);
}
