import { sql } from 'kysely';
import { z } from 'zod';
import type { DB } from '../../plugins/db';
import { insertKeepingIds } from './restore-repository';

/**
 * What Freshlist read in the person's lists (docs/decisions/0162) in their deletion backup, their
 * restore and "Download my data": the versions (snapshots) and the lines they hold, ids kept so a
 * restored archive reads as it did. Deleting the person removes both with their lists (cascade).
 */

const snapshotSchema = z.object({
  id: z.number(),
  list_id: z.number(),
  post_id: z.number().nullable(),
  seen_at: z.number(),
  checked_at: z.number(),
  state: z.enum(['read', 'unreadable']),
  reason: z.string().nullable(),
  format: z.string().nullable(),
  line_ids: z.array(z.number()),
  counts: z.unknown().nullable(),
  changes: z.unknown().nullable(),
});

const lineSchema = z.object({
  id: z.number(),
  list_id: z.number(),
  hash: z.string(),
  raw: z.string(),
  item: z.string().nullable(),
  price: z.number().nullable(),
  currency: z.string().nullable(),
  unit: z.string().nullable(),
  place: z.string().nullable(),
  current: z.boolean(),
});

/** Backups made before issue 30 lack it: nothing had been read. */
export const listContentsBackupSchema = z
  .object({ snapshots: z.array(snapshotSchema), lines: z.array(lineSchema) })
  .default({ snapshots: [], lines: [] });
export type ListContentsBackup = z.infer<typeof listContentsBackupSchema>;

const json = (value: unknown) => (typeof value === 'string' ? JSON.parse(value) : (value ?? null));

/** The person's snapshots and lines, as stored. */
export async function listContentsOf(db: DB, userId: string): Promise<ListContentsBackup> {
  const snapshots = await db.selectFrom('list_snapshots').selectAll().where('user_id', '=', userId).orderBy('id').execute();
  const lines = await db
    .selectFrom('list_lines as l')
    .innerJoin('lists', 'lists.id', 'l.list_id')
    .select(['l.id', 'l.list_id', 'l.hash', 'l.raw', 'l.item', 'l.price', 'l.currency', 'l.unit', 'l.place', 'l.current'])
    .where('lists.user_id', '=', userId)
    .orderBy('l.id')
    .execute();
  return {
    snapshots: snapshots.map(({ user_id: _, ...s }) => ({
      ...s,
      id: Number(s.id),
      list_id: Number(s.list_id),
      post_id: s.post_id === null ? null : Number(s.post_id),
      seen_at: Number(s.seen_at),
      checked_at: Number(s.checked_at),
      line_ids: (s.line_ids as unknown[]).map(Number),
      counts: json(s.counts),
      changes: json(s.changes),
    })),
    lines: lines.map((l) => ({
      ...l,
      id: Number(l.id),
      list_id: Number(l.list_id),
      price: l.price === null ? null : Number(l.price),
    })),
  };
}

/** Brings the archive back for the lists the person has again; a version of a post not restored keeps no post. */
export async function restoreListContents(db: DB, userId: string, backup: ListContentsBackup): Promise<void> {
  if (backup.snapshots.length === 0) return;
  const lists = await db.selectFrom('lists').select('id').where('user_id', '=', userId).execute();
  const listIds = new Set(lists.map((l) => Number(l.id)));
  const postIds = backup.snapshots.flatMap((s) => (s.post_id === null ? [] : [s.post_id]));
  const posts = postIds.length ? await db.selectFrom('posts').select('id').where('id', 'in', postIds).execute() : [];
  const knownPosts = new Set(posts.map((p) => Number(p.id)));
  await insertKeepingIds(
    db,
    'list_lines',
    backup.lines.filter((l) => listIds.has(l.list_id)),
  );
  await insertKeepingIds(
    db,
    'list_snapshots',
    backup.snapshots
      .filter((s) => listIds.has(s.list_id))
      .map((s) => ({
        ...s,
        user_id: userId,
        post_id: s.post_id !== null && knownPosts.has(s.post_id) ? s.post_id : null,
        line_ids: sql`${s.line_ids}::bigint[]`,
        counts: s.counts === null ? null : JSON.stringify(s.counts),
        changes: s.changes === null ? null : JSON.stringify(s.changes),
      })),
  );
}
