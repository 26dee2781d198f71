import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeCursor } from '../../../core/feed';
import { buildTestApp, type TestApp } from '../../../tests/fixtures/app';
import { aFollow, aPost, aUser, type TestPost, type TestUser } from '../../../tests/fixtures/factories';
import { feedService } from './service';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const AUTHORS = 4;
// A narrow time range makes many posts share a millisecond, as bursts do.
const postArb = fc.record({ author: fc.nat(AUTHORS - 1), createdAt: fc.integer({ min: 100, max: 106 }) });
const scenarioArb = fc.record({
  followed: fc.uniqueArray(fc.nat(AUTHORS - 1), { minLength: 1, maxLength: AUTHORS }),
  existing: fc.array(postArb, { maxLength: 24 }),
  /** Posts made while the reader pages: after which page, by whom, when (older, tied or newer). */
  arriving: fc.array(
    fc.record({ afterPage: fc.nat(6), author: fc.nat(AUTHORS - 1), createdAt: fc.integer({ min: 95, max: 112 }) }),
    {
      maxLength: 8,
    },
  ),
  pageSize: fc.integer({ min: 1, max: 5 }),
});

let run = 0;

// Both queries the feed chooses between: per follow (few follows) and the walk over recent posts.
describe.each([
  { query: 'per follow', walk: { walkFromFollows: Number.MAX_SAFE_INTEGER } },
  { query: 'recent-posts walk', walk: { walkFromFollows: 1, walkPerFollow: 1_000_000 } },
])('feed pagination (property), $query', ({ walk }) => {
  it('never skips or repeats a post, with ties and while new posts arrive', async () => {
    const feed = feedService(t.db, walk);
    await fc.assert(
      fc.asyncProperty(scenarioArb, async ({ followed, existing, arriving, pageSize }) => {
        run += 1;
        const reader = await aUser(t.db);
        const authors: TestUser[] = [];
        for (let i = 0; i < AUTHORS; i++) authors.push(await aUser(t.db, { handle: `prop-${run}-${i}` }));
        for (const i of followed) await aFollow(t.db, reader, authors[i]!.handle!);
        const isFollowed = (p: { handle: string }) => followed.some((i) => authors[i]!.handle === p.handle);

        const before: TestPost[] = [];
        for (const p of existing) before.push(await aPost(t.db, authors[p.author]!, { createdAt: p.createdAt }));

        const seen: Array<{ id: number; handle: string; createdAt: number }> = [];
        /** Arrivals older than the reader's position: keyset paging must still deliver them, once. */
        const mustAppear: TestPost[] = [];
        let cursor = null;
        for (let pageNo = 0; pageNo < 200; pageNo++) {
          const page = await feed.page(reader.id, cursor, pageSize);
          expect(page.posts.length).toBeLessThanOrEqual(pageSize);
          seen.push(...page.posts);
          if (!page.nextCursor) break;
          cursor = decodeCursor(page.nextCursor);
          for (const a of arriving.filter((x) => x.afterPage === pageNo)) {
            const post = await aPost(t.db, authors[a.author]!, { createdAt: a.createdAt });
            if (cursor && post.createdAt < cursor.createdAt && isFollowed(post)) mustAppear.push(post);
          }
        }

        const ids = seen.map((p) => p.id);
        expect(new Set(ids).size).toBe(ids.length);
        for (let i = 1; i < seen.length; i++) {
          const [a, b] = [seen[i - 1]!, seen[i]!];
          expect(a.createdAt > b.createdAt || (a.createdAt === b.createdAt && a.id > b.id)).toBe(true);
        }
        expect(seen.every(isFollowed)).toBe(true);
        const expected = [...before.filter(isFollowed), ...mustAppear].map((p) => p.id).sort((x, y) => x - y);
        const got = seen.map((p) => p.id).filter((id) => expected.includes(id));
        expect(got.sort((x, y) => x - y)).toEqual(expected);
        const fromBefore = new Set(before.map((p) => p.id));
        const unexpected = seen.filter((p) => !fromBefore.has(p.id) && !mustAppear.some((m) => m.id === p.id));
        // The only other posts a reader may meet are arrivals that tie the cursor's millisecond with a larger id: none can.
        expect(unexpected).toEqual([]);
      }),
      { numRuns: 30 },
    );
  });
});
