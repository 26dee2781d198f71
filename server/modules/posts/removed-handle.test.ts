import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../tests/fixtures/app';
import { aFollow, aPost, aSessionFor, as, aUser, type TestPost, type TestUser } from '../../../tests/fixtures/factories';
import { holdEnded } from '../../../tests/fixtures/handle-holds';
import { aVersion } from '../../../tests/fixtures/list-rows';

/**
 * Issue 33: once the owner removes a handle, its posts and lists are public nowhere, editable by
 * no one, never shown under the next holder of the name; giving the person a handle again brings
 * them back.
 */
let t: TestApp;
let owner: TestUser;
let holder: TestUser;
let reader: TestUser;
let first: TestPost;
let earlier: TestPost;
let newest: TestPost;

const get = (url: string, user?: TestUser) => t.app.inject(as(user, { url }));
const opens = async (id: number) =>
  (await t.db.selectFrom('posts').select('open_count').where('id', '=', id).executeTakeFirstOrThrow()).open_count;

beforeAll(async () => {
  t = await buildTestApp({ OWNER_EMAIL: 'owner@example.com' });
  owner = await aUser(t.db, { email: 'owner@example.com', admin: true });
  holder = await aUser(t.db, { handle: 'gone-shop', email: 'gone@example.com' });
  reader = await aUser(t.db);
  earlier = await aPost(t.db, holder, { description: 'Spring prices', createdAt: Date.now() - 60_000 });
  newest = await aVersion(t.db, holder, earlier, { description: 'Summer prices', createdAt: Date.now() - 30_000 });
  first = await aPost(t.db, holder, { description: 'Wine list' });
  await aFollow(t.db, reader, 'gone-shop');
  // Public before: the versions, the open link, the stable address.
  expect((await get(`/api/lists/${earlier.listId}/versions`)).json().posts).toHaveLength(1);
  expect((await get(`/api/posts/${newest.id}/open`)).statusCode).toBe(302);
  const removal = await t.app.inject(as(owner, { method: 'DELETE', url: '/api/admin/handles/gone-shop' }));
  expect(removal.statusCode).toBe(200);
  // Sessions end with the handle; the person signs in again, now without one.
  holder = await aSessionFor(t.db, { ...holder, handle: null });
});
afterAll(() => t.close());

describe('a removed handle', () => {
  it('takes its earlier versions off the versions API', async () => {
    expect((await get(`/api/lists/${earlier.listId}/versions`)).statusCode).toBe(404);
    expect((await get(`/api/lists/${earlier.listId}/versions`, holder)).statusCode).toBe(404);
  });

  it('answers its open links with 410 and a short page, counting nothing', async () => {
    const before = await opens(newest.id);
    for (const post of [earlier, newest, first]) {
      const res = await get(`/api/posts/${post.id}/open`);
      expect(res.statusCode).toBe(410);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      expect(res.body).toContain('This list is no longer available');
      expect(res.body).not.toContain(post.url);
      expect(res.body).not.toContain('gone-shop');
    }
    expect(await opens(newest.id)).toBe(before);
  });

  it('shows nothing at its addresses, profile, Atom feed, connect page or in feeds', async () => {
    const address = await get(`/gone-shop/lists/${earlier.listSlug}`);
    expect(address.statusCode).toBe(404);
    expect(address.body).toContain('This business is no longer on Freshlist');
    expect(address.body).not.toContain(newest.url);
    const open = await get(`/gone-shop/lists/${earlier.listSlug}/open`);
    expect(open.headers.location).not.toBe(newest.url);
    expect((await get('/api/profiles/gone-shop/posts')).statusCode).toBe(404);
    expect((await get('/gone-shop/feed.atom')).statusCode).toBe(404);
    expect((await get('/api/connect/gone-shop')).statusCode).toBe(404);
    expect((await get('/api/feed', reader)).json().posts).toEqual([]);
    const explore = await get('/api/directory');
    expect(JSON.stringify(explore.json())).not.toContain('gone-shop');
  });

  it('lets no one edit or remove its posts, its former holder included', async () => {
    const edit = await t.app.inject(
      as(holder, { method: 'PATCH', url: `/api/posts/${newest.id}`, payload: { description: 'Changed after removal' } }),
    );
    expect(edit.statusCode).toBe(403);
    const remove = await t.app.inject(as(holder, { method: 'DELETE', url: `/api/posts/${first.id}` }));
    expect(remove.statusCode).toBe(403);
    const stored = await t.db.selectFrom('posts').select('description').where('id', '=', newest.id).executeTakeFirstOrThrow();
    expect(stored.description).toBe('Summer prices');
  });

  it('never shows its content under the next holder of the name', async () => {
    await holdEnded(t.db, 'gone-shop'); // a released handle is held for a while first (ADR 0170)
    const next = await aUser(t.db, { handle: 'gone-shop' });
    const own = await aPost(t.db, next, { description: 'New owner list' });
    try {
      const page = (await get('/api/profiles/gone-shop/posts')).json();
      expect(page.posts.map((p: { id: number }) => p.id)).toEqual([own.id]);
      expect((await get(`/api/lists/${earlier.listId}/versions`)).statusCode).toBe(404);
      expect((await get(`/api/posts/${newest.id}/open`)).statusCode).toBe(410);
      const address = await get(`/gone-shop/lists/${earlier.listSlug}`);
      expect(address.headers.location).not.toBe(newest.url);
      const feed = await get('/gone-shop/feed.atom');
      expect(feed.body).toContain('New owner list');
      expect(feed.body).not.toContain('Summer prices');
    } finally {
      await t.db.deleteFrom('posts').where('user_id', '=', next.id).execute();
      await t.db.deleteFrom('handles').where('user_id', '=', next.id).execute();
    }
  });

  it('comes back, under the new name, when the person gets a handle again', async () => {
    const grant = await t.app.inject(
      as(owner, {
        method: 'POST',
        url: '/api/admin/handles',
        payload: { handle: 'back-shop', email: 'gone@example.com', displayName: 'Back Shop' },
      }),
    );
    expect(grant.statusCode).toBe(201);
    holder = await aSessionFor(t.db, { ...holder, handle: 'back-shop' });
    const versions = (await get(`/api/lists/${earlier.listId}/versions`)).json();
    expect(versions.posts.map((p: { id: number; handle: string }) => [p.id, p.handle])).toEqual([[earlier.id, 'back-shop']]);
    expect((await get(`/api/posts/${newest.id}/open`)).headers.location).toBe(newest.url);
    expect((await get(`/back-shop/lists/${earlier.listSlug}/open`)).headers.location).toBe(newest.url);
    const profile = (await get('/api/profiles/back-shop/posts')).json();
    expect(profile.posts.map((p: { handle: string }) => p.handle)).toEqual(['back-shop', 'back-shop']);
    const edit = await t.app.inject(
      as(holder, { method: 'PATCH', url: `/api/posts/${newest.id}`, payload: { description: 'Autumn prices' } }),
    );
    expect(edit.statusCode).toBe(200);
    expect(edit.json().post.handle).toBe('back-shop');
  });
});
