import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../tests/fixtures/app';
import { aFollow, aPost, as, aUser, type TestUser } from '../../../tests/fixtures/factories';
import { holdEnded } from '../../../tests/fixtures/handle-holds';

let t: TestApp;
/** A follow's bell as it starts (docs/decisions/0214). */
const RINGS_ALL = { bell: 'all', movePercent: null, cadence: null };
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const follow = (user: TestUser | undefined, handle: string) =>
  t.app.inject(as(user, { method: 'PUT', url: `/api/follows/${handle}` }));
const unfollow = (user: TestUser | undefined, handle: string) =>
  t.app.inject(as(user, { method: 'DELETE', url: `/api/follows/${handle}` }));
const followRows = (user: TestUser) =>
  t.db.selectFrom('follows').select(['handle', 'followed_at']).where('follower_id', '=', user.id).execute();

describe('following and unfollowing', () => {
  it('follows once, however often it is asked (double clicks, replays, at the same time)', async () => {
    const reader = await aUser(t.db);
    await aUser(t.db, { handle: 'fol-once' });
    const first = await follow(reader, 'fol-once');
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ handle: 'fol-once', following: true });
    const [before] = await followRows(reader);
    const again = await Promise.all([follow(reader, 'fol-once'), follow(reader, 'FOL-ONCE'), follow(reader, 'fol-once')]);
    expect(again.map((r) => r.statusCode)).toEqual([200, 200, 200]);
    expect(await followRows(reader)).toEqual([before]);
  });

  it('unfollows idempotently, also a handle never followed or unknown', async () => {
    const reader = await aUser(t.db);
    await aUser(t.db, { handle: 'fol-unf' });
    await follow(reader, 'fol-unf');
    for (const handle of ['fol-unf', 'fol-unf', 'fol-never-existed']) {
      const res = await unfollow(reader, handle);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ handle, following: false, keepsTradeAccess: false });
    }
    expect(await followRows(reader)).toEqual([]);
  });

  it('refuses to follow yourself', async () => {
    const owner = await aUser(t.db, { handle: 'fol-self' });
    const res = await follow(owner, 'fol-self');
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('You cannot follow yourself.');
    expect(await followRows(owner)).toEqual([]);
  });

  it('refuses a handle that does not exist', async () => {
    const reader = await aUser(t.db);
    for (const handle of ['fol-nobody', 'Not%20A%20Handle']) {
      const res = await follow(reader, handle);
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe('This handle does not exist.');
    }
    expect(await followRows(reader)).toEqual([]);
  });

  it('follows the new holder when a deleted handle is given to someone else and followed again', async () => {
    const reader = await aUser(t.db);
    await aUser(t.db, { handle: 'fol-moved' });
    await follow(reader, 'fol-moved');
    await t.db.deleteFrom('handles').where('handle', '=', 'fol-moved').execute();
    await holdEnded(t.db, 'fol-moved');
    const next = await aUser(t.db);
    await t.db.insertInto('handles').values({ handle: 'fol-moved', user_id: next.id, created_at: Date.now() }).execute();
    await aPost(t.db, { id: next.id, handle: 'fol-moved' }, { createdAt: 5 });
    expect((await t.app.inject(as(reader, { url: '/api/feed' }))).json().posts).toEqual([]);
    await follow(reader, 'fol-moved');
    expect((await t.app.inject(as(reader, { url: '/api/feed' }))).json().posts).toHaveLength(1);
  });
});

describe('GET /api/followers', () => {
  it('lists followers who hold an approved handle, newest first, with display names', async () => {
    const shop = await aUser(t.db, { handle: 'fol-shop' });
    const early = await aUser(t.db, { handle: 'fol-early', name: 'Early Bird' });
    const late = await aUser(t.db, { handle: 'fol-late', name: 'Late Comer' });
    const noHandle = await aUser(t.db, { name: 'No Handle' });
    await aFollow(t.db, early, 'fol-shop', 1_000);
    await aFollow(t.db, noHandle, 'fol-shop', 2_000);
    await aFollow(t.db, late, 'fol-shop', 3_000);
    const res = await t.app.inject(as(shop, { url: '/api/followers' }));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      followers: [
        { handle: 'fol-late', displayName: 'Late Comer', businessName: null, tradeAccess: false, followedAt: 3_000 },
        { handle: 'fol-early', displayName: 'Early Bird', businessName: null, tradeAccess: false, followedAt: 1_000 },
      ],
      nextCursor: null,
      total: 3,
      othersCount: 1,
    });
    expect(JSON.stringify(res.json())).not.toContain('@example.com');
  });

  it('names a follower who chose to be shown, and not a holder who chose not to be (issue 32)', async () => {
    const shop = await aUser(t.db, { handle: 'fol-choice-shop' });
    const shown = await aUser(t.db, { name: 'Shown Cafe' });
    const private_ = await aUser(t.db, { handle: 'fol-private', name: 'Private Shop' });
    await t.db
      .updateTable('users')
      .set({ shown_to_followed: true, business_name: 'Cafe Shown' })
      .where('id', '=', shown.id)
      .execute();
    await t.db.updateTable('users').set({ shown_to_followed: false }).where('id', '=', private_.id).execute();
    await aFollow(t.db, shown, 'fol-choice-shop', 1_000);
    await aFollow(t.db, private_, 'fol-choice-shop', 2_000);
    const res = (await t.app.inject(as(shop, { url: '/api/followers' }))).json();
    expect(res.followers).toEqual([
      { handle: null, displayName: 'Shown Cafe', businessName: 'Cafe Shown', tradeAccess: false, followedAt: 1_000 },
    ]);
    expect([res.total, res.othersCount]).toEqual([2, 1]);
  });

  it('is empty for someone without a handle', async () => {
    const plain = await aUser(t.db);
    expect((await t.app.inject(as(plain, { url: '/api/followers' }))).json()).toEqual({
      followers: [],
      nextCursor: null,
      total: 0,
      othersCount: 0,
    });
  });

  it('counts every follower, names only those with a handle, and leaves out follows of an earlier holder', async () => {
    const shop = await aUser(t.db, { handle: 'fol-count' });
    const named = await aUser(t.db, { handle: 'fol-count-named', name: 'Named Shop' });
    const quiet = [await aUser(t.db, { name: 'Secret Restaurant' }), await aUser(t.db, { name: 'Hidden Bistro' })];
    for (const [i, fan] of [named, ...quiet].entries()) await aFollow(t.db, fan, 'fol-count', 1_000 + i);
    // A follow of the handle from before it changed hands is not this holder's follower.
    await t.db
      .insertInto('follows')
      .values({
        follower_id: (await aUser(t.db)).id,
        handle: 'fol-count',
        followed_user_id: named.id,
        followed_at: 5,
      })
      .execute();
    const res = (await t.app.inject(as(shop, { url: '/api/followers' }))).json();
    expect(res).toMatchObject({ total: 3, othersCount: 2 });
    expect(res.followers.map((f: { handle: string }) => f.handle)).toEqual(['fol-count-named']);
    expect(JSON.stringify(res)).not.toMatch(/Secret Restaurant|Hidden Bistro/);
  });

  it('pages 50 at a time, ties in time included', async () => {
    const star = await aUser(t.db, { handle: 'fol-star' });
    const fans: string[] = [];
    for (let i = 0; i < 53; i++) {
      const fan = await aUser(t.db, { handle: `fol-fan-${i}` });
      await aFollow(t.db, fan, 'fol-star', 7_000);
      fans.push(fan.handle!);
    }
    const first = (await t.app.inject(as(star, { url: '/api/followers' }))).json();
    expect(first.followers).toHaveLength(50);
    expect(first.total).toBe(53);
    const second = (
      await t.app.inject(as(star, { url: `/api/followers?cursor=${encodeURIComponent(first.nextCursor)}` }))
    ).json();
    expect(second.nextCursor).toBeNull();
    const all = [...first.followers, ...second.followers].map((f: { handle: string }) => f.handle);
    expect(all.sort()).toEqual(fans.sort());
  });
});

describe('GET /api/following', () => {
  it('lists followed handles with display name, when followed and the last post, in one page', async () => {
    const reader = await aUser(t.db);
    const quiet = await aUser(t.db, { handle: 'fol-quiet', name: 'Quiet Farm' });
    const busy = await aUser(t.db, { handle: 'fol-busy', name: 'Busy Bakery' });
    await aPost(t.db, busy, { createdAt: 50 });
    await aPost(t.db, busy, { createdAt: 70 });
    await aFollow(t.db, reader, 'fol-quiet', 1_000);
    await aFollow(t.db, reader, 'fol-busy', 2_000);
    expect(quiet.handle).toBe('fol-quiet');
    const res = await t.app.inject(as(reader, { url: '/api/following' }));
    expect(res.json()).toEqual({
      following: [
        { handle: 'fol-busy', displayName: 'Busy Bakery', followedAt: 2_000, lastPostAt: 70, ...RINGS_ALL },
        { handle: 'fol-quiet', displayName: 'Quiet Farm', followedAt: 1_000, lastPostAt: null, ...RINGS_ALL },
      ],
      nextCursor: null,
    });
  });

  it('still shows a followed handle that was deleted, with blanks', async () => {
    const reader = await aUser(t.db);
    const gone = await aUser(t.db, { handle: 'fol-gone', name: 'Gone Grocer' });
    await aPost(t.db, gone, { createdAt: 10 });
    await aFollow(t.db, reader, 'fol-gone', 3_000);
    await t.db.deleteFrom('handles').where('handle', '=', 'fol-gone').execute();
    const res = await t.app.inject(as(reader, { url: '/api/following' }));
    expect(res.json().following).toEqual([
      { handle: 'fol-gone', displayName: null, followedAt: 3_000, lastPostAt: null, ...RINGS_ALL },
    ]);
  });

  it('pages 50 at a time', async () => {
    const reader = await aUser(t.db);
    for (let i = 0; i < 51; i++) {
      await aUser(t.db, { handle: `fol-many-${i}` });
      await aFollow(t.db, reader, `fol-many-${i}`, 9_000 + (i % 3));
    }
    const first = (await t.app.inject(as(reader, { url: '/api/following' }))).json();
    const second = (
      await t.app.inject(as(reader, { url: `/api/following?cursor=${encodeURIComponent(first.nextCursor)}` }))
    ).json();
    const handles = [...first.following, ...second.following].map((f: { handle: string }) => f.handle);
    expect(first.following).toHaveLength(50);
    expect(new Set(handles).size).toBe(51);
    expect(second.nextCursor).toBeNull();
  });

  it('refuses a malformed cursor', async () => {
    const reader = await aUser(t.db);
    const res = await t.app.inject(as(reader, { url: '/api/following?cursor=x' }));
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Invalid page cursor.');
  });
});
