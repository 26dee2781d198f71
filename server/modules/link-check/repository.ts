import { sql } from 'kysely';
import { ownersContents } from '../../../db/sealed-contents';
import type { DB } from '../../plugins/db';
import { keepsCachedReads } from '../../plugins/db-changes';
import { linkCheckClaimsRepository } from './claims-repository';
import { linkCheckViewRepository } from './view-repository';

/** A claimed check: the row as it was, and the list's newest version now. */
export interface ClaimedCheck {
  listId: number;
  userId: string;
  postId: number | null;
  url: string | null;
  health: string;
  fileChangedAt: number | null;
  etag: string | null;
  lastModified: string | null;
  contentSha256: string | null;
  quietChecks: number;
  problemSince: number | null;
  broken: boolean;
  fileName: string | null;
  fileType: string | null;
  fileSize: number | null;
  provider: string | null;
  changeSeenAt: number | null;
  /** When the file was last checked; null before its first check. */
  checkedAt: number | null;
  /** The file's last changes, minutes since the epoch, oldest first (change-habit.ts). */
  changeMinutes: number[];
  leaseUntil: number;
  /** The list's newest version now (it may have changed since the last check). */
  currentPostId: number | null;
  currentUrl: string | null;
}

/** What a check leaves in the row; every column written as it should be. */
export interface CheckRecord {
  listId: number;
  leaseUntil: number;
  postId: number | null;
  url: string | null;
  health: string;
  provider: string | null;
  fileName: string | null;
  fileType: string | null;
  fileSize: number | null;
  fileChangedAt: number | null;
  etag: string | null;
  lastModified: string | null;
  contentSha256: string | null;
  quietChecks: number;
  problemSince: number | null;
  broken: boolean;
  lastError: string | null;
  checkedAt: number;
  nextCheckAt: number;
  changeSeenAt: number | null;
  changeMinutes: number[];
}

const _num = (v: unknown) => (v === null || v === undefined ? null : Number(v));

/**
 * All SQL of the link watcher. Its routine writes (claims, a check that changed nothing anyone
 * sees) end with keepsCachedReads: a watcher going through every list must not empty the caches.
 * A write that changes what pages show (`broken`, `file_changed_at`) is a plain write, and the
 * table's trigger tells the other processes and moves the owner's page version (migration 2100).
 */
export function linkChecksRepository(db: DB) {
  return {
    ...linkCheckViewRepository(db),
    ...linkCheckClaimsRepository(db),

    /** A list's newest version was posted: its link is checked next, afresh when it is a new link. */
    async track(row: { listId: number; userId: string; postId: number; url: string; now: number }): Promise<void> {
      await db
        .insertInto('link_checks')
        .values({
          list_id: row.listId,
          user_id: row.userId,
          post_id: row.postId,
          url: row.url,
          next_check_at: row.now,
          created_at: row.now,
        })
        .onConflict((oc) => oc.column('list_id').doUpdateSet({ next_check_at: row.now, quiet_checks: 0 }))
        .execute();
    },

    /** How many lists the watchers keep checking (the pace of a round, schedule.ts). */
    async tracked(): Promise<number> {
      const row = await db
        .selectFrom('link_checks')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirst();
      return Number(row?.n ?? 0);
    },

    /** How many lists with a version have no row yet (made before the watcher, restored, seeded): one anti-join, no write. */
    async untracked(): Promise<number> {
      const row = await db
        .selectFrom('lists as l')
        .innerJoin('posts as p', (join) => join.onRef('p.list_id', '=', 'l.id').on('p.newest', '=', true))
        .where(({ not, exists, selectFrom }) =>
          not(exists(selectFrom('link_checks as c').select('c.list_id').whereRef('c.list_id', '=', 'l.id'))),
        )
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirst();
      return Number(row?.n ?? 0);
    },

    /** The id `count` lists after `after` in id order (or the last one, if fewer are left); null when none is. */
    async listIdAfter(after: number, count: number): Promise<number | null> {
      const row = await db
        .selectFrom((eb) => eb.selectFrom('lists').select('id').where('id', '>', after).orderBy('id').limit(count).as('chunk'))
        .select((eb) => eb.fn.max('chunk.id').as('id'))
        .executeTakeFirst();
      return row?.id === null || row?.id === undefined ? null : Number(row.id);
    },

    /**
     * Adopts the lists with ids in (after, upTo] that have no row: each due at a time of its own
     * within `spreadMs` of now (by its id, as migration 2100 spread the first ones), so a start
     * that adopts 50,000 lists does not make them all due at once (docs/decisions/0190). A range
     * of ids, not "the first N without a row": that anti-join read every adopted row again.
     */
    async adoptUntracked(now: number, spreadMs: number, after: number, upTo: number): Promise<number> {
      const result = await db
        .insertInto('link_checks')
        .columns(['list_id', 'user_id', 'post_id', 'url', 'next_check_at', 'created_at'])
        .expression((eb) =>
          eb
            .selectFrom('lists as l')
            .innerJoin('posts as p', (join) => join.onRef('p.list_id', '=', 'l.id').on('p.newest', '=', true))
            // A trade-only list's link is sealed: the watcher reads it as its owner (docs/decisions/0180).
            .leftJoinLateral(ownersContents(), (join) => join.onRef('tc.post_id', '=', 'p.id'))
            .where('l.id', '>', after)
            .where('l.id', '<=', upTo)
            .where(({ not, exists, selectFrom }) =>
              not(exists(selectFrom('link_checks as c').select('c.list_id').whereRef('c.list_id', '=', 'l.id'))),
            )
            .select((eb) => [
              'l.id',
              'l.user_id',
              'p.id as post_id',
              eb.fn.coalesce('tc.url', 'p.url').as('url'),
              sql<number>`${now}::bigint + (l.id * 1000) % ${Math.max(1, spreadMs)}::bigint`.as('next_check_at'),
              sql<number>`${now}::bigint`.as('created_at'),
            ]),
        )
        .onConflict((oc) => oc.column('list_id').doNothing())
        .modifyEnd(keepsCachedReads)
        .executeTakeFirst();
      return Number(result.numInsertedOrUpdatedRows ?? 0);
    },

    /**
     * Records checks in one statement, each only while its claim holds (the same lease). `shown`:
     * some change what pages show, so this write is not marked as keeping cached reads.
     */
    async record(records: CheckRecord[], shown: boolean): Promise<number> {
      if (records.length === 0) return 0;
      const rows = JSON.stringify(records);
      const values = sql`(select * from jsonb_to_recordset(${rows}::jsonb) as x(
        "listId" bigint, "leaseUntil" bigint, "postId" bigint, url text, health text, provider text, "fileName" text,
        "fileType" text, "fileSize" bigint, "fileChangedAt" bigint, etag text, "lastModified" text, "contentSha256" text,
        "quietChecks" integer, "problemSince" bigint, broken boolean, "lastError" text, "checkedAt" bigint, "nextCheckAt" bigint,
        "changeSeenAt" bigint, "changeMinutes" integer[]))`;
      const v = (column: string) => sql.ref(`v.${column}`);
      const query = db
        .updateTable('link_checks as c')
        .from(values.as('v'))
        .set({
          post_id: v('postId'),
          url: v('url'),
          health: v('health'),
          provider: v('provider'),
          file_name: v('fileName'),
          file_type: v('fileType'),
          file_size: v('fileSize'),
          file_changed_at: v('fileChangedAt'),
          etag: v('etag'),
          last_modified: v('lastModified'),
          content_sha256: v('contentSha256'),
          quiet_checks: v('quietChecks'),
          problem_since: v('problemSince'),
          broken: v('broken'),
          last_error: v('lastError'),
          checked_at: v('checkedAt'),
          next_check_at: v('nextCheckAt'),
          change_seen_at: v('changeSeenAt'),
          change_minutes: v('changeMinutes'),
          lease_until: null,
        } as never)
        .whereRef('c.list_id', '=', sql.ref('v.listId'))
        .whereRef('c.lease_until', '=', sql.ref('v.leaseUntil'));
      const result = await (shown ? query : query.modifyEnd(keepsCachedReads)).executeTakeFirst();
      return Number(result.numUpdatedRows ?? 0);
    },

    /**
     * Gives claimed checks back unchecked, due again at `nextCheckAt` (their host is busy with
     * checks already waiting), each only while its claim holds.
     */
    async release(claims: Array<{ listId: number; leaseUntil: number }>, nextCheckAt: number): Promise<void> {
      if (claims.length === 0) return;
      await db
        .updateTable('link_checks')
        .set({ lease_until: null, next_check_at: nextCheckAt })
        .where((w) => w.or(claims.map((c) => w.and([w('list_id', '=', c.listId), w('lease_until', '=', c.leaseUntil)]))))
        .modifyEnd(keepsCachedReads)
        .execute();
    },

    /** The owner is told about a broken link once per problem. */
    async markOwnerTold(listId: number, told: boolean): Promise<void> {
      await db
        .updateTable('link_checks')
        .set({ owner_told: told })
        .where('list_id', '=', listId)
        .modifyEnd(keepsCachedReads)
        .execute();
    },
  };
}
