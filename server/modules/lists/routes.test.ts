import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PublicPost } from '../../../core/feed';
import { buildTestApp, type TestApp } from '../../../tests/fixtures/app';
import { aBareSnapshot } from '../../../tests/fixtures/contents-rows';
import { aFollow, aPost, as, aUser, type TestUser } from '../../../tests/fixtures/factories';
import { aVersion, versionsOf } from '../../../tests/fixtures/list-rows';

/** Living lists (issue 17): versions, editing, removing, stable addresses, validity dates. */
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const TRUSTED = 'Only trusted domains are allowed (Google Drive, Dropbox, OneDrive, Box).';
let shops = 0;
const anOwner = () => aUser(t.db, { handle: `list-shop-${++shops}` });
const share = (user: TestUser | undefined, payload: unknown) =>
  t.app.inject(as(user, { method: 'POST', url: '/api/posts', payload }));
const edit = (user: TestUser | undefined, id: number, description: unknown) =>
  t.app.inject(as(user, { method: 'PATCH', url: `/api/posts/${id}`, payload: { description } }));
const remove = (user: TestUser | undefined, id: number) => t.app.inject(as(user, { method: 'DELETE', url: `/api/posts/${id}` }));
const get = (url: string, user?: TestUser) => t.app.inject(as(user, { url }));
const profilePosts = async (handle: string) => (await get(`/api/profiles/${handle}/posts`)).json().posts as PublicPost[];
const feedOf = async (reader: TestUser) => (await get('/api/feed', reader)).json().posts as PublicPost[];

describe('starting a list', () => {
  it('names a list from its description, or as the owner names it, with a slug unique to the owner', async () => {
    const owner = await anOwner();
    const a = (await share(owner, { url: 'https://box.com/s/1', description: 'Weekly prices\nfruit and veg' })).json().post;
    const b = (await share(owner, { url: 'https://box.com/s/2', description: 'Weekly prices' })).json().post;
    const c = (await share(owner, { url: 'https://box.com/s/3', description: 'x', listName: '  Crème brûlée menu  ' })).json()
      .post;
    expect([a.list.name, a.list.slug, a.list.versions]).toEqual(['Weekly prices', 'weekly-prices', 1]);
    expect([b.list.name, b.list.slug]).toEqual(['Weekly prices', 'weekly-prices-2']);
    expect([c.list.name, c.list.slug]).toEqual(['Crème brûlée menu', 'creme-brulee-menu']);
    // Another owner's lists do not take the slug.
    const other = (await share(await anOwner(), { url: 'https://box.com/s/4', description: 'Weekly prices' })).json().post;
    expect(other.list.slug).toBe('weekly-prices');
  });

  it('refuses a list name over 60 characters with its message', async () => {
    const res = await share(await anOwner(), { url: 'https://box.com/s/1', listName: 'n'.repeat(61) });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('List name must be 60 characters or less.');
    expect((await share(await anOwner(), { url: 'https://box.com/s/1', listName: '🥕'.repeat(60) })).statusCode).toBe(201);
  });
});

describe('a new version of a list', () => {
  it('becomes the newest: the profile and the feed show the list once, earlier versions folded', async () => {
    const owner = await anOwner();
    const reader = await aUser(t.db);
    await aFollow(t.db, reader, owner.handle!);
    const first = (await share(owner, { url: 'https://box.com/s/v1', description: 'Weekly price list' })).json().post;
    const second = (await share(owner, { url: 'https://box.com/s/v2', description: 'Week 2', listId: first.list.id })).json()
      .post;
    const third = (await share(owner, { url: 'https://box.com/s/v3', description: 'Week 3', listId: first.list.id })).json().post;
    expect(third.list).toEqual({ ...first.list, versions: 3 });
    expect(third.createdAt).toBeGreaterThanOrEqual(second.createdAt);

    const onProfile = await profilePosts(owner.handle!);
    expect(onProfile.map((p) => p.id)).toEqual([third.id]);
    expect((await feedOf(reader)).map((p) => [p.id, p.list.versions])).toEqual([[third.id, 3]]);
    const earlier = (await get(`/api/lists/${first.list.id}/versions`)).json();
    expect(earlier.posts.map((p: { id: number }) => p.id)).toEqual([second.id, first.id]);
    expect(earlier.posts[0].openCount).toBeUndefined();
    expect((await get(`/api/lists/${first.list.id}/versions`, owner)).json().posts[0].openCount).toBe(0);
  });

  it.each([
    [undefined, 'Link must start with https://'],
    ['http://drive.google.com/file/d/1', 'Link must start with https://'],
    ['https://exa mple.com/x', 'Invalid URL structure.'],
    ['https://drive.google.com@evil.com/file', 'Invalid URL structure.'],
    ['https://bit.ly/menu', 'Shortened or suspicious URLs are not allowed.'],
    ['https://example.com/menu.pdf', TRUSTED],
    [`https://drive.google.com/${'a'.repeat(476)}`, 'Link is too long.'],
  ])('checks every version by the link rules in the spec’s order: %j', async (url, message) => {
    const owner = await anOwner();
    const list = await aPost(t.db, owner);
    const res = await share(owner, { url, description: 'd'.repeat(301), listId: list.listId, validUntil: 'never' });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(message);
    expect((await versionsOf(t.db, list.listId)).ids).toEqual([list.id]);
  });

  it('then the description, the dates, and their order', async () => {
    const owner = await anOwner();
    const { listId } = await aPost(t.db, owner);
    const url = 'https://box.com/s/ok';
    const refused = async (body: object) => (await share(owner, { url, listId, ...body })).json().message;
    expect(await refused({ description: 'd'.repeat(301) })).toBe('Description must be 300 characters or less.');
    expect(await refused({ validFrom: '2026-02-30' })).toBe('Valid from must be a date (YYYY-MM-DD).');
    expect(await refused({ validUntil: '31/10/2026' })).toBe('Valid until must be a date (YYYY-MM-DD).');
    expect(await refused({ validFrom: '2026-11-01', validUntil: '2026-10-31' })).toBe(
      'Valid until must be on or after valid from.',
    );
  });

  it('is refused on someone else’s list (403) and on a list that does not exist (404)', async () => {
    const owner = await anOwner();
    const theirs = await aPost(t.db, await anOwner());
    const res = await share(owner, { url: 'https://box.com/s/x', listId: theirs.listId });
    expect([res.statusCode, res.json().message]).toEqual([403, 'You can only add versions to your own lists.']);
    const missing = await share(owner, { url: 'https://box.com/s/x', listId: 999_999_999 });
    expect([missing.statusCode, missing.json().message]).toEqual([404, 'List not found.']);
    expect((await versionsOf(t.db, theirs.listId)).ids).toEqual([theirs.id]);
  });

  it('keeps validity dates, and a repeated upload key makes one version', async () => {
    const owner = await anOwner();
    const { listId } = await aPost(t.db, owner);
    const payload = {
      url: 'https://box.com/s/dated',
      listId,
      validFrom: '2026-10-01',
      validUntil: '2026-10-31',
      idempotencyKey: randomUUID(),
    };
    const first = await share(owner, payload);
    const again = await share(owner, payload);
    expect([first.statusCode, again.statusCode]).toEqual([201, 200]);
    expect(again.json().post).toEqual(first.json().post);
    expect(first.json().post).toMatchObject({ validFrom: '2026-10-01', validUntil: '2026-10-31' });
    expect((await versionsOf(t.db, listId)).ids).toHaveLength(2);
  });

  it('offers the owner their lists, the most recently updated first', async () => {
    const owner = await anOwner();
    const older = await aPost(t.db, owner, { description: 'Menu', createdAt: 1_000 });
    const newer = await aPost(t.db, owner, { description: 'Prices', createdAt: 2_000 });
    await aVersion(t.db, owner, older, { createdAt: 3_000, url: 'https://drive.google.com/file/d/menu-v2/view' });
    const res = (await get('/api/lists/mine', owner)).json();
    expect(res.lists.map((l: { id: number; versions: number }) => [l.id, l.versions])).toEqual([
      [older.listId, 2],
      [newer.listId, 1],
    ]);
    // The newest version's link: "New version" starts from it (#31).
    expect(res.lists[0].url).toBe('https://drive.google.com/file/d/menu-v2/view');
    expect((await get('/api/lists/mine', await aUser(t.db))).json()).toEqual({ lists: [] });
  });
});

describe('editing a post', () => {
  it('changes the description, keeps the time, marks it edited', async () => {
    const owner = await anOwner();
    const post = await aPost(t.db, owner, { createdAt: 5_000 });
    const res = await edit(owner, post.id, '  Corrected prices  ');
    expect(res.statusCode).toBe(200);
    expect(res.json().post).toMatchObject({ id: post.id, description: 'Corrected prices', createdAt: 5_000 });
    expect(res.json().post.editedAt).toEqual(expect.any(Number));
    expect((await profilePosts(owner.handle!))[0]).toMatchObject({ description: 'Corrected prices' });
  });

  it('follows the description rule, and only the author may edit', async () => {
    const owner = await anOwner();
    const post = await aPost(t.db, owner);
    expect((await edit(owner, post.id, 'a'.repeat(301))).json().message).toBe('Description must be 300 characters or less.');
    const stranger = await anOwner();
    expect([(await edit(stranger, post.id, 'Mine now')).statusCode, (await edit(undefined, post.id, 'x')).statusCode]).toEqual([
      403, 401,
    ]);
    expect((await edit(owner, 999_999_999, 'x')).statusCode).toBe(404);
    expect((await profilePosts(owner.handle!))[0]!.description).toBe(post.description);
  });

  const editWith = (user: TestUser, id: number, body: object) =>
    t.app.inject(as(user, { method: 'PATCH', url: `/api/posts/${id}`, payload: { description: 'Prices', ...body } }));

  it('changes the validity dates: absent keeps them, empty clears them, the order is checked with the stored date', async () => {
    const owner = await anOwner();
    const post = await aPost(t.db, owner);
    let res = await editWith(owner, post.id, { validFrom: '2026-10-01', validUntil: '2026-10-31' });
    expect(res.json().post).toMatchObject({ validFrom: '2026-10-01', validUntil: '2026-10-31' });
    res = await editWith(owner, post.id, {});
    expect(res.json().post).toMatchObject({ validFrom: '2026-10-01', validUntil: '2026-10-31' });
    // Only the end date sent, before the stored start: refused, nothing changed.
    res = await editWith(owner, post.id, { validUntil: '2026-09-30' });
    expect([res.statusCode, res.json().message]).toEqual([400, 'Valid until must be on or after valid from.']);
    res = await editWith(owner, post.id, { validFrom: '1 Oct' });
    expect([res.statusCode, res.json().message]).toEqual([400, 'Valid from must be a date (YYYY-MM-DD).']);
    expect((await profilePosts(owner.handle!))[0]).toMatchObject({ validFrom: '2026-10-01', validUntil: '2026-10-31' });
    res = await editWith(owner, post.id, { validFrom: '', validUntil: ' ' });
    expect(res.json().post).toMatchObject({ validFrom: null, validUntil: null });
  });

  it('puts a mistyped link right by the rules of a new post; absent keeps it (#31)', async () => {
    const owner = await anOwner();
    const post = await aPost(t.db, owner, { url: 'https://drive.google.com/file/d/typo/view' });
    let res = await editWith(owner, post.id, { url: ' drive.google.com/file/d/right/view' });
    expect([res.statusCode, res.json().post.url]).toEqual([200, 'https://drive.google.com/file/d/right/view']);
    res = await editWith(owner, post.id, {});
    expect(res.json().post.url).toBe('https://drive.google.com/file/d/right/view');
    for (const [url, message] of [
      ['https://bit.ly/menu', 'Shortened or suspicious URLs are not allowed.'],
      ['http://drive.google.com/x', 'Link must start with https://'],
    ]) {
      res = await editWith(owner, post.id, { url });
      expect([res.statusCode, res.json().message]).toEqual([400, message]);
    }
    expect((await profilePosts(owner.handle!))[0]!.url).toBe('https://drive.google.com/file/d/right/view');
  });

  it('renames the list; its slug, stable address and versions stay', async () => {
    const owner = await anOwner();
    const reader = await aUser(t.db);
    await aFollow(t.db, reader, owner.handle!);
    const v1 = await aPost(t.db, owner, { description: 'Weekly prices', url: 'https://box.com/s/w1', createdAt: 1_000 });
    const v2 = await aVersion(t.db, owner, v1, { url: 'https://box.com/s/w2', createdAt: 2_000 });
    const res = await editWith(owner, v2.id, { listName: '  Autumn price list ' });
    expect(res.json().post.list).toMatchObject({ id: v1.listId, slug: v1.listSlug, name: 'Autumn price list', versions: 2 });
    expect((await profilePosts(owner.handle!))[0]!.list.name).toBe('Autumn price list');
    expect((await feedOf(reader))[0]!.list.name).toBe('Autumn price list');
    expect((await get(`/${owner.handle}/lists/${v1.listSlug}/open`)).headers.location).toBe('https://box.com/s/w2');
    expect((await get('/api/lists/mine', owner)).json().lists[0]).toMatchObject({ slug: v1.listSlug, name: 'Autumn price list' });

    const refused = async (listName: string) => (await editWith(owner, v2.id, { listName })).json().message;
    expect(await refused('   ')).toBe('A list needs a name.');
    expect(await refused('n'.repeat(61))).toBe('List name must be 60 characters or less.');
    const stranger = await anOwner();
    expect((await editWith(stranger, v2.id, { listName: 'Mine' })).statusCode).toBe(403);
    expect((await profilePosts(owner.handle!))[0]!.list.name).toBe('Autumn price list');
  });
});

describe('removing a post', () => {
  it('leaves the profile, the feed and the Atom feed at once; the old open link answers 410 with the profile', async () => {
    const owner = await anOwner();
    const reader = await aUser(t.db);
    await aFollow(t.db, reader, owner.handle!);
    const kept = await aPost(t.db, owner, { createdAt: 1_000 });
    const gone = await aPost(t.db, owner, { createdAt: 2_000 });
    // Read once so the cached pages exist, then remove.
    expect((await profilePosts(owner.handle!)).map((p) => p.id)).toEqual([gone.id, kept.id]);
    expect((await feedOf(reader)).map((p) => p.id)).toEqual([gone.id, kept.id]);
    const atomBefore = (await get(`/${owner.handle}/feed.atom`)).body;
    expect(atomBefore).toContain(`/api/posts/${gone.id}/open`);

    const res = await remove(owner, gone.id);
    expect(res.json()).toEqual({ id: gone.id, listRemoved: true });
    expect((await profilePosts(owner.handle!)).map((p) => p.id)).toEqual([kept.id]);
    expect((await feedOf(reader)).map((p) => p.id)).toEqual([kept.id]);
    expect((await get(`/${owner.handle}/feed.atom`)).body).not.toContain(`/api/posts/${gone.id}/open`);

    const open = await get(`/api/posts/${gone.id}/open`);
    expect(open.statusCode).toBe(410);
    expect(open.headers['content-type']).toMatch(/text\/html/);
    expect(open.body).toContain(`href="/${owner.handle}"`);
    expect(open.body).toContain('This list was removed.');
    // A double click removes once and answers the same.
    expect((await remove(owner, gone.id)).statusCode).toBe(200);
  });

  it('of the newest version makes the latest left the newest; of an earlier one folds one fewer', async () => {
    const owner = await anOwner();
    const v1 = await aPost(t.db, owner, { createdAt: 1_000 });
    const v2 = await aVersion(t.db, owner, v1, { createdAt: 2_000 });
    const v3 = await aVersion(t.db, owner, v1, { createdAt: 3_000 });
    expect((await remove(owner, v3.id)).json()).toEqual({ id: v3.id, listRemoved: false });
    expect(await versionsOf(t.db, v1.listId)).toEqual({ ids: [v1.id, v2.id], newest: [v2.id] });
    expect((await remove(owner, v1.id)).json().listRemoved).toBe(false);
    expect((await profilePosts(owner.handle!)).map((p) => [p.id, p.list.versions])).toEqual([[v2.id, 1]]);
  });

  it('is for the author only', async () => {
    const owner = await anOwner();
    const post = await aPost(t.db, owner);
    const admin = await aUser(t.db, { admin: true });
    for (const who of [await anOwner(), admin]) {
      const res = await remove(who, post.id);
      expect([res.statusCode, res.json().message]).toEqual([403, 'You can only change your own posts.']);
    }
    expect((await remove(undefined, post.id)).statusCode).toBe(401);
    expect((await remove(owner, 999_999_998)).statusCode).toBe(404);
    expect((await versionsOf(t.db, post.listId)).ids).toEqual([post.id]);
  });
});

describe('the direct address /{handle}/lists/{slug}/open', () => {
  it('always sends the visitor to the newest version, uncached, counted like an open', async () => {
    const owner = await anOwner();
    const v1 = await aPost(t.db, owner, { description: 'Weekly prices', url: 'https://box.com/s/week-1', createdAt: 1_000 });
    const address = `/${owner.handle}/lists/${v1.listSlug}/open`;
    let res = await get(address);
    expect([res.statusCode, res.headers.location, res.headers['cache-control']]).toEqual([
      302,
      'https://box.com/s/week-1',
      'no-store',
    ]);
    const v2 = await aVersion(t.db, owner, v1, { url: 'https://box.com/s/week-2', createdAt: 2_000 });
    res = await get(address);
    expect(res.headers.location).toBe('https://box.com/s/week-2');
    const counts = await t.db
      .selectFrom('posts')
      .select(['id', 'open_count'])
      .where('list_id', '=', v1.listId)
      .orderBy('id')
      .execute();
    expect(counts).toEqual([
      { id: v1.id, open_count: 1 },
      { id: v2.id, open_count: 1 },
    ]);
    expect((await get(`/${owner.handle!.toUpperCase()}/lists/${v1.listSlug}/open`)).headers.location).toBe(
      'https://box.com/s/week-2',
    );
  });

  it('leads to the list’s own page, which says why, when the list or the business is gone', async () => {
    const owner = await anOwner();
    const post = await aPost(t.db, owner);
    await remove(owner, post.id);
    const res = await get(`/${owner.handle}/lists/${post.listSlug}/open`);
    expect([res.statusCode, res.headers.location]).toEqual([302, `/${owner.handle}/lists/${post.listSlug}`]);
    expect((await get('/nobody-holds-this/lists/menu/open')).headers.location).toBe('/nobody-holds-this/lists/menu');
  });
});

describe('a list’s own page /{handle}/lists/{slug} (its data)', () => {
  it('names the business, the list by its newest version, its dates and versions; the viewer’s Follow state', async () => {
    const owner = await anOwner();
    const v1 = await aPost(t.db, owner, { description: 'Weekly prices', createdAt: 1_000 });
    const v2 = await aVersion(t.db, owner, v1, { description: 'Week 2: pears', createdAt: 2_000 });
    await t.db.updateTable('posts').set({ valid_until: '2031-10-31' }).where('list_id', '=', v1.listId).execute();
    const path = `/api/profiles/${owner.handle}/lists/${v1.listSlug}`;
    const visitor = (await get(path)).json();
    expect(visitor).toEqual({
      profile: expect.objectContaining({ handle: owner.handle, displayName: owner.name, isOwner: false, following: null }),
      list: {
        id: v1.listId,
        name: 'Weekly prices',
        slug: v1.listSlug,
        tradeOnly: false,
        locked: false,
        description: 'Week 2: pears',
        versions: 2,
        validFrom: null,
        validUntil: '2031-10-31',
        postedAt: 2_000,
        editedAt: null,
        fileChangedAt: null,
        unavailable: null,
        prices: null,
        changes: null,
      },
    });
    expect(visitor.profile.business).toHaveProperty('logo', null);
    // What Freshlist read of the newest version comes with the page, so the server renders its change line (issue 43).
    const counts = { up: 2, down: 0, added: 1, gone: 0, changed: 0 };
    await aBareSnapshot(t.db, { listId: v1.listId, postId: v2.id, userId: owner.id }, counts);
    expect((await get(path)).json().list.changes).toMatchObject({ state: 'read', counts });
    const reader = await aUser(t.db);
    expect((await get(path, reader)).json().profile.following).toBe(false);
    await aFollow(t.db, reader, owner.handle!);
    expect((await get(path, reader)).json().profile.following).toBe(true);
    expect((await get(path, owner)).json().profile).toMatchObject({ isOwner: true, following: null });
    // A trade-only list shows its name and says so; its contents stay sealed (ADR 0180).
    await t.db.updateTable('lists').set({ audience: 'trade' }).where('id', '=', v1.listId).execute();
    expect((await get(path)).json().list).toMatchObject({
      name: 'Weekly prices',
      tradeOnly: true,
      locked: true,
      description: '',
      validUntil: null,
      versions: 1,
      changes: null,
    });
    // Its owner reads it whole.
    expect((await get(path, owner)).json().list).toMatchObject({ locked: false, description: 'Week 2: pears', versions: 2 });
  });

  it('gives a shared stable address a link preview of the list and its business (#31)', async () => {
    const owner = await anOwner();
    const post = await aPost(t.db, owner, { description: 'Pears & plums <this week>' });
    await t.db.updateTable('posts').set({ valid_until: '2031-10-31' }).where('id', '=', post.id).execute();
    const tag = (html: string, key: string) =>
      new RegExp(`<meta (?:property|name)="${key}" content="([^"]*)" />`).exec(html)?.[1];
    const res = await get(`/${owner.handle}/lists/${post.listSlug}`);
    expect(res.statusCode).toBe(200);
    const html = res.body;
    expect(html.match(/<title>/g)).toHaveLength(1);
    expect(html).toContain(`<title>A list of @${owner.handle} · Freshlist</title>`);
    expect(tag(html, 'og:title')).toBe(`Pears &amp; plums &lt;this week&gt; from ${owner.name} on Freshlist`);
    expect(tag(html, 'og:description')).toBe('Valid until 31 Oct 2031 · Pears &amp; plums &lt;this week&gt;');
    expect(tag(html, 'og:url')).toBe(`http://localhost:3000/${owner.handle}/lists/${post.listSlug}`);
    expect(tag(html, 'og:image')).toBe(`http://localhost:3000/qr/${owner.handle}/lists/${post.listSlug}/card.png`);
    expect(html).toContain(`<link rel="canonical" href="http://localhost:3000/${owner.handle}/lists/${post.listSlug}" />`);
    // A trade-only list: its name and business, nothing of its contents (ADR 0180).
    await t.db.updateTable('lists').set({ audience: 'trade', name: 'Trade prices' }).where('id', '=', post.listId).execute();
    const sealed = (await get(`/${owner.handle}/lists/${post.listSlug}`)).body;
    expect(tag(sealed, 'og:title')).toBe(`Trade prices from ${owner.name} on Freshlist`);
    expect(tag(sealed, 'og:description')).toBe(
      `The newest version of Trade prices from ${owner.name}, always up to date on Freshlist.`,
    );
    expect(sealed).not.toContain('Pears &amp; plums');
    // A list that is gone has no preview of its own.
    expect((await get(`/${owner.handle}/lists/no-such-list`)).body).not.toContain('og:title');
  });

  it('says whether the list or the whole business is gone (404)', async () => {
    const owner = await anOwner();
    const gone = await get(`/api/profiles/${owner.handle}/lists/no-such-list`);
    expect([gone.statusCode, gone.json().message]).toEqual([404, 'This list is no longer on Freshlist']);
    const nobody = await get('/api/profiles/nobody-holds-this/lists/menu');
    expect([nobody.statusCode, nobody.json().message]).toEqual([404, 'This business is no longer on Freshlist']);
  });
});

describe('QR codes and cards of a list', () => {
  it('draws the stable address as PNG and SVG, and a card for a list that exists', async () => {
    const owner = await anOwner();
    const post = await aPost(t.db, owner, { description: 'Weekly prices' });
    const svg = await get(`/qr/${owner.handle}/lists/${post.listSlug}.svg`);
    expect([svg.statusCode, svg.headers['content-type']]).toEqual([200, 'image/svg+xml; charset=utf-8']);
    expect((await get(`/qr/${owner.handle}/lists/${post.listSlug}.png`)).headers['content-type']).toBe('image/png');
    const card = await get(`/qr/${owner.handle}/lists/${post.listSlug}/card.png?download=1`);
    expect([card.statusCode, card.headers['content-type']]).toEqual([200, 'image/png']);
    expect(card.headers['content-disposition']).toBe(
      `attachment; filename="freshlist-${owner.handle}-${post.listSlug}-card.png"`,
    );
    expect((await get(`/qr/${owner.handle}/lists/no-such-list/card.png`)).statusCode).toBe(404);
    expect((await get(`/qr/${owner.handle}/lists/Not_A_Slug.svg`)).json().message).toBe('That is not a list address.');
  });
});

describe('validity dates in the Atom feed', () => {
  it('carries them as words and as a dcterms:valid period; a new version names its list', async () => {
    const owner = await anOwner();
    const v1 = await aPost(t.db, owner, { description: 'Weekly prices', createdAt: 1_000 });
    await aVersion(t.db, owner, v1, { createdAt: 2_000, validFrom: '2026-10-01', validUntil: '2026-10-31' });
    const atom = (await get(`/${owner.handle}/feed.atom`)).body;
    expect(atom).toContain('xmlns:dcterms="http://purl.org/dc/terms/"');
    expect(atom).toContain('<dcterms:valid>start=2026-10-01; end=2026-10-31; scheme=W3C-DTF;</dcterms:valid>');
    expect(atom).toContain('Valid from 1 Oct 2026 until 31 Oct 2026.');
    expect(atom).toContain('Weekly prices · new version');
    expect(atom.match(/<entry>/g)).toHaveLength(1);
  });
});
