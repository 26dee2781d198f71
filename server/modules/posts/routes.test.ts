import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EMPTY_CARD } from '../../../core/business-profile';
import { buildTestApp, type TestApp } from '../../../tests/fixtures/app';
import { aFollow, aPost, as, aUser, type TestUser } from '../../../tests/fixtures/factories';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const TRUSTED = 'Only trusted domains are allowed (Google Drive, Dropbox, OneDrive, Box).';
const share = (user: TestUser | undefined, payload: unknown) =>
  t.app.inject(as(user, { method: 'POST', url: '/api/posts', payload }));

let shops = 0;
/** A fresh approved owner, so each case has its own upload allowance. */
const anOwner = () => aUser(t.db, { handle: `green-grocer-${++shops}` });

describe('POST /api/posts', () => {
  it('is for approved handle owners only', async () => {
    const payload = { url: 'https://drive.google.com/file/d/1', description: 'Menu' };
    expect((await share(undefined, payload)).statusCode).toBe(401);
    const plain = await aUser(t.db);
    const res = await share(plain, payload);
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe('You need an approved handle to do that.');
  });

  it('saves a trimmed link and description under the author’s handle', async () => {
    const owner = await anOwner();
    const res = await share(owner, { url: '  https://www.dropbox.com/s/abc/prices.pdf  ', description: '  Weekly prices 🍅  ' });
    expect(res.statusCode).toBe(201);
    expect(res.json().post).toMatchObject({
      handle: owner.handle,
      url: 'https://www.dropbox.com/s/abc/prices.pdf',
      description: 'Weekly prices 🍅',
    });
    const row = await t.db.selectFrom('posts').selectAll().where('id', '=', res.json().post.id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ user_id: owner.id, handle: owner.handle, open_count: 0 });
  });

  it('completes a link typed without https:// instead of refusing it (#31)', async () => {
    const owner = await anOwner();
    const res = await share(owner, { url: '  drive.google.com/file/d/typed/view ' });
    expect(res.statusCode).toBe(201);
    expect(res.json().post.url).toBe('https://drive.google.com/file/d/typed/view');
  });

  it('accepts a post without a description', async () => {
    const owner = await anOwner();
    const res = await share(owner, { url: 'https://mega.nz/file/1' });
    expect(res.statusCode).toBe(201);
    expect(res.json().post.description).toBe('');
  });

  it.each([
    [undefined, 'Link must start with https://'],
    ['', 'Link must start with https://'],
    ['http://drive.google.com/file/d/1', 'Link must start with https://'],
    ['ftp://drive.google.com/file/d/1', 'Link must start with https://'],
    ['https://', 'Invalid URL structure.'],
    ['https://exa mple.com/x', 'Invalid URL structure.'],
    ['https://drive.google.com@evil.com/file', 'Invalid URL structure.'],
    ['https://evil.com@drive.google.com/file', 'Invalid URL structure.'],
    ['https://bit.ly/menu', 'Shortened or suspicious URLs are not allowed.'],
    ['https://BIT.LY./menu', 'Shortened or suspicious URLs are not allowed.'],
    ['https://iplogger.org/x', 'Shortened or suspicious URLs are not allowed.'],
    ['https://example.com/menu.pdf', TRUSTED],
    ['https://drive.google.com.evil.com/file', TRUSTED],
    ['https://evil.com/drive.google.com', TRUSTED],
    ['https://xn--drve-6pa.google.com/file', TRUSTED],
    ['https://drіve.google.com/file', TRUSTED],
    ['https://drive.google.com:8443/file', TRUSTED],
    ['https://drive.google.com../file', TRUSTED],
    [`https://drive.google.com/${'a'.repeat(476)}`, 'Link is too long.'],
  ])('refuses %j with the rule’s message', async (url, message) => {
    const owner = await anOwner();
    const res = await share(owner, { url, description: 'x' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: 'Bad Request', message });
  });

  it.each([
    'HTTPS://DRIVE.GOOGLE.COM/file/d/1',
    'https://drive.google.com./file/d/1',
    'https://drive.google.com:443/file/d/1',
    'https://bücher.dropbox.com/s/1',
    'https://qr.localhost/green-grocer-1',
    `https://drive.google.com/${'a'.repeat(475)}`,
  ])('accepts %s', async (url) => {
    const owner = await anOwner();
    expect((await share(owner, { url })).statusCode).toBe(201);
  });

  it('limits the description to 300 characters (emoji count as one)', async () => {
    const owner = await anOwner();
    const url = 'https://box.com/s/1';
    expect((await share(owner, { url, description: '🥕'.repeat(300) })).statusCode).toBe(201);
    const res = await share(owner, { url, description: 'a'.repeat(301) });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Description must be 300 characters or less.');
  });

  it('stops a flood of uploads from one person, not from others', async () => {
    const owner = await anOwner();
    const payload = { url: 'https://box.com/s/flood' };
    for (let i = 0; i < 30; i++) expect((await share(owner, payload)).statusCode).toBe(201);
    const refused = await share(owner, payload);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toMatch(/^Too many requests\. Please wait .+ and try again\.$/);
    expect((await share(await anOwner(), payload)).statusCode).toBe(201);
  });
});

describe('configured link lists', () => {
  it('serves and enforces LINK_PROVIDERS and LINK_BLOCKED_HOSTS', async () => {
    const custom = await buildTestApp({ LINK_PROVIDERS: 'Nextcloud=cloud.example', LINK_BLOCKED_HOSTS: 'spam.cloud.example' });
    try {
      const policy = (await custom.app.inject({ method: 'GET', url: '/api/link-policy' })).json();
      expect(policy).toEqual({
        siteHost: 'localhost',
        providers: [{ name: 'Nextcloud', hosts: ['cloud.example'], namedInMessage: true }],
        blocked: ['spam.cloud.example'],
      });
      const owner = await aUser(custom.db, { handle: 'custom-shop' });
      const post = (url: string) => custom.app.inject(as(owner, { method: 'POST', url: '/api/posts', payload: { url } }));
      expect((await post('https://files.cloud.example/menu')).statusCode).toBe(201);
      expect((await post('https://bit.ly/x')).json().message).toBe('Only trusted domains are allowed (Nextcloud).');
      expect((await post('https://spam.cloud.example/x')).json().message).toBe('Shortened or suspicious URLs are not allowed.');
    } finally {
      await custom.close();
    }
  });

  it('serves the default lists to visitors', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/link-policy' });
    expect(res.statusCode).toBe(200);
    expect(res.json().providers).toHaveLength(7);
    expect(res.json().blocked).toContain('bit.ly');
  });
});

describe('GET /api/posts/:id/open', () => {
  it('counts the open and redirects to the stored link', async () => {
    const owner = await aUser(t.db, { handle: 'open-shop' });
    const post = await aPost(t.db, owner, { url: 'https://docs.google.com/spreadsheets/d/1' });
    // Two visitors: one visitor's opens count once in a window (open-once.test.ts).
    for (let i = 0; i < 2; i++) {
      const res = await t.app.inject({ method: 'GET', url: `/api/posts/${post.id}/open`, remoteAddress: `10.9.0.${i}` });
      expect(res.statusCode).toBe(302);
      expect(res.headers.location).toBe('https://docs.google.com/spreadsheets/d/1');
    }
    const row = await t.db.selectFrom('posts').select('open_count').where('id', '=', post.id).executeTakeFirstOrThrow();
    expect(row.open_count).toBe(2);
  });

  it('sends the browser to the parsed, ASCII form of the link', async () => {
    const owner = await aUser(t.db, { handle: 'open-idn' });
    const post = await aPost(t.db, owner, { url: 'https://bücher.dropbox.com/s/menü' });
    const res = await t.app.inject({ method: 'GET', url: `/api/posts/${post.id}/open` });
    expect(res.headers.location).toBe('https://xn--bcher-kva.dropbox.com/s/men%C3%BC');
  });

  it('never redirects to a stored link that breaks the rules now, and does not count it', async () => {
    const owner = await aUser(t.db, { handle: 'open-stale' });
    const post = await aPost(t.db, owner, { url: 'https://bit.ly/old' });
    const res = await t.app.inject({ method: 'GET', url: `/api/posts/${post.id}/open` });
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe('This link is no longer available.');
    expect(res.headers.location).toBeUndefined();
    const row = await t.db.selectFrom('posts').select('open_count').where('id', '=', post.id).executeTakeFirstOrThrow();
    expect(row.open_count).toBe(0);
  });

  it('answers 404 for an unknown post and 400 for a malformed id', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/posts/999999999/open' })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/api/posts/abc/open' })).statusCode).toBe(400);
    expect((await t.app.inject({ method: 'GET', url: '/api/posts/0/open' })).statusCode).toBe(400);
  });
});

describe('public profiles', () => {
  let shop: TestUser;
  let fan: TestUser;
  beforeAll(async () => {
    shop = await aUser(t.db, { handle: 'corner-shop', name: 'Corner Shop', email: 'secret-owner@example.com' });
    fan = await aUser(t.db, { handle: 'shop-fan' });
    await aFollow(t.db, fan, 'corner-shop');
  });

  it('shows handle, display name and business card to visitors, never the email', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/profiles/corner-shop' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      handle: 'corner-shop',
      displayName: 'Corner Shop',
      business: EMPTY_CARD,
      isOwner: false,
      following: null,
    });
    expect(res.body).not.toContain('secret-owner');
  });

  it('tells a signed-in viewer whether they follow it, and the owner that it is theirs', async () => {
    expect((await t.app.inject(as(fan, { url: '/api/profiles/corner-shop' }))).json().following).toBe(true);
    const stranger = await aUser(t.db);
    expect((await t.app.inject(as(stranger, { url: '/api/profiles/Corner-Shop' }))).json().following).toBe(false);
    expect((await t.app.inject(as(shop, { url: '/api/profiles/corner-shop' }))).json()).toMatchObject({
      isOwner: true,
      following: null,
    });
  });

  it('answers 404 for an unknown handle (the page then goes to /)', async () => {
    for (const handle of ['nobody-here', 'x'.repeat(200)]) {
      const res = await t.app.inject({ method: 'GET', url: `/api/profiles/${handle}` });
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe('Profile not found.');
      expect((await t.app.inject({ method: 'GET', url: `/api/profiles/${handle}/posts` })).statusCode).toBe(404);
    }
  });

  it('lists the holder’s posts 5 at a time, newest first, ties broken by id', async () => {
    const baker = await aUser(t.db, { handle: 'paging-baker' });
    const made = [];
    for (let i = 0; i < 12; i++) made.push(await aPost(t.db, baker, { createdAt: 1_000 + Math.floor(i / 4) }));
    const expected = made
      .sort((a, b) => b.createdAt - a.createdAt || b.id - a.id)
      .map((p) => p.id)
      .slice();
    const seen: number[] = [];
    let cursor: string | null = null;
    const sizes: number[] = [];
    do {
      const url: string = `/api/profiles/paging-baker/posts${cursor ? `?cursor=${encodeURIComponent(cursor)}` : ''}`;
      const body: { posts: { id: number }[]; nextCursor: string | null } = (await t.app.inject({ method: 'GET', url })).json();
      sizes.push(body.posts.length);
      seen.push(...body.posts.map((p) => p.id));
      cursor = body.nextCursor;
    } while (cursor);
    expect(sizes).toEqual([5, 5, 2]);
    expect(seen).toEqual(expected);
  });

  it('is empty for a handle that has not shared anything', async () => {
    await aUser(t.db, { handle: 'quiet-one' });
    const res = await t.app.inject({ method: 'GET', url: '/api/profiles/quiet-one/posts' });
    expect(res.json()).toEqual({ posts: [], nextCursor: null });
  });
});

describe('GET /api/posts/mine', () => {
  it('gives the author their posts with how often each link was opened', async () => {
    const author = await aUser(t.db, { handle: 'counted-shop' });
    const other = await aUser(t.db, { handle: 'other-shop' });
    const a = await aPost(t.db, author, { createdAt: 1, url: 'https://box.com/a' });
    const b = await aPost(t.db, author, { createdAt: 2, url: 'https://box.com/b' });
    await aPost(t.db, other, { createdAt: 3 });
    for (let i = 0; i < 3; i++)
      await t.app.inject({ method: 'GET', url: `/api/posts/${a.id}/open`, remoteAddress: `10.9.1.${i}` });
    const res = await t.app.inject(as(author, { url: '/api/posts/mine' }));
    expect(res.json()).toMatchObject({
      posts: [
        { id: b.id, handle: 'counted-shop', url: 'https://box.com/b', description: b.description, createdAt: 2, openCount: 0 },
        { id: a.id, handle: 'counted-shop', url: 'https://box.com/a', description: a.description, createdAt: 1, openCount: 3 },
      ],
      nextCursor: null,
    });
    expect(res.json().posts).toHaveLength(2);
  });
});
