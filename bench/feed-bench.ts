import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { earlierFeedPage, FEED_PAGE_SIZE, type FeedCursor, type FeedRow } from './earlier-feed';
import { explainAnalyzeMs, groundTruthPage, LIMIT_CANDIDATES } from './limit-feed';
import type { OursFeed } from './ours-feed';
import type { NamedReader } from './seed';
import { type Distribution, distribution, measure } from './stats';

type DB = Kysely<Database>;

export const DEEP_PAGE = 20;

export interface FeedCell {
  follows: number;
  feedPosts: number;
  page: number;
  ours: Distribution | null;
  earlier: Distribution;
  limit: Distribution & { candidate: string };
  /** Each limit candidate's median from a short pilot, for the ADR. */
  candidatesP50: Record<string, number>;
  /** ours ÷ earlier and ours ÷ limit, at p50 and p99. */
  ratios: { oursToEarlierP50: number; oursToEarlierP99: number; oursToLimitP50: number; oursToLimitP99: number } | null;
}

export interface FeedBenchOptions {
  requests: number;
  cellSeconds: number;
  log(line: string): void;
}

const ids = (rows: FeedRow[]) => rows.map((r) => r.id).join(',');

function check(what: string, rows: FeedRow[], truth: FeedRow[]) {
  if (ids(rows) !== ids(truth)) throw new Error(`${what} returned a different page than the brute-force feed`);
}

/**
 * Feed pages side by side on the same data: ours (the app's feed service), the earlier build's
 * algorithm and the limit (best single SQL, timed inside the database). Every answer is first
 * checked against a brute-force sort, so a fast wrong feed cannot win.
 */
export async function benchFeed(db: DB, readers: NamedReader[], ours: OursFeed | null, options: FeedBenchOptions) {
  const cells: FeedCell[] = [];
  const budgetMs = options.cellSeconds * 1000;
  const timed = { requests: options.requests, budgetMs };

  for (const reader of readers) {
    for (const page of [1, DEEP_PAGE]) {
      if (reader.feedPosts < page * FEED_PAGE_SIZE) {
        options.log(`  reader following ${reader.follows}: only ${reader.feedPosts} posts, no page ${page}`);
        continue;
      }
      const truth = await groundTruthPage(db, reader.userId, page);
      const previous = page > 1 ? (await groundTruthPage(db, reader.userId, page - 1)).at(-1)! : null;
      const cursor: FeedCursor | null = previous ? { createdAt: previous.created_at, id: previous.id } : null;

      let oursDist: Distribution | null = null;
      if (ours) {
        let token: string | null = null;
        for (let p = 1; p < page; p++) {
          const walked = await ours.page(reader.userId, token);
          token = walked.next;
        }
        const pageToken = token;
        check('ours', (await ours.page(reader.userId, pageToken)).rows, truth);
        oursDist = distribution(
          await measure(async () => {
            await ours.page(reader.userId, pageToken);
            return undefined;
          }, timed),
        );
      }

      check('the earlier algorithm', await earlierFeedPage(db, reader.userId, page, cursor), truth);
      const earlier = distribution(
        await measure(async () => {
          await earlierFeedPage(db, reader.userId, page, cursor);
          return undefined;
        }, timed),
      );

      const candidatesP50: Record<string, number> = {};
      for (const [name, build] of Object.entries(LIMIT_CANDIDATES)) {
        check(`limit candidate ${name}`, (await build(reader.userId, cursor).execute(db)).rows, truth);
        const pilot = await measure(() => explainAnalyzeMs(db, build(reader.userId, cursor)), {
          requests: 7,
          budgetMs: 1,
          minSamples: 3,
          warmup: 1,
        });
        candidatesP50[name] = distribution(pilot).p50;
      }
      const best = Object.entries(candidatesP50).sort((a, b) => a[1] - b[1])[0]![0];
      const buildBest = LIMIT_CANDIDATES[best]!;
      const limit = {
        ...distribution(await measure(() => explainAnalyzeMs(db, buildBest(reader.userId, cursor)), timed)),
        candidate: best,
      };

      const cell: FeedCell = {
        follows: reader.follows,
        feedPosts: reader.feedPosts,
        page,
        ours: oursDist,
        earlier,
        limit,
        candidatesP50,
        ratios: oursDist
          ? {
              oursToEarlierP50: oursDist.p50 / earlier.p50,
              oursToEarlierP99: oursDist.p99 / earlier.p99,
              oursToLimitP50: oursDist.p50 / limit.p50,
              oursToLimitP99: oursDist.p99 / limit.p99,
            }
          : null,
      };
      cells.push(cell);
      const f = (d: Distribution | null) => (d ? `p50 ${d.p50.toFixed(2)} p99 ${d.p99.toFixed(2)} ms (n=${d.n})` : 'n/a');
      options.log(
        `  ${reader.follows} follows, page ${page}: ours ${f(oursDist)} | earlier ${f(earlier)} | limit[${best}] ${f(limit)}`,
      );
    }
  }
  return cells;
}
