import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../tests/fixtures/app';
import { aFollow, aPost, aUser, type TestPost, type TestUser } from '../../tests/fixtures/factories';

/**
 * A built web app in miniature: the shell the server fills, with its style sheet, and a manifest
 * where the list page's chunk and the profile's cards, which the entry imports itself, import a
 * shared chunk with its own sheet, as the real build's do.
 */
let webRoot: string;
let t: TestApp;
let farm: TestUser;
let reader: TestUser;
let menu: TestPost;

const NAME = 'Fresh <Farm> & "Co" \u2028';
const DESCRIPTION = 'Weekly list </script><script>alert(1)</script> & <b>bold</b>';

beforeAll(async () => {
  webRoot = mkdtempSync(join(tmpdir(), 'freshlist-pages-'));
  mkdirSync(join(webRoot, 'assets'));
  writeFileSync(join(webRoot, 'assets', 'index-abc.css'), '.page{color:green}');
  writeFileSync(join(webRoot, 'assets', 'list-page-abc.css'), '.list-page{color:olive}');
  writeFileSync(join(webRoot, 'assets', 'changes-line-abc.css'), '.changes-line{color:teal}');
  mkdirSync(join(webRoot, '.vite'));
  writeFileSync(
    join(webRoot, '.vite', 'manifest.json'),
    JSON.stringify({
      'index.html': {
        file: 'assets/index-abc.js',
        isEntry: true,
        css: ['assets/index-abc.css'],
        dynamicImports: ['app/lazy-pages.ts', 'features/lists/list-page.tsx', 'features/profile/profile-lists.tsx'],
      },
      '_changes-line-abc.js': {
        file: 'assets/changes-line-abc.js',
        imports: ['index.html'],
        css: ['assets/changes-line-abc.css'],
      },
      'app/lazy-pages.ts': { file: 'assets/lazy-pages-abc.js', isDynamicEntry: true, imports: ['index.html'] },
      'features/lists/list-page.tsx': {
        file: 'assets/list-page-abc.js',
        imports: ['index.html', '_changes-line-abc.js'],
        css: ['assets/list-page-abc.css'],
      },
      'features/profile/profile-lists.tsx': {
        file: 'assets/profile-lists-abc.js',
        isDynamicEntry: true,
        imports: ['index.html', '_changes-line-abc.js'],
      },
    }),
  );
  writeFileSync(
    join(webRoot, 'index.html'),
    '<!doctype html><html><head><title>Freshlist</title>' +
      '<link rel="stylesheet" crossorigin href="/assets/index-abc.css"></head>' +
      '<body><div id="root"></div><script type="module" src="/assets/index-abc.js"></script></body></html>',
  );
  t = await buildTestApp({}, { webRoot });
  farm = await aUser(t.db, { handle: 'fresh-farm', name: NAME, email: 'farm-owner@example.com' });
  reader = await aUser(t.db, { email: 'reader-secret@example.com' });
  await aFollow(t.db, reader, 'fresh-farm');
  menu = await aPost(t.db, farm, { description: DESCRIPTION, url: 'https://drive.google.com/file/d/menu/view' });
});
afterAll(async () => {
  await t.close();
  rmSync(webRoot, { recursive: true, force: true });
});

const page = (url: string, cookie?: string) => t.app.inject({ url, headers: cookie ? { cookie } : {} });
const rootOf = (html: string) => html.slice(html.indexOf('<div id="root">'), html.indexOf('<script id="preloaded"'));
function preloadedOf(html: string) {
  const match = /<script id="preloaded" type="application\/json">([^<]*)<\/script>/.exec(html);
  expect(match).not.toBeNull();
  return JSON.parse(match![1]!) as { origin: string; answers: Record<string, { ok: boolean; body?: unknown }> };
}

describe('public pages rendered on the server', () => {
  it('sends a profile with its lists and the Follow button in the HTML, with its link preview tags', async () => {
    const response = await page('/fresh-farm');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/html');
    const root = rootOf(response.body);
    expect(root).toContain('<h1>@fresh-farm</h1>');
    expect(root).toContain('<p class="business-card-name">Fresh &lt;Farm&gt; &amp; &quot;Co&quot;');
    // Follow is a real link (it works without JavaScript), and the page is a visitor's: no owner toolbar (#31).
    expect(root).toContain('href="/login?redirect=%2Ffresh-farm%3FfollowAfterLogin%3Dtrue">Follow</a>');
    expect(root).not.toContain('owner-toolbar');
    expect(root).toContain('Weekly list &lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt; &amp; &lt;b&gt;bold&lt;/b&gt;');
    expect(root).toMatch(/<a class="button button-small post-card-open" href="\/api\/posts\/\d+\/open"/);
    expect(root).toContain('href="/request-handle"');
    expect(response.body).toContain('<meta property="og:title" content="Fresh &lt;Farm&gt; &amp; &quot;Co&quot;');
    expect(response.body).toContain('<title>@fresh-farm · Freshlist</title>');
  });

  it('is sent gzipped to a browser that takes gzip, and plain to one that does not', async () => {
    const plain = await page('/fresh-farm');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toContain('accept-encoding');
    for (const accepts of ['gzip, deflate, br, zstd', '*']) {
      const zipped = await t.app.inject({ url: '/fresh-farm', headers: { 'accept-encoding': accepts } });
      expect(zipped.headers['content-encoding']).toBe('gzip');
      expect(zipped.headers.vary).toContain('accept-encoding');
      expect(Number(zipped.headers['content-length'])).toBeLessThan(plain.rawPayload.length);
      expect(gunzipSync(zipped.rawPayload).toString()).toBe(plain.body);
    }
    for (const refuses of ['br', 'gzip;q=0', 'identity']) {
      const response = await t.app.inject({ url: '/fresh-farm', headers: { 'accept-encoding': refuses } });
      expect(response.headers['content-encoding']).toBeUndefined();
      expect(response.body).toBe(plain.body);
    }
  });

  it('carries the data it was rendered from for the browser, escaped inside its script', async () => {
    const html = (await page('/fresh-farm')).body;
    const script = html.slice(
      html.indexOf('<script id="preloaded"'),
      html.indexOf('</script>', html.indexOf('<script id="preloaded"')),
    );
    expect(script).not.toContain('</script><script>');
    expect(script).not.toContain('\u2028');
    const preloaded = preloadedOf(html);
    expect(preloaded.origin).toBe('http://localhost:3000');
    expect(preloaded.answers['/api/profiles/fresh-farm']).toMatchObject({
      ok: true,
      body: { handle: 'fresh-farm', displayName: NAME, isOwner: false, following: null },
    });
    const posts = preloaded.answers['/api/profiles/fresh-farm/posts']?.body as { posts: Array<{ description: string }> };
    expect(posts.posts.map((p) => p.description)).toEqual([DESCRIPTION]);
    // The same answers the API gives a visitor.
    expect(posts).toEqual((await page('/api/profiles/fresh-farm/posts')).json());
    expect(preloaded.answers['/api/profiles/fresh-farm']?.body).toEqual((await page('/api/profiles/fresh-farm')).json());
    const connect = preloadedOf((await page('/follow/fresh-farm')).body).answers['/api/connect/fresh-farm'];
    expect(connect).toEqual({ ok: true, body: (await page('/api/connect/fresh-farm')).json() });
  });

  it('puts no session data in the HTML: a signed-in person, even the owner, gets what a visitor gets', async () => {
    const visitor = (await page('/fresh-farm')).body;
    for (const who of [farm, reader]) {
      const html = (await page('/fresh-farm', who.cookie)).body;
      expect(html).toBe(visitor);
      expect(html).not.toContain(who.email);
      expect(html).not.toContain(who.cookie.split('=')[1]!);
    }
    expect(visitor).not.toContain('farm-owner@example.com');
    expect(visitor).not.toContain(farm.id);
    expect(visitor).not.toContain('Signed in as');
  });

  it('renders the connect page, the landing page and the invitation page', async () => {
    const connect = await page('/follow/fresh-farm');
    expect(connect.statusCode).toBe(200);
    expect(rootOf(connect.body)).toContain('<h1>Follow Fresh &lt;Farm&gt;');
    expect(rootOf(connect.body)).toContain('alt="QR code that opens http://localhost:3000/fresh-farm"');
    expect(rootOf(connect.body)).toContain('href="/fresh-farm/feed.atom"');
    expect(connect.body).toContain('<meta property="og:url" content="http://localhost:3000/follow/fresh-farm" />');

    const landing = await page('/');
    expect(rootOf(landing.body)).toContain('Share your latest list, always up to date.');
    expect(rootOf(landing.body)).toContain('href="/login"');

    const invitation = await page('/tell-your-friends');
    expect(rootOf(invitation.body)).toContain('You&#x27;re invited to join');
    expect(rootOf(invitation.body)).toContain('href="/request-handle"');
  });

  it('renders /explore and a search from its address, with the answer the API gives a visitor', async () => {
    const all = await page('/explore');
    expect(all.statusCode).toBe(200);
    expect(rootOf(all.body)).toContain('<h1>Explore</h1>');
    expect(rootOf(all.body)).toContain('href="/fresh-farm"');
    const search = await page('/explore?q=fresh+farm', reader.cookie);
    expect(rootOf(search.body)).toContain('Search results');
    expect(rootOf(search.body)).toContain('href="/fresh-farm"');
    const answer = preloadedOf(search.body).answers['/api/directory?q=fresh+farm'];
    expect(answer).toEqual({ ok: true, body: (await page('/api/directory?q=fresh+farm')).json() });
    // The reader follows fresh-farm, but the page is the visitor's: their own state comes from the API.
    expect(search.body).not.toContain('✓ Following');
    const refused = await page('/explore?trade=no-such-trade');
    expect(refused.statusCode).toBe(400);
    expect(rootOf(refused.body)).toContain('role="alert"');
  });

  it('answers an unknown handle with a 404 that says so, on its profile and its connect page', async () => {
    const profile = await page('/nobody-here');
    expect(profile.statusCode).toBe(404);
    expect(rootOf(profile.body)).toContain('No business called <span class="handle-whole">@<!-- -->nobody-here</span>');
    expect(rootOf(profile.body)).toContain('href="/explore"');
    const connect = await page('/follow/nobody-here');
    expect(connect.statusCode).toBe(404);
    expect(rootOf(connect.body)).toContain('isn&#x27;t on Freshlist yet');
    expect(preloadedOf(connect.body).answers['/api/connect/nobody-here']).toMatchObject({ ok: false, status: 404 });
  });

  it('carries the style sheet inside the rendered page only; signed-in pages stay client-rendered', async () => {
    const rendered = (await page('/fresh-farm')).body;
    expect(rendered).toContain('<style>.page{color:green}</style>');
    // Named by a disabled link only, which a browser does not fetch: Vite's loader of a lazy chunk finds the sheet there.
    expect(rendered).toContain('<link rel="stylesheet" href="/assets/index-abc.css" disabled>');
    expect(rendered).not.toMatch(/<link rel="stylesheet"(?![^>]*disabled)[^>]*index-abc\.css/);
    const dashboard = await page('/dashboard', reader.cookie);
    expect(dashboard.body).toContain('<div id="root"></div>');
    expect(dashboard.body).toContain('href="/assets/index-abc.css"');
    expect(dashboard.body).not.toContain('id="preloaded"');
  });

  it("carries the styles of the shared chunks a page imports, before the page's own, and the entry's once", async () => {
    const list = (await page(`/fresh-farm/lists/${menu.listSlug}`)).body;
    expect(list).toContain(
      '<style>.changes-line{color:teal}</style><link rel="stylesheet" href="/assets/changes-line-abc.css" disabled>' +
        '<style>.list-page{color:olive}</style><link rel="stylesheet" href="/assets/list-page-abc.css" disabled>',
    );
    expect(list.split('.page{color:green}')).toHaveLength(2);
  });

  it('preloads the page table wherever the page loads through it: not on a profile, whose code is in the entry (ADR 0219)', async () => {
    const preload = '<link rel="modulepreload" crossorigin href="/assets/lazy-pages-abc.js">';
    const profile = (await page('/fresh-farm')).body;
    expect(profile).not.toContain('lazy-pages');
    // Its cards' chunk instead, with the shared chunk and sheet it brings (ADR 0230).
    const profileHead = profile.slice(0, profile.indexOf('</head>'));
    expect(profileHead).toContain(
      '<style>.changes-line{color:teal}</style><link rel="stylesheet" href="/assets/changes-line-abc.css" disabled>' +
        '<link rel="modulepreload" crossorigin href="/assets/profile-lists-abc.js">' +
        '<link rel="modulepreload" crossorigin href="/assets/changes-line-abc.js">',
    );
    const explore = (await page('/explore')).body;
    expect(explore.slice(0, explore.indexOf('</head>'))).toContain(preload);
    const dashboard = (await page('/dashboard', reader.cookie)).body;
    expect(dashboard.slice(0, dashboard.indexOf('</head>'))).toContain(preload);
  });

  it("preloads a list page's own chunk and the chunks it imports, not the page table (issue 39)", async () => {
    const list = (await page(`/fresh-farm/lists/${menu.listSlug}`)).body;
    const head = list.slice(0, list.indexOf('</head>'));
    expect(head).toContain(
      '<link rel="modulepreload" crossorigin href="/assets/list-page-abc.js">' +
        '<link rel="modulepreload" crossorigin href="/assets/changes-line-abc.js">',
    );
    expect(head).not.toContain('lazy-pages');
  });

  it('keeps a rendered page in the read cache until the data behind it changes', async () => {
    await page('/fresh-farm');
    await page('/fresh-farm');
    expect(t.app.reads.peek('page:/fresh-farm')).toBeDefined();
    await aPost(t.db, farm, { description: 'A brand new price list' });
    expect(t.app.reads.peek('page:/fresh-farm')).toBeUndefined();
    expect(rootOf((await page('/fresh-farm')).body)).toContain('A brand new price list');
    expect(rootOf((await page('/follow/fresh-farm')).body)).toContain('A brand new price list');
  });

  it('answers a browser coming back with 304 while the page is the same, and sends it again once it changes', async () => {
    const ask = (headers: Record<string, string>) => t.app.inject({ url: '/fresh-farm', headers });
    const first = await ask({ 'accept-encoding': 'gzip' });
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^W\/"[\w-]+"$/);
    // The same tag whichever encoding was sent: it names the page.
    expect((await ask({})).headers.etag).toBe(etag);

    const back = await ask({ 'accept-encoding': 'gzip', 'if-none-match': etag });
    expect(back.statusCode).toBe(304);
    expect(back.rawPayload).toHaveLength(0);
    expect(back.headers.etag).toBe(etag);
    expect(back.headers.vary).toContain('accept-encoding');
    // A reload that asks past every cache gets the page.
    expect((await ask({ 'if-none-match': etag, 'cache-control': 'no-cache' })).statusCode).toBe(200);
    expect((await ask({ 'if-none-match': 'W/"another-page"' })).statusCode).toBe(200);

    await aPost(t.db, farm, { description: 'Another list again' });
    const changed = await ask({ 'if-none-match': etag });
    expect(changed.statusCode).toBe(200);
    expect(changed.headers.etag).not.toBe(etag);
    expect(rootOf(changed.body)).toContain('Another list again');
  });
});
