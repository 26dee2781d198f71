import { type Kysely, sql } from 'kysely';
import { dropNoticeChanges, noticeChanges } from '../change-notices';

/**
 * A list's file snapshots and its audience tell only what they change (issue 28, docs/decisions/0121).
 *
 * Migrations 2200 and 2400 moved the owner's `handles.page_version` on every snapshot and on every
 * change of a list's audience, for the stored pages that migration 1800 removed. Moving it is an
 * update of the handles row, which notifies `handles`: every cached feed is filed under
 * `table:handles`, so each file the watcher read anew dropped every reader's feed.
 *
 * Snapshots now notify like any table a page may show: `list_snapshots handle:<owner>`, and the
 * watcher's "seen again" (`checked_at`) notifies nobody. A list's audience is a column of `lists`,
 * whose notice already names the holder's handle; the sealing it sets off (posts, trade_contents)
 * notifies as those tables do.
 */
export async function up(db: Kysely<any>): Promise<void> {
  for (const trigger of ['list_snapshots_pages_insert', 'list_snapshots_pages_delete', 'list_snapshots_pages_update']) {
    await sql`drop trigger if exists ${sql.id(trigger)} on list_snapshots`.execute(db);
  }
  await sql`drop trigger if exists list_snapshots_notify_change on list_snapshots`.execute(db);
  await sql`drop trigger if exists lists_pages_audience on lists`.execute(db);
  await noticeChanges(db, 'list_snapshots', { tags: ['holder=user_id'], unshown: ['checked_at'] });
}

export async function down(db: Kysely<any>): Promise<void> {
  await dropNoticeChanges(db, 'list_snapshots');
  await sql`create trigger lists_pages_audience after update of audience on lists
    for each row when (new.audience is distinct from old.audience) execute function pages_of_owner_changed()`.execute(db);
  await sql`
    create trigger list_snapshots_notify_change
    after insert or update or delete or truncate on list_snapshots
    for each statement execute function freshlist_notify_change()`.execute(db);
  await sql`create trigger list_snapshots_pages_insert after insert on list_snapshots
    referencing new table as changed_posts for each statement execute function pages_of_posts_changed()`.execute(db);
  await sql`create trigger list_snapshots_pages_delete after delete on list_snapshots
    referencing old table as changed_posts for each statement execute function pages_of_posts_changed()`.execute(db);
  await sql`create trigger list_snapshots_pages_update
    after update of seen_at, state, reason, line_ids, counts, changes on list_snapshots
    for each row execute function pages_of_owner_changed()`.execute(db);
}
