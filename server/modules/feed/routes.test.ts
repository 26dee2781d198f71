import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeCursor } from '../../../core/feed';
import { buildTestApp, type TestApp } from '../../../tests/fixtures/app';
import { aFollow, aPost, as, aUser } from '../../../tests/fixtures/factories';
import { holdEnded } from '../../../tests/fixtures/handle-holds';
import { feedService } from './service';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const getFeed = async (user: Parameters<typeof as>[0], cursor?: string) =>
  t.app.inject(as(user, { url: `/api/feed${cursor ? `?cursor=${encodeURIComponent(cursor)}` : ''}` }));

describe('GET /api/feed', () => {
  it('is empty, with a count of 0, for a reader who follows no one', async () => {
    const reader = await aUser(t.db);
    const res = await getFeed(reader);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ posts: [], nextCursor: null, followingCount: 0 });
  });

  it('merges every followed handle newest first (no 10-handle cap) and pages by 10', async () => {
    const reader = await aUser(t.db);
    const authors = [];
    for (let i = 0; i < 12; i++) authors.push(await aUser(t.db, { handle: `feed-author-${i}` }));
    const stranger = await aUser(t.db, { handle: 'feed-stranger' });
    await aPost(t.db, stranger, { createdAt: 5_000 });
    const made = [];
    for (const [i, author] of authors.entries()) {
      await aFollow(t.db, reader, author.handle!);
      made.push(await aPost(t.db, author, { createdAt: 1_000 + i }));
    }

    const first = await getFeed(reader);
    const body = first.json();
    expect(body.followingCount).toBe(12);
    expect(body.posts.map((p: { handle: string }) => p.handle)).toEqual(
      authors
        .map((a) => a.handle)
        .reverse()
        .slice(0, 10),
    );
    expect(body.posts[0]).toEqual({
      id: made[11]!.id,
      handle: 'feed-author-11',
      url: made[11]!.url,
      description: made[11]!.description,
      createdAt: 1_011,
      editedAt: null,
      validFrom: null,
      validUntil: null,
      list: { id: made[11]!.listId, slug: made[11]!.listSlug, name: made[11]!.description, versions: 1, audience: 'public' },
      locked: false,
      fileChangedAt: null,
      unavailable: false,
      // The business's name and logo on each card (#31).
      business: { displayName: expect.any(String), logo: null },
    });
    expect(body.nextCursor).toEqual(expect.any(String));

    const second = (await getFeed(reader, body.nextCursor)).json();
    expect(second.posts.map((p: { handle: string }) => p.handle)).toEqual(['feed-author-1', 'feed-author-0']);
    expect(second.nextCursor).toBeNull();
    expect(second.followingCount).toBeUndefined();
  });

  it('breaks timestamp ties by id, so a page boundary inside a tie loses nothing', async () => {
    const reader = await aUser(t.db);
    const author = await aUser(t.db, { handle: 'feed-ties' });
    await aFollow(t.db, reader, author.handle!);
    const ids = [];
    for (let i = 0; i < 15; i++) ids.push((await aPost(t.db, author, { createdAt: 42 })).id);
    const first = (await getFeed(reader)).json();
    const second = (await getFeed(reader, first.nextCursor)).json();
    const seen = [...first.posts, ...second.posts].map((p: { id: number }) => p.id);
    expect(seen).toEqual([...ids].reverse());
  });

  it('shows only the posts of the person who holds the followed handle', async () => {
    const reader = await aUser(t.db);
    const author = await aUser(t.db, { handle: 'feed-holder' });
    await aFollow(t.db, reader, author.handle!);
    const kept = await aPost(t.db, author, { createdAt: 10 });
    const impostor = await aUser(t.db);
    await aPost(t.db, impostor, { handle: 'feed-holder', createdAt: 20 });
    const body = (await getFeed(reader)).json();
    expect(body.posts.map((p: { id: number }) => p.id)).toEqual([kept.id]);
  });

  it('drops a deleted handle from the feed but keeps counting the follow', async () => {
    const reader = await aUser(t.db);
    const author = await aUser(t.db, { handle: 'feed-gone' });
    await aFollow(t.db, reader, author.handle!);
    await aPost(t.db, author);
    await t.db.deleteFrom('handles').where('handle', '=', 'feed-gone').execute();
    const body = (await getFeed(reader)).json();
    expect(body).toEqual({ posts: [], nextCursor: null, followingCount: 1 });
  });

  it('does not hand a re-assigned handle the old holder’s followers', async () => {
    const reader = await aUser(t.db);
    const first = await aUser(t.db, { handle: 'feed-reused' });
    await aFollow(t.db, reader, first.handle!);
    await t.db.deleteFrom('handles').where('handle', '=', 'feed-reused').execute();
    await holdEnded(t.db, 'feed-reused');
    const second = await aUser(t.db);
    await t.db.insertInto('handles').values({ handle: 'feed-reused', user_id: second.id, created_at: Date.now() }).execute();
    await aPost(t.db, { ...second, handle: 'feed-reused' });
    expect((await getFeed(reader)).json().posts).toEqual([]);
  });

  it.each(['abc', '1_', '_1', '1-2', `${'9'.repeat(16)}_1`])('refuses the malformed cursor %s', async (cursor) => {
    const reader = await aUser(t.db);
    const res = await getFeed(reader, cursor);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Invalid page cursor.');
  });
});

describe.each([
  { query: 'per follow', walk: { walkFromFollows: Number.MAX_SAFE_INTEGER } },
  { query: 'recent-posts walk', walk: { walkFromFollows: 1, walkPerFollow: 1_000_000 } },
])('feedService(db).page, $query', ({ walk }) => {
  /** Every page of one post: until the last, the query must find two posts to answer. */
  const ids = async (readerId: string) => {
    const feed = feedService(t.db, walk);
    const seen: number[] = [];
    let cursor = null;
    for (;;) {
      const page = await feed.page(readerId, cursor, 1);
      seen.push(...page.posts.map((p) => p.id));
      if (!page.nextCursor) return seen;
      cursor = decodeCursor(page.nextCursor);
    }
  };
  let n = 0;
  const handle = (name: string) => `walk-${name}-${walk.walkFromFollows === 1 ? 'w' : 'f'}-${++n}`;

  it('keeps only posts the current holder made under a followed handle', async () => {
    const reader = await aUser(t.db);
    const author = await aUser(t.db, { handle: handle('holder') });
    const other = await aUser(t.db, { handle: handle('other') });
    await aFollow(t.db, reader, author.handle!);
    const older = await aPost(t.db, author, { createdAt: 10 });
    await aPost(t.db, other, { handle: author.handle!, createdAt: 20 });
    const newer = await aPost(t.db, author, { createdAt: 25 });
    await aPost(t.db, other, { createdAt: 30 });
    expect(await ids(reader.id)).toEqual([newer.id, older.id]);
  });

  it('drops a deleted handle and gives a re-assigned one no old followers', async () => {
    const reader = await aUser(t.db);
    const gone = await aUser(t.db, { handle: handle('gone') });
    const reused = await aUser(t.db, { handle: handle('reused') });
    const kept = await aUser(t.db, { handle: handle('kept') });
    for (const followed of [gone, reused, kept]) await aFollow(t.db, reader, followed.handle!);
    const first = await aPost(t.db, kept, { createdAt: 5 });
    await aPost(t.db, gone, { createdAt: 10 });
    await t.db.deleteFrom('handles').where('handle', 'in', [gone.handle!, reused.handle!]).execute();
    await holdEnded(t.db, reused.handle!);
    const next = await aUser(t.db);
    await t.db.insertInto('handles').values({ handle: reused.handle!, user_id: next.id, created_at: Date.now() }).execute();
    await aPost(t.db, { ...next, handle: reused.handle! }, { createdAt: 20 });
    const last = await aPost(t.db, kept, { createdAt: 30 });
    expect(await ids(reader.id)).toEqual([last.id, first.id]);
  });

  it('pages past posts of handles the reader does not follow', async () => {
    const reader = await aUser(t.db);
    const followed = await aUser(t.db, { handle: handle('followed') });
    const busy = await aUser(t.db, { handle: handle('busy') });
    await aFollow(t.db, reader, followed.handle!);
    const made = [];
    for (let i = 0; i < 3; i++) made.push(await aPost(t.db, followed, { createdAt: 1_000 + i * 100 }));
    for (let i = 0; i < 40; i++) await aPost(t.db, busy, { createdAt: 1_050 + i });
    expect(await ids(reader.id)).toEqual(made.map((p) => p.id).reverse());
  });
});

describe('feedService(db).page', () => {
  it('takes a page size, bounded to 1..50', async () => {
    const reader = await aUser(t.db);
    const author = await aUser(t.db, { handle: 'feed-sizes' });
    await aFollow(t.db, reader, author.handle!);
    for (let i = 0; i < 60; i++) await aPost(t.db, author, { createdAt: i });
    const feed = feedService(t.db);
    expect((await feed.page(reader.id, null, 3)).posts).toHaveLength(3);
    expect((await feed.page(reader.id, null, 0)).posts).toHaveLength(1);
    expect((await feed.page(reader.id, null, 500)).posts).toHaveLength(50);
  });
});
