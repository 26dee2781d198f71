import { type Kysely, sql } from 'kysely';
import { dropNoticeChanges, noticeChanges } from '../change-notices';

/**
 * Telling followers that a list's file changed (issue 29 §3, docs/decisions/0153):
 * - `email_list_changes`: a handle's changed lists waiting for their instant mail, as
 *   email_list_batches holds its new posts (ADR 0141): a list changed ten times within the hour is
 *   one id in one row, handed out at most once an hour per handle.
 * - `link_checks.change_seen_at`: when the watcher saw the file change (the digests' period is
 *   about when people could have learned it, not the provider's Last-Modified). No page shows it:
 *   the table's notices are made again with it among the unshown columns.
 */
const UNSHOWN = [
  'url',
  'provider',
  'file_name',
  'file_type',
  'file_size',
  'etag',
  'last_modified',
  'content_sha256',
  'quiet_checks',
  'problem_since',
  'owner_told',
  'last_error',
  'checked_at',
  'next_check_at',
  'lease_until',
  'created_at',
  'change_seen_at',
];

export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    create table email_list_changes (
      handle text primary key,
      list_ids bigint[] not null default '{}',
      sent_at bigint not null default 0
    )`.execute(db);
  await sql`alter table link_checks add column change_seen_at bigint`.execute(db);
  await sql`create index link_checks_change_seen_idx on link_checks (change_seen_at) where change_seen_at is not null`.execute(
    db,
  );
  await dropNoticeChanges(db, 'link_checks');
  await noticeChanges(db, 'link_checks', { tags: ['holder=user_id'], unshown: UNSHOWN });
}

export async function down(db: Kysely<any>): Promise<void> {
  await dropNoticeChanges(db, 'link_checks');
  await noticeChanges(db, 'link_checks', { tags: ['holder=user_id'], unshown: UNSHOWN.filter((c) => c !== 'change_seen_at') });
  await sql`drop index if exists link_checks_change_seen_idx`.execute(db);
  await sql`alter table link_checks drop column if exists change_seen_at`.execute(db);
  await sql`drop table if exists email_list_changes`.execute(db);
}
