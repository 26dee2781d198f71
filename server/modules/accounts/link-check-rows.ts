import type { Selectable } from 'kysely';
import { z } from 'zod';
import type { LinkChecksTable } from '../../../db/schema-link-check';
import type { DB } from '../../plugins/db';

/**
 * What the link watcher learned about a person's lists (docs/decisions/0152): backed up, restored
 * and exported with them (decisions.md: it is the person's data like everything else). A claim in
 * flight (lease_until) is not kept: a restored list is simply checked again when it is due.
 */
export type BackedUpLinkCheck = Omit<Selectable<LinkChecksTable>, 'user_id' | 'lease_until'>;

const text = z.string().nullable();
const time = z.number().nullable();
export const linkCheckBackupSchema: z.ZodType<BackedUpLinkCheck> = z.object({
  list_id: z.number(),
  post_id: time,
  url: text,
  health: z.string(),
  provider: text,
  file_name: text,
  file_type: text,
  file_size: time,
  file_changed_at: time,
  etag: text,
  last_modified: text,
  content_sha256: text,
  quiet_checks: z.number(),
  problem_since: time,
  broken: z.boolean(),
  owner_told: z.boolean(),
  last_error: text,
  checked_at: time,
  next_check_at: z.number(),
  created_at: z.number(),
  // Backups made before migration 2102 lack it.
  change_seen_at: time.default(null),
  // Backups made before migration 2980 lack it: the habit is learned again.
  change_minutes: z.array(z.number().int()).max(50).default([]),
});

const num = (v: unknown) => (v === null || v === undefined ? null : Number(v));

export function linkCheckRowsRepository(db: DB) {
  return {
    async linkChecksOf(userId: string): Promise<BackedUpLinkCheck[]> {
      const rows = await db.selectFrom('link_checks').selectAll().where('user_id', '=', userId).orderBy('list_id').execute();
      return rows.map(({ user_id: _u, lease_until: _l, ...r }) => ({
        ...r,
        list_id: Number(r.list_id),
        post_id: num(r.post_id),
        file_size: num(r.file_size),
        file_changed_at: num(r.file_changed_at),
        problem_since: num(r.problem_since),
        checked_at: num(r.checked_at),
        next_check_at: Number(r.next_check_at),
        created_at: Number(r.created_at),
        change_seen_at: num(r.change_seen_at),
      }));
    },

    /** Rows of lists that came back as the person's; a list that has a row already keeps it. */
    async insertLinkChecks(userId: string, rows: BackedUpLinkCheck[]): Promise<void> {
      if (rows.length === 0) return;
      const owned = await db
        .selectFrom('lists')
        .select('id')
        .where('user_id', '=', userId)
        .where(
          'id',
          'in',
          rows.map((r) => r.list_id),
        )
        .execute();
      const ids = new Set(owned.map((l) => Number(l.id)));
      const values = rows.filter((r) => ids.has(r.list_id)).map((r) => ({ ...r, user_id: userId }));
      if (values.length === 0) return;
      await db
        .insertInto('link_checks')
        .values(values)
        .onConflict((oc) => oc.column('list_id').doNothing())
        .execute();
    },
  };
}
