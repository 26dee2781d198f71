import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, TEST_PUBLIC_URL, type TestApp } from '../../../tests/fixtures/app';
import { aBareSnapshot } from '../../../tests/fixtures/contents-rows';
import { aFollow, aPost, as, aUser, type TestPost, type TestUser } from '../../../tests/fixtures/factories';
import { aVersion } from '../../../tests/fixtures/list-rows';
import { mailRenderer } from '../email/render';

/**
 * Issue 32, place by place: a person without access gets nothing of a trade-only list (no link,
 * description, dates, versions or contents), and a person with access gets all of it.
 */
let t: TestApp;
let supplier: TestUser;
let member: TestUser;
let stranger: TestUser;
let first: TestPost;
let newest: TestPost;
const SECRET = 'Secret wholesale prices';
const SECRET_URL = 'https://box.com/s/secret-trade-file';

let webRoot: string;

beforeAll(async () => {
  // A stand-in for the built web app, so the server renders the public pages (as in server/plugins/pages.test.ts).
  webRoot = mkdtempSync(join(tmpdir(), 'freshlist-trade-'));
  writeFileSync(
    join(webRoot, 'index.html'),
    '<!doctype html><html><head><title>Freshlist</title></head><body><div id="root"></div></body></html>',
  );
  t = await buildTestApp({}, { webRoot });
  supplier = await aUser(t.db, { handle: 'trade-places', name: 'Places Farm' });
  member = await aUser(t.db, { name: 'Approved Bistro' });
  stranger = await aUser(t.db, { name: 'Curious Cafe' });
  first = await aPost(t.db, supplier, { audience: 'trade', description: 'Old prices', createdAt: Date.now() - 60_000 });
  await t.db.updateTable('lists').set({ name: 'Trade price list' }).where('id', '=', first.listId).execute();
  newest = await aVersion(t.db, supplier, first, { url: SECRET_URL, description: SECRET, validUntil: '2031-12-31' });
  for (const reader of [member, stranger]) await aFollow(t.db, reader, 'trade-places');
  await t.db
    .insertInto('trade_requests')
    .values({ owner_id: supplier.id, member_id: member.id, business_name: 'Bistro', state: 'approved', created_at: 1 })
    .execute();
});
afterAll(async () => {
  await t.close();
  rmSync(webRoot, { recursive: true, force: true });
});

const get = (url: string, user?: TestUser) => t.app.inject(as(user, { url }));
/** Nothing of the list's contents or history is in this text. */
const nothingOf = (text: string) => {
  for (const secret of [SECRET, SECRET_URL, 'Old prices', first.url, '2031-12-31', `/api/posts/${newest.id}/open`]) {
    expect(text).not.toContain(secret);
  }
};

describe('a trade-only list, place by place', () => {
  it('the profile’s lists (JSON API): locked for visitors and strangers, whole for the approved member and the owner', async () => {
    // What the link watcher learned of the file is the file's too.
    await t.db
      .insertInto('link_checks')
      .values({
        list_id: first.listId,
        user_id: supplier.id,
        post_id: newest.id,
        url: SECRET_URL,
        file_changed_at: 1_700_000_000_000,
        broken: true,
        next_check_at: Date.now() + 3_600_000,
        created_at: 1,
      })
      .execute();
    for (const viewer of [undefined, stranger]) {
      const res = await get('/api/profiles/trade-places/posts', viewer);
      nothingOf(res.body);
      expect(res.json().posts[0]).toMatchObject({
        locked: true,
        list: { name: 'Trade price list', audience: 'trade', versions: 1 },
      });
    }
    for (const viewer of [member, supplier]) {
      const post = (await get('/api/profiles/trade-places/posts', viewer)).json().posts[0];
      expect(post).toMatchObject({
        locked: false,
        url: SECRET_URL,
        description: SECRET,
        validUntil: '2031-12-31',
        fileChangedAt: 1_700_000_000_000,
        unavailable: true,
      });
      expect(post.list.versions).toBe(2);
    }
    // The member's page is not kept for the next visitor (a cached page never carries one viewer's access).
    nothingOf((await get('/api/profiles/trade-places/posts')).body);
  });

  it('the profile and connect pages the server renders, and their link previews', async () => {
    for (const path of ['/trade-places', '/follow/trade-places']) {
      for (const viewer of [undefined, member]) {
        const res = await get(path, viewer);
        expect(res.statusCode).toBe(200);
        nothingOf(res.body);
        expect(res.body).toContain('Trade price list');
      }
    }
    nothingOf((await get('/api/connect/trade-places', stranger)).body);
  });

  it('the profile the server renders asks for access, with a sign-in link that needs no script', async () => {
    const body = (await get('/trade-places')).body;
    const panel = body.slice(body.indexOf('<section id="trade-access"'));
    expect(panel).toContain('Trade only: ask for access');
    const signIn = `/login?${new URLSearchParams({ redirect: '/trade-places#trade-access' })}`.replaceAll('&', '&amp;');
    expect(panel).toMatch(
      new RegExp(
        `<noscript><p><a class="button button-primary" href="${signIn.replace(/[?.]/g, '\\$&')}">Sign in to ask for access</a>`,
      ),
    );
  });

  it('the list’s page (JSON API and rendered) and its direct address: the name only without access, all with it', async () => {
    const page = `/api/profiles/trade-places/lists/${first.listSlug}`;
    for (const viewer of [undefined, stranger]) {
      const res = await get(page, viewer);
      nothingOf(res.body);
      expect(res.json().list).toMatchObject({
        name: 'Trade price list',
        tradeOnly: true,
        locked: true,
        versions: 1,
        fileChangedAt: null,
        unavailable: null,
      });
    }
    expect((await get(page, member)).json().list).toMatchObject({ locked: false, description: SECRET, versions: 2 });
    // The server's render is a visitor's, whoever asks.
    nothingOf((await get(`/trade-places/lists/${first.listSlug}`, member)).body);

    const open = `/trade-places/lists/${first.listSlug}/open`;
    for (const viewer of [undefined, stranger]) {
      const res = await get(open, viewer);
      expect(res.headers.location).toBe(`/trade-places/lists/${first.listSlug}`);
    }
    expect((await get(open, member)).headers.location).toBe(SECRET_URL);
  });

  it('the open counter: to the list’s address, uncounted, without access; to the file, counted, with it', async () => {
    const count = async () =>
      (await t.db.selectFrom('posts').select('open_count').where('id', '=', newest.id).executeTakeFirstOrThrow()).open_count;
    const before = await count();
    const locked = await get(`/api/posts/${newest.id}/open`, stranger);
    expect([locked.statusCode, locked.headers.location]).toEqual([302, `/trade-places/lists/${first.listSlug}`]);
    expect(await count()).toBe(before);
    const open = await get(`/api/posts/${newest.id}/open`, member);
    expect([open.statusCode, open.headers.location]).toEqual([302, SECRET_URL]);
    // The member opened it through the list's address above: one visitor counts once in a window (issue 42).
    expect(await count()).toBe(before);
    expect((await get(`/api/posts/${newest.id}/open`, supplier)).headers.location).toBe(SECRET_URL);
    expect(await count()).toBe(before + 1);
  });

  it('the feed', async () => {
    const locked = await get('/api/feed', stranger);
    nothingOf(locked.body);
    expect(locked.json().posts[0]).toMatchObject({ id: newest.id, locked: true });
    expect((await get('/api/feed', member)).json().posts[0]).toMatchObject({ url: SECRET_URL, description: SECRET });
  });

  it('earlier versions (JSON API)', async () => {
    const url = `/api/lists/${first.listId}/versions`;
    for (const viewer of [undefined, stranger]) {
      const res = await get(url, viewer);
      expect(res.statusCode).toBe(403);
      nothingOf(res.body);
    }
    expect((await get(url, member)).json().posts[0]).toMatchObject({ id: first.id, url: first.url, description: 'Old prices' });
  });

  it('the Atom feed: the name and “Trade only”, never the contents', async () => {
    const res = await get('/trade-places/feed.atom');
    nothingOf(res.body);
    expect(res.body).toContain('Trade price list · Trade only');
    expect(res.body).toContain('Trade only: ask for access');
  });

  it('the contents archive (versions, text, changes)', async () => {
    const url = `/api/contents/trade-places/${first.listSlug}/changes`;
    for (const viewer of [undefined, stranger]) {
      const res = await get(url, viewer);
      expect([res.statusCode, res.json().message]).toEqual([403, 'Trade only: ask for access']);
    }
    expect((await get(url, member)).statusCode).toBe(200);
    expect((await get(url, supplier)).statusCode).toBe(200);
    // What a card says of its newest version ("3 prices up"): only to readers with access.
    await aBareSnapshot(
      t.db,
      { listId: first.listId, postId: newest.id, userId: supplier.id },
      { up: 0, down: 0, added: 3, gone: 0, changed: 0 },
    );
    const summaries = async (viewer?: TestUser) =>
      (await get(`/api/contents/summaries?lists=${first.listId}`, viewer))
        .json()
        .summaries.map((x: { listId: number }) => x.listId);
    expect(await summaries()).toEqual([]);
    expect(await summaries(stranger)).toEqual([]);
    expect(await summaries(member)).toEqual([first.listId]);
  });

  it('/explore’s search by item finds a trade-only list’s items only for readers with access', async () => {
    const bytes = Buffer.from('Item;Unit;Price\nZanzibar saffron;g;9,50\n', 'utf8');
    const read = await t.app.contents.recordFetchedFile({
      listId: first.listId,
      postId: newest.id,
      bytes,
      fetchedAt: Date.now(),
    });
    expect(read.state).toBe('read');
    const search = async (viewer?: TestUser) => (await get('/api/directory?q=saffron', viewer)).json();
    for (const viewer of [undefined, stranger]) {
      const found = await search(viewer);
      expect(JSON.stringify(found)).not.toMatch(/saffron|9\.5/i);
    }
    const found = await search(member);
    expect(found.entries[0]).toMatchObject({ handle: 'trade-places', match: { text: 'Zanzibar saffron' } });
  });

  it('the QR card shows only the name, like the profile', async () => {
    const res = await get(`/qr/trade-places/lists/${first.listSlug}/card.png`);
    expect([res.statusCode, res.headers['content-type']]).toEqual([200, 'image/png']);
  });

  it('mails of a new version: the name and where to ask without access, the list with it', async () => {
    const posted = await t.app.inject(
      as(supplier, {
        method: 'POST',
        url: '/api/posts',
        payload: { url: 'https://box.com/s/week-3', description: 'Week 3 secret', listId: first.listId },
      }),
    );
    expect(posted.statusCode).toBe(201);
    for (const reader of [member, stranger]) {
      await t.db
        .insertInto('email_preferences')
        .values({ email: reader.email, list_updates: 'instant', unsubscribe_token: `token-${reader.id}`, updated_at: 1 })
        .onConflict((oc) => oc.column('email').doUpdateSet({ list_updates: 'instant' }))
        .execute();
    }
    const renderer = mailRenderer(t.db, { publicUrl: TEST_PUBLIC_URL, ownerEmail: undefined });
    const render = async (reader: TestUser) => {
      const payload = { handle: 'trade-places', posts: [posted.json().post.id] };
      const mail = {
        id: 1,
        kind: 'list-update',
        userId: reader.id,
        toAddress: null,
        payload,
        createdAt: 1,
        topic: null,
        attempts: 0,
      };
      const outcome = await renderer.render(mail, Date.now());
      if (!('rendered' in outcome)) throw new Error(JSON.stringify(outcome));
      return `${outcome.rendered.text}${outcome.rendered.html}`;
    };
    const locked = await render(stranger);
    expect(locked).toContain('Trade price list (Trade only: ask for access)');
    expect(locked).not.toContain('Week 3 secret');
    expect(locked).not.toContain(`/api/posts/${posted.json().post.id}/open`);
    expect(locked).not.toContain(`/lists/${posted.json().post.list.slug}/open`);
    const open = await render(member);
    expect(open).toContain('Week 3 secret');
    // Open list: the list's direct address, which knows its reader (#31).
    expect(open).toContain(`/trade-places/lists/${posted.json().post.list.slug}/open`);
  });

  it('“download my data” of a member holds none of the supplier’s lists; the supplier’s holds all', async () => {
    const mine = async (user: TestUser) => (await get('/api/account/export', user)).body;
    const exported = await mine(member);
    nothingOf(exported.replace(/"email_outbox"[\s\S]*$/, ''));
    expect(await mine(supplier)).toContain(SECRET_URL);
    // Each holds the request that ties them, as their own data.
    expect(JSON.parse(exported).tradeRequests.made).toEqual([
      expect.objectContaining({ handle: 'trade-places', state: 'approved' }),
    ]);
    expect(JSON.parse(await mine(supplier)).tradeRequests.received).toEqual([
      expect.objectContaining({ business_name: 'Bistro' }),
    ]);
  });
});

describe('a trade-only list restored from a backup', () => {
  it('comes back trade only, its contents sealed, its approved members still approved', async () => {
    const admin = await aUser(t.db, { admin: true });
    const owner = await aUser(t.db, { handle: 'trade-restored' });
    const approved = await aUser(t.db);
    const post = await aPost(t.db, owner, {
      audience: 'trade',
      description: 'Restored secret',
      url: 'https://box.com/s/restored',
    });
    await t.db.updateTable('lists').set({ name: 'Restored list' }).where('id', '=', post.listId).execute();
    await t.db
      .insertInto('trade_requests')
      .values({ owner_id: owner.id, member_id: approved.id, business_name: 'Cafe', state: 'approved', created_at: 1 })
      .execute();
    const asAdmin = (method: string, url: string, payload?: object) =>
      t.app.inject(as(admin, { method, url, ...(payload ? { payload } : {}) }));
    expect((await asAdmin('DELETE', `/api/admin/users/${owner.id}`)).statusCode).toBe(200);
    expect((await asAdmin('POST', `/api/admin/deleted-users/${owner.id}/restore`, {})).statusCode).toBe(200);
    const stored = await t.db.selectFrom('posts').select(['url', 'description']).where('id', '=', post.id).execute();
    expect(stored).toEqual([{ url: '', description: '' }]);
    const visitor = await get('/api/profiles/trade-restored/posts');
    expect(visitor.body).not.toMatch(/Restored secret|box\.com/);
    expect(visitor.json().posts[0]).toMatchObject({ id: post.id, locked: true });
    expect((await get('/api/profiles/trade-restored/posts', approved)).json().posts[0]).toMatchObject({
      url: 'https://box.com/s/restored',
      description: 'Restored secret',
    });
  });
});
