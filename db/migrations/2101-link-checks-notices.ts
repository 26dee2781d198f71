import { type Kysely, sql } from 'kysely';
import { dropNoticeChanges, noticeChanges } from '../change-notices';

/**
 * The link watcher's table joins the change notices of ADR 0118 (docs/architecture.md's checklist):
 * a change to what cards and list pages show of a list's file (`broken`, `file_changed_at`, the
 * version it is about, its health) names the holder's handle; the watcher's bookkeeping (times,
 * validators, hashes, leases) notifies nobody, so a round that finds nothing new drops no cached
 * read. It replaces migration 2100's own trigger, which moved the handle's page version for the
 * stored pages that migration 1800 removed.
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
];

export async function up(db: Kysely<any>): Promise<void> {
  await sql`drop trigger if exists link_checks_shown on link_checks`.execute(db);
  await sql`drop function if exists link_checks_shown_changed()`.execute(db);
  await noticeChanges(db, 'link_checks', { tags: ['holder=user_id'], unshown: UNSHOWN });
}

export async function down(db: Kysely<any>): Promise<void> {
  await dropNoticeChanges(db, 'link_checks');
}
