import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../tests/fixtures/app';
import { aBareSnapshot } from '../tests/fixtures/contents-rows';
import { testDatabaseKind } from '../tests/fixtures/database';
import { aFollow, aPost, aUser, type TestPost, type TestUser } from '../tests/fixtures/factories';
import { aLinkCheck } from '../tests/fixtures/link-check-rows';
import { priceListCsv } from '../tests/fixtures/list-files';
import { buildApp } from './app';
import { type DatabaseHandle, openDatabase } from './plugins/db';
import type { ChangeNotice } from './plugins/db-changes';

/**
 * The read path's promises (issue 28, docs/decisions/0118): a write drops only the cached reads
 * that show what it changed, and a change is seen on the next request, here and in other processes.
 */
let webRoot: string;
let t: TestApp;
let farm: TestUser;
let reader: TestUser;
let first: TestPost;

beforeAll(async () => {
  webRoot = mkdtempSync(join(tmpdir(), 'freshlist-read-path-'));
  mkdirSync(join(webRoot, 'assets'));
  writeFileSync(
    join(webRoot, 'index.html'),
    '<!doctype html><html><head><title>Freshlist</title></head><body><div id="root"></div></body></html>',
  );
  t = await buildTestApp({}, { webRoot });
  farm = await aUser(t.db, { handle: 'path-farm', name: 'Path Farm' });
  reader = await aUser(t.db);
  await aFollow(t.db, reader, 'path-farm');
  first = await aPost(t.db, farm, { description: 'First list' });
});
afterAll(async () => {
  await t.close();
  rmSync(webRoot, { recursive: true, force: true });
});

const get = (app: FastifyInstance, url: string, cookie?: string) => app.inject({ url, headers: cookie ? { cookie } : {} });

/**
 * Changes a row without telling anyone (triggers off for the transaction): what the page shows
 * afterwards tells whether it came from the cache.
 */
async function changeUnheard(displayName: string) {
  await t.db.transaction().execute(async (trx) => {
    await sql`set local session_replication_role = replica`.execute(trx);
    await trx.updateTable('users').set({ display_name: displayName }).where('id', '=', farm.id).execute();
  });
}

describe('the read path', () => {
  it('leaves cached public pages cached while the email worker runs idle', async () => {
    // Twice: a page is kept from its second visit on.
    await get(t.app, '/path-farm');
    expect((await get(t.app, '/path-farm')).body).toContain('Path Farm');
    await changeUnheard('Unheard Farm');
    for (let round = 0; round < 3; round++) await t.app.mailer.tick();
    const page = await get(t.app, '/path-farm');
    expect(page.body).toContain('Path Farm');
    expect(page.body).not.toContain('Unheard Farm');
    await changeUnheard('Path Farm');
  });

  it('shows a change to what a page shows on the next request in this process', async () => {
    for (const url of ['/path-farm', '/follow/path-farm', '/explore']) {
      await get(t.app, url);
      await get(t.app, url);
    }
    await get(t.app, '/api/profiles/path-farm/posts');
    await get(t.app, '/api/feed', reader.cookie);

    await aPost(t.db, farm, { description: 'A list just posted' });
    expect((await get(t.app, '/path-farm')).body).toContain('A list just posted');
    expect((await get(t.app, '/follow/path-farm')).body).toContain('A list just posted');
    expect((await get(t.app, '/api/profiles/path-farm/posts')).body).toContain('A list just posted');
    expect((await get(t.app, '/api/feed', reader.cookie)).body).toContain('A list just posted');

    const listPage = `/path-farm/lists/${first.listSlug}`;
    await get(t.app, listPage);
    await get(t.app, listPage);
    await t.db.updateTable('lists').set({ name: 'A renamed list' }).where('id', '=', first.listId).execute();
    expect((await get(t.app, listPage)).body).toContain('A renamed list');

    await t.db.updateTable('users').set({ display_name: 'Renamed Path Farm' }).where('id', '=', farm.id).execute();
    expect((await get(t.app, '/path-farm')).body).toContain('Renamed Path Farm');
    expect((await get(t.app, '/explore')).body).toContain('Renamed Path Farm');
  });

  it('drops only what a write shows: another handle’s post leaves this page cached', async () => {
    const other = await aUser(t.db, { handle: 'path-other' });
    await get(t.app, '/path-farm');
    await get(t.app, '/path-farm');
    const before = t.app.reads.stats.misses;
    await aPost(t.db, other, { description: 'Elsewhere' });
    await get(t.app, '/path-farm');
    expect(t.app.reads.stats.misses).toBe(before);
  });

  it('drops only the feeds that show a list whose link check changed', async () => {
    const dairy = await aUser(t.db, { handle: 'path-dairy' });
    const dairyList = await aPost(t.db, dairy, { description: 'Dairy prices' });
    const dairyReader = await aUser(t.db);
    await aFollow(t.db, dairyReader, 'path-dairy');
    const unheard = async (description: string) =>
      t.db.transaction().execute(async (trx) => {
        await sql`set local session_replication_role = replica`.execute(trx);
        await trx.updateTable('posts').set({ description }).where('user_id', '=', farm.id).execute();
      });
    // A cached read first hears this process's own writes; until then feeds are read from the database.
    const caughtUp = () => get(t.app, '/path-farm');
    await caughtUp();
    for (const who of [reader, dairyReader, reader, dairyReader]) await get(t.app, '/api/feed', who.cookie);
    await unheard('Changed without a notice');

    // The watcher finds the dairy's file gone: its reader sees it at once; the farm's reader's feed stays cached.
    await aLinkCheck(t.db, dairyList, dairy.id, { broken: true });
    await caughtUp();
    expect((await get(t.app, '/api/feed', dairyReader.cookie)).json().posts[0]).toMatchObject({ unavailable: true });
    expect((await get(t.app, '/api/feed', reader.cookie)).body).not.toContain('Changed without a notice');
    await unheard('First list');
  });

  it('drops only the reads of the handle whose list the watcher read anew, not every feed', async () => {
    const cheese = await aUser(t.db, { handle: 'path-cheese' });
    const cheeseList = await aPost(t.db, cheese, { description: 'Cheese prices' });
    const unheard = async (description: string) =>
      t.db.transaction().execute(async (trx) => {
        await sql`set local session_replication_role = replica`.execute(trx);
        await trx.updateTable('posts').set({ description }).where('user_id', '=', farm.id).execute();
      });
    const caughtUp = () => get(t.app, '/path-farm');
    await caughtUp();
    await get(t.app, '/api/feed', reader.cookie);
    await get(t.app, '/api/feed', reader.cookie);
    await unheard('Changed without a notice');

    // The cheese list's file is read: a new version of its contents, shown at once on its own address.
    const summary = `/api/contents/path-cheese/${cheeseList.listSlug}/summary`;
    expect((await get(t.app, summary)).json().summary).toBeNull();
    await t.app.contents.recordFetchedFile({
      listId: cheeseList.listId,
      postId: cheeseList.id,
      bytes: priceListCsv(1),
      fileName: 'prices.csv',
      fetchedAt: Date.now(),
    });
    await caughtUp();
    expect((await get(t.app, summary)).json().summary).toMatchObject({ state: 'read' });
    // The farm's reader's feed shows nothing of the cheese list: it stays cached.
    expect((await get(t.app, '/api/feed', reader.cookie)).body).not.toContain('Changed without a notice');
    await unheard('First list');
  });
});

describe('what a list’s own writes tell', () => {
  it('names its holder’s handle for a new file version and an audience change, and moves no handles row', async () => {
    const cellar = await aUser(t.db, { handle: 'path-cellar' });
    const list = await aPost(t.db, cellar, { description: 'Cellar prices' });
    const marker = await aUser(t.db, { handle: 'path-marker' });
    const heard: ChangeNotice[] = [];
    const stop = t.shared.changes.onNotice((notice) => heard.push(notice));
    try {
      await t.db.updateTable('lists').set({ audience: 'trade' }).where('id', '=', list.listId).execute();
      await aBareSnapshot(t.db, { listId: list.listId, postId: list.id, userId: cellar.id });
      // Notices arrive in commit order: once the marker's is heard, the two writes' have been.
      await aPost(t.db, marker, { description: 'Marker' });
      for (let waited = 0; !heard.some((n) => n.tags.includes('handle:path-marker')) && waited < 5000; waited += 10) {
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
      expect(heard.some((n) => n.tags.includes('handle:path-marker'))).toBe(true);
    } finally {
      stop();
    }
    const cellars = heard.filter((n) => n.tags.includes('handle:path-cellar'));
    expect(cellars.filter((n) => n.table === 'handles')).toEqual([]);
    expect(cellars.map((n) => n.table)).toEqual(expect.arrayContaining(['lists', 'list_snapshots']));
  });
});

describe('HTTP caching of public pages (issues 28, 33)', () => {
  it('lets a shared cache keep a visitor’s page and revalidate it; never a signed-in answer', async () => {
    const visitor = await get(t.app, '/path-farm');
    // Browsers ask every time; a CDN or proxy keeps it 30 s and may serve it stale while it asks again.
    expect(visitor.headers['cache-control']).toBe('public, no-cache');
    expect(visitor.headers['cdn-cache-control']).toBe('public, max-age=30, stale-while-revalidate=300');
    expect(visitor.headers.etag).toMatch(/^W\//);
    expect(visitor.headers['set-cookie']).toBeUndefined();
    const signedIn = await get(t.app, '/path-farm', reader.cookie);
    expect(signedIn.headers['cache-control']).toBe('private, no-cache');
    expect(signedIn.headers['cdn-cache-control']).toBeUndefined();
    expect((await get(t.app, '/api/feed', reader.cookie)).headers['cache-control']).toBe('private, no-store');
  });

  it('answers a page with query parameters it does not read from the same cached page', async () => {
    for (const url of ['/path-farm', '/explore?area=path']) {
      await get(t.app, url);
      await get(t.app, url);
    }
    const misses = t.app.reads.stats.misses;
    for (let n = 0; n < 5; n++) {
      expect((await get(t.app, `/path-farm?x=${n}`)).statusCode).toBe(200);
      expect((await get(t.app, `/explore?utm_source=${n}&area=path`)).statusCode).toBe(200);
    }
    expect(t.app.reads.stats.misses).toBe(misses);
  });

  it('leaves pages to the browser for an address that keeps asking for pages nobody cached', async () => {
    const ask = (url: string) => t.app.inject({ url, remoteAddress: '203.0.113.9' });
    // An unknown handle's profile is rendered on the server as a 404 that says so (issue 43).
    for (let n = 0; n < 300; n++) expect((await ask(`/nobody-${n}`)).statusCode).toBe(404);
    const over = await ask('/nobody-else');
    expect(over.statusCode).toBe(200);
    expect(over.body).toContain('<div id="root"></div>');
    // Others are not held back.
    const other = await t.app.inject({ url: '/nobody-else', remoteAddress: '203.0.113.10' });
    expect(other.statusCode).toBe(404);
    expect(other.body).toContain('No business called <span class="handle-whole">@<!-- -->nobody-else</span>');
    expect(other.body).not.toContain('<div id="root"></div>');
  });
});

describe.runIf(testDatabaseKind() === 'postgres')('the read path across processes', () => {
  let second: DatabaseHandle;
  let elsewhere: FastifyInstance;
  const heard: ChangeNotice[] = [];
  beforeAll(async () => {
    const name = (await sql<{ name: string }>`select current_database() as name`.execute(t.db)).rows[0]!.name;
    const url = new URL(process.env.TEST_DATABASE_URL!);
    url.pathname = `/${name}`;
    second = await openDatabase({ databaseUrl: url.toString(), dataDir: 'unused' });
    second.changes.onNotice((notice) => heard.push(notice));
    elsewhere = await buildApp(t.config, { database: second, logger: false, webRoot });
  });
  afterAll(() => elsewhere.close());

  it('shows a change made in one process on the next request to another, once its notice arrives', async () => {
    await get(elsewhere, '/path-farm');
    await get(elsewhere, '/path-farm');
    heard.length = 0;
    await aPost(t.db, farm, { description: 'Posted in the other process' });
    for (let waited = 0; !heard.some((n) => n.tags.includes('handle:path-farm')) && waited < 2000; waited += 10) {
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    expect((await get(elsewhere, '/path-farm')).body).toContain('Posted in the other process');
  });
});
