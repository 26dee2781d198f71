import { type Kysely, type RawBuilder, sql } from 'kysely';
import type { Database } from '../db/schema';
import { FEED_PAGE_SIZE, type FeedCursor, type FeedRow } from './earlier-feed';
import { DEEP_PAGE } from './feed-bench';
import { explainAnalyzeMs, groundTruthPage, LIMIT_CANDIDATES } from './limit-feed';
import type { NamedReader } from './seed';
import { type Distribution, distribution, measure } from './stats';

type DB = Kysely<Database>;

/** The app's index on post time (migration 0600), which the time-scan design walks. */
const TIME_INDEX = 'posts_time_idx';

export interface WhatIfCell {
  reader: string;
  follows: number;
  feedPosts: number;
  page: number;
  /** The app's query shape on the app's schema (the lateral-index-only limit candidate). */
  lateral: Distribution;
  /** Followed handles passed as an array; the planner picks the time index or the handle index. */
  timeScan: Distribution;
  /** Which index the time-scan plan used, from its EXPLAIN. */
  timeScanPlan: string;
}

const before = (cursor: FeedCursor | null) =>
  cursor ? sql`and t.newest and (t.created_at, t.id) < (${cursor.createdAt}::bigint, ${cursor.id}::bigint)` : sql`and t.newest`;

/**
 * The followed handles and their holders arrive as arrays (one more query, or a join the app
 * already makes), so the planner sees the actual values and their frequencies: a reader of busy
 * handles walks the time index and stops after a page, a reader of quiet ones uses the handle
 * index. Matching handle and holder separately is exact as long as no followed handle changed
 * hands; the app would check the pair on the page's rows.
 */
function timeScan(handles: string[], holders: string[], cursor: FeedCursor | null): RawBuilder<FeedRow> {
  return sql<FeedRow>`
    select p.id, p.handle, p.url, p.description, p.created_at from posts p
    where p.id in (
      select t.id from posts t
      where t.handle = any(${handles}::text[]) and t.user_id = any(${holders}::uuid[]) ${before(cursor)}
      order by t.created_at desc, t.id desc
      limit ${FEED_PAGE_SIZE}
    )
    order by p.created_at desc, p.id desc`;
}

async function planOf(db: DB, query: RawBuilder<unknown>): Promise<string> {
  const result = await sql<{ 'QUERY PLAN': string }>`explain ${query}`.execute(db);
  const text = result.rows.map((r) => r['QUERY PLAN']).join('\n');
  const index = /Index (?:Only )?Scan(?: Backward)? using (\w+) on posts t/.exec(text)?.[1];
  if (index === TIME_INDEX || index === 'posts_newest_time_idx') return 'time index';
  if (index) return index === 'posts_handle_time_idx' || index === 'posts_newest_handle_time_idx' ? 'handle index' : index;
  return /Bitmap/.test(text) ? 'bitmap' : 'other';
}

/**
 * Design alternatives on the same data, timed inside the database: the per-follow LATERAL query
 * alone, and the followed handles sent as an array (a second round trip in the app) so the planner
 * picks between the time index and the handle index. Ours, the walk with a fallback, is in the
 * main table.
 */
export async function benchWhatIf(
  db: DB,
  readers: Array<NamedReader & { label: string }>,
  options: { requests: number; cellSeconds: number; log(line: string): void },
): Promise<WhatIfCell[]> {
  const cells: WhatIfCell[] = [];
  const timed = { requests: options.requests, budgetMs: options.cellSeconds * 1000 };
  for (const reader of readers) {
    const follows = await db
      .selectFrom('follows')
      .select(['handle', 'followed_user_id'])
      .where('follower_id', '=', reader.userId)
      .execute();
    const handles = follows.map((f) => f.handle);
    const holders = [...new Set(follows.map((f) => f.followed_user_id))];
    for (const page of [1, DEEP_PAGE]) {
      if (reader.feedPosts < page * FEED_PAGE_SIZE) continue;
      const truth = (await groundTruthPage(db, reader.userId, page)).map((r) => r.id).join(',');
      const previous = page > 1 ? (await groundTruthPage(db, reader.userId, page - 1)).at(-1)! : null;
      const cursor = previous ? { createdAt: previous.created_at, id: previous.id } : null;
      const query = () => timeScan(handles, holders, cursor);
      const rows = (await query().execute(db)).rows.map((r) => r.id).join(',');
      if (rows !== truth) throw new Error(`what-if time scan returned a different page for ${reader.label}`);
      const lateral = LIMIT_CANDIDATES['lateral-index-only']!;
      const cell: WhatIfCell = {
        reader: reader.label,
        follows: reader.follows,
        feedPosts: reader.feedPosts,
        page,
        lateral: distribution(await measure(() => explainAnalyzeMs(db, lateral(reader.userId, cursor)), timed)),
        timeScan: distribution(await measure(() => explainAnalyzeMs(db, query()), timed)),
        timeScanPlan: await planOf(db, query()),
      };
      cells.push(cell);
      options.log(
        `  ${reader.label}, page ${page}: lateral p50 ${cell.lateral.p50.toFixed(2)} ms | time scan (${cell.timeScanPlan}) p50 ${cell.timeScan.p50.toFixed(2)} ms`,
      );
    }
  }
  return cells;
}
