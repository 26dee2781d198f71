import { sql } from 'kysely';
import { changeSummary, hasChanges } from '../../../core/change-summary';
import { biggestMoves, formatMove } from '../../../core/list-changes';
import type { ChangeCounts, ListChange } from '../../../core/list-diff';
import { pagePath } from '../../../core/pages';
import { tradeAccess } from '../../../db/sealed-contents';
import type { DB } from '../../plugins/db';

/** What a list mail says under a post whose file Freshlist read: "2 prices up, 1 new item", the biggest moves, the details' address. */
export interface MailChanges {
  summary: string;
  moves: string[];
  path: string;
}

const json = <T>(value: unknown): T | null =>
  value === null || value === undefined ? null : ((typeof value === 'string' ? JSON.parse(value) : value) as T);

/**
 * The list-updated and digest mails' lines about what changed (issue 30 §2), read by the email
 * module itself so the worker calls no module back (issue 28): the newest readable version of each
 * post (version) or list that says what changed, with its list's address, and only of lists
 * `readerId` may read (db/sealed-contents.ts, docs/decisions/0180).
 */
export function mailChangesRepository(db: DB) {
  return {
    /** By post (the version whose link was read): a new-version mail's lines. */
    ofPosts: (postIds: number[], readerId: string | null) => changesOf({ postIds }, readerId),
    /** By list: a "list updated" mail's lines. */
    ofLists: (listIds: number[], readerId: string | null) => changesOf({ listIds }, readerId),
  };

  async function changesOf(
    which: { postIds: number[] } | { listIds: number[] },
    readerId: string | null,
  ): Promise<Map<number, MailChanges>> {
    const byPost = 'postIds' in which;
    const ids = byPost ? which.postIds : which.listIds;
    if (ids.length === 0) return new Map();
    const key = sql.ref(byPost ? 's.post_id' : 's.list_id');
    const { rows } = await sql<{ key: string | number; handle: string; slug: string; counts: unknown; changes: unknown }>`
      select distinct on (${key}) ${key} as "key", h.handle, li.slug, s.counts, s.changes
      from list_snapshots s
      join lists li on li.id = s.list_id and (li.audience = 'public' or ${tradeAccess(sql.ref('li.user_id'), readerId)})
      join handles h on h.user_id = li.user_id
      where ${key} = any(${ids}::bigint[]) and s.state = 'read' and s.counts is not null
      order by ${key}, s.seen_at desc, s.id desc`.execute(db);
    const changes = new Map<number, MailChanges>();
    for (const r of rows) {
      const counts = json<ChangeCounts>(r.counts) as ChangeCounts;
      if (!hasChanges(counts)) continue;
      changes.set(Number(r.key), {
        summary: changeSummary(counts),
        moves: biggestMoves(json<ListChange[]>(r.changes) ?? []).map(formatMove),
        path: pagePath('listChanges', { handle: r.handle, slug: r.slug }),
      });
    }
    return changes;
  }
}
