import type { Selectable } from 'kysely';
import type { LinkChecksTable } from '../../../db/schema-link-check';
import { ownersContents } from '../../../db/sealed-contents';
import type { DB } from '../../plugins/db';
import { keepsCachedReads } from '../../plugins/db-changes';
import type { ClaimedCheck } from './repository';

const num = (v: unknown) => (v === null || v === undefined ? null : Number(v));

const CLAIMED_COLUMNS = [
  'list_id',
  'user_id',
  'post_id',
  'url',
  'health',
  'file_changed_at',
  'etag',
  'last_modified',
  'content_sha256',
  'quiet_checks',
  'problem_since',
  'broken',
  'file_name',
  'file_type',
  'file_size',
  'provider',
  'change_seen_at',
  'change_minutes',
  'checked_at',
] as const;

/** The watcher's claims of checks (part of linkChecksRepository): due ones in a round, one list's for "check now". */
export function linkCheckClaimsRepository(db: DB) {
  /** Claimed rows, each with its list's newest version now (a trade-only list's link is its owner's, ADR 0180). */
  async function withNewest(
    rows: Array<Pick<Selectable<LinkChecksTable>, (typeof CLAIMED_COLUMNS)[number]>>,
    lease: number,
  ): Promise<ClaimedCheck[]> {
    if (rows.length === 0) return [];
    const newest = await db
      .selectFrom('posts as p')
      .leftJoinLateral(ownersContents(), (join) => join.onRef('tc.post_id', '=', 'p.id'))
      .select((eb) => ['p.list_id', 'p.id', eb.fn.coalesce('tc.url', 'p.url').as('url')])
      .where(
        'p.list_id',
        'in',
        rows.map((r) => r.list_id),
      )
      .where('p.newest', '=', true)
      .execute();
    const current = new Map(newest.map((p) => [Number(p.list_id), p]));
    return rows.map((r) => ({
      listId: Number(r.list_id),
      userId: r.user_id,
      postId: num(r.post_id),
      url: r.url,
      health: r.health,
      fileChangedAt: num(r.file_changed_at),
      etag: r.etag,
      lastModified: r.last_modified,
      contentSha256: r.content_sha256,
      quietChecks: r.quiet_checks,
      problemSince: num(r.problem_since),
      broken: r.broken,
      fileName: r.file_name,
      fileType: r.file_type,
      fileSize: num(r.file_size),
      provider: r.provider,
      changeSeenAt: num(r.change_seen_at),
      changeMinutes: r.change_minutes,
      checkedAt: num(r.checked_at),
      leaseUntil: lease,
      currentPostId: num(current.get(Number(r.list_id))?.id),
      currentUrl: current.get(Number(r.list_id))?.url ?? null,
    }));
  }

  return {
    /** Takes up to `limit` due checks for this watcher (SKIP LOCKED: never the same one twice at once). */
    async claimDue(now: number, leaseMs: number, limit: number): Promise<ClaimedCheck[]> {
      const lease = now + leaseMs;
      const rows = await db
        .updateTable('link_checks')
        .set({ lease_until: lease })
        .where('list_id', 'in', (eb) =>
          eb
            .selectFrom('link_checks')
            .select('list_id')
            .where('next_check_at', '<=', now)
            .where((w) => w.or([w('lease_until', 'is', null), w('lease_until', '<=', now)]))
            .orderBy('next_check_at')
            .limit(limit)
            .forUpdate()
            .skipLocked(),
        )
        .returning(CLAIMED_COLUMNS)
        .modifyEnd(keepsCachedReads)
        .execute();
      return withNewest(rows, lease);
    },

    /** Takes one list's check whenever it is due, unless another check of it holds its lease ("check now", ADR 0208). */
    async claimList(listId: number, now: number, leaseMs: number): Promise<ClaimedCheck | null> {
      const lease = now + leaseMs;
      const rows = await db
        .updateTable('link_checks')
        .set({ lease_until: lease })
        .where('list_id', '=', listId)
        .where((w) => w.or([w('lease_until', 'is', null), w('lease_until', '<=', now)]))
        .returning(CLAIMED_COLUMNS)
        .modifyEnd(keepsCachedReads)
        .execute();
      return (await withNewest(rows, lease))[0] ?? null;
    },
  };
}
