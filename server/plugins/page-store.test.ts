import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import type { FastifyBaseLogger } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../tests/fixtures/app';
import { freshDatabase } from '../../tests/fixtures/database';
import { aPost, aUser, type TestUser } from '../../tests/fixtures/factories';
import { freshUntil, STORED_PAGE_MAX_AGE_MS } from './page-freshness';
import { pageStore } from './page-store';

let webRoot: string;
let t: TestApp;
let farm: TestUser;

beforeAll(async () => {
  webRoot = mkdtempSync(join(tmpdir(), 'freshlist-stored-'));
  mkdirSync(join(webRoot, 'assets'));
  writeFileSync(
    join(webRoot, 'index.html'),
    '<!doctype html><html><head><title>Freshlist</title></head>' +
      '<body><div id="root"></div><script type="module" src="/assets/index-abc.js"></script></body></html>',
  );
  t = await buildTestApp({ STORE_PAGES: 'true' }, { webRoot });
  farm = await aUser(t.db, { handle: 'stored-farm', name: 'Stored Farm', email: 'stored-owner@example.com' });
  await aPost(t.db, farm, { description: 'Carrots and leeks this week' });
});
afterAll(async () => {
  await t.close();
  rmSync(webRoot, { recursive: true, force: true });
});

/** A stored page's row, its gzipped body as the page's text. */
type Stored = { version: number; pageVersion: number; html: string | null };
async function stored(handle: string): Promise<Stored | undefined> {
  const [row] = (
    await sql<{ version: number; pageVersion: number; body: Buffer | null }>`
      select r.version, h.page_version as "pageVersion", r.body
      from rendered_pages r join handles h on h.handle = r.handle where r.path = ${`/${handle}`}`.execute(t.db)
  ).rows;
  return row && { version: row.version, pageVersion: row.pageVersion, html: row.body && gunzipSync(row.body).toString() };
}

/** Waits for the renderer to store the handle's page at its current version. */
async function caughtUp(handle: string): Promise<Stored> {
  for (let i = 0; i < 100; i++) {
    const row = await stored(handle);
    if (row && row.version === row.pageVersion && row.html !== null) return row;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`the page of @${handle} was not stored`);
}

/** Changes a stored page behind the renderer's back (no version moves), and its other columns as given. */
async function mark(handle: string, word: string, columns: { fresh_until?: number; build?: string } = {}) {
  const row = await stored(handle);
  const body = gzipSync(Buffer.from((row?.html ?? '').replace(word, 'STORED-MARK')));
  await t.db
    .updateTable('rendered_pages')
    .set({ body, ...columns })
    .where('path', '=', `/${handle}`)
    .execute();
}
const body = async (path: string) => {
  const response = await t.app.inject({ url: path });
  expect(response.statusCode).toBe(200);
  return response.body;
};

describe('profile pages stored ahead', () => {
  it('are rendered in the background and served as stored, with nothing private in them', async () => {
    const row = await caughtUp('stored-farm');
    expect(row.html).toContain('Carrots and leeks this week');
    expect(row.html).not.toContain('stored-owner@example.com');
    // Changed behind the renderer's back (no version moves): what is sent is what is stored.
    await mark('stored-farm', 'Carrots');
    expect(await body('/stored-farm')).toContain('STORED-MARK and leeks');
    // As stored, to a browser that takes gzip.
    const zipped = await t.app.inject({ url: '/stored-farm', headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(zipped.headers['content-encoding']).toBe('gzip');
    expect(zipped.headers.vary).toContain('accept-encoding');
    expect(gunzipSync(zipped.rawPayload).toString()).toBe(await body('/stored-farm'));
    // A browser coming back with its tag: nothing changed.
    const back = await t.app.inject({ url: '/stored-farm', headers: { 'if-none-match': zipped.headers.etag as string } });
    expect(back.statusCode).toBe(304);
  });

  it('carry the tag of the same page rendered live, so a browser that has it gets a 304 either way', async () => {
    const dairy = await aUser(t.db, { handle: 'stored-dairy', name: 'Stored Dairy' });
    await aPost(t.db, dairy, { description: 'Cheese and butter' });
    await caughtUp('stored-dairy');
    const asStored = await t.app.inject({ url: '/stored-dairy', headers: { 'accept-encoding': 'gzip' } });
    expect(asStored.headers['content-encoding']).toBe('gzip');
    // Aged: the page renders live until the renderer stores it again.
    await t.db.updateTable('rendered_pages').set({ fresh_until: 0 }).where('path', '=', '/stored-dairy').execute();
    const live = await t.app.inject({ url: '/stored-dairy', headers: { 'if-none-match': asStored.headers.etag as string } });
    expect(live.statusCode).toBe(304);
    expect(live.headers.etag).toBe(asStored.headers.etag);
  });

  it('are not served once a write the page shows commits, nor when aged or from another build, and catch up', async () => {
    await caughtUp('stored-farm');
    await mark('stored-farm', 'Carrots');
    await t.db.updateTable('posts').set({ description: 'Beetroot now' }).where('user_id', '=', farm.id).execute();
    const afterWrite = await body('/stored-farm');
    expect(afterWrite).toContain('Beetroot now');
    expect(afterWrite).not.toContain('STORED-MARK');

    const again = await caughtUp('stored-farm');
    expect(again.html).toContain('Beetroot now');

    // Opening a link (a counter the page does not show) moves nothing.
    await t.db.updateTable('posts').set({ open_count: 7 }).where('user_id', '=', farm.id).execute();
    expect((await stored('stored-farm'))?.version).toBe(again.version);
    expect((await stored('stored-farm'))?.pageVersion).toBe(again.pageVersion);

    await mark('stored-farm', 'Beetroot', { fresh_until: 0 });
    expect(await body('/stored-farm')).not.toContain('STORED-MARK');
    await caughtUp('stored-farm');
    await mark('stored-farm', 'Beetroot', { build: 'an-older-build' });
    expect(await body('/stored-farm')).not.toContain('STORED-MARK');
  });

  it("move with the holder's name, and go with the handle", async () => {
    const other = await aUser(t.db, { handle: 'stored-bakery', name: 'Stored Bakery' });
    const before = await caughtUp('stored-bakery');
    await t.db.updateTable('users').set({ display_name: 'Renamed Bakery' }).where('id', '=', other.id).execute();
    expect((await stored('stored-bakery'))?.pageVersion).toBeGreaterThan(before.version);
    expect(await body('/stored-bakery')).toContain('Renamed Bakery');

    await t.db.deleteFrom('handles').where('handle', '=', 'stored-bakery').execute();
    expect(await stored('stored-bakery')).toBeUndefined();
  });
});

describe('how long a stored page reads the same', () => {
  const now = new Date(2026, 10, 24, 15, 30).getTime();
  const post = (createdAt: number, validUntil: string | null = null) => ({
    id: 1,
    handle: 'h',
    url: 'https://x',
    description: '',
    createdAt,
    editedAt: null,
    validFrom: null,
    validUntil,
    list: { id: 1, slug: 'l', name: 'L', versions: 1 },
  });

  it('until the first age turns, the next midnight for a dated list, a week at most', () => {
    expect(freshUntil([], now)).toBe(now + STORED_PAGE_MAX_AGE_MS);
    // 10 minutes and 30 s old: "10 minutes ago" until 11 minutes.
    expect(freshUntil([post(now - 630_000), post(now - 40 * 86_400_000)], now)).toBe(now + 30_000);
    expect(freshUntil([post(now - 5 * 86_400_000, '2026-12-01')], now)).toBe(new Date(2026, 10, 25).getTime());
  });
});

/** A store on its own database whose renderer fails for `failing` (after `before`, if given) and tells how often it tried each handle. */
function storeWithFailures(
  db: TestApp['db'],
  failing: string,
  options: { notStoredForMs?: number; before?: () => Promise<void> } = {},
) {
  const tries = new Map<string, number>();
  const store = pageStore(db, {
    build: 'test-build',
    notStoredForMs: options.notStoredForMs,
    render: async (name) => {
      tries.set(name, (tries.get(name) ?? 0) + 1);
      if (name === failing) {
        await options.before?.();
        throw new Error('a component failed');
      }
      const { page_version: version } = await db
        .selectFrom('handles')
        .select('page_version')
        .where('handle', '=', name)
        .executeTakeFirstOrThrow();
      return {
        page: { status: 200, gzip: gzipSync(`<main>${name}</main>`) },
        storable: { version, freshUntil: Date.now() + 60_000 },
      };
    },
    log: { warn: () => {}, debug: () => {} } as unknown as FastifyBaseLogger,
  });
  /**
   * A full pass, as at start and every 30 s, until each of `handles` was tried and saved or
   * marked; a pass that should try none of them is given half a second.
   */
  const pass = async (handles: string[] = [failing], { tries: expected = true } = {}) => {
    const before = handles.map((h) => tries.get(h) ?? 0);
    const waiting = () => handles.some((h, i) => (tries.get(h) ?? 0) === before[i]);
    store.start();
    const wait = expected ? 200 : 20;
    for (let i = 0; i < wait && waiting(); i++) await new Promise((r) => setTimeout(r, 25));
    await store.stop();
  };
  return { store, tries, pass };
}

describe('a page that cannot be rendered', () => {
  it('is tried again once its mark has lasted its time, even if nothing changed', async () => {
    const handle = await freshDatabase();
    try {
      await aUser(handle.db, { handle: 'fails-for-now' });
      const { store, tries, pass } = storeWithFailures(handle.db, 'fails-for-now', { notStoredForMs: 1_000 });
      await pass();
      await pass(['fails-for-now'], { tries: false });
      expect(tries.get('fails-for-now')).toBe(1);
      await new Promise((r) => setTimeout(r, 1_000));
      await pass();
      expect(tries.get('fails-for-now')).toBe(2);
      expect(await store.read('/fails-for-now')).toBeUndefined();
    } finally {
      await handle.close();
    }
  });

  it('leaves the page another server stored meanwhile at the same version', async () => {
    const handle = await freshDatabase();
    try {
      await aUser(handle.db, { handle: 'raced-farm' });
      // Another server stores the page while this one's render of it fails.
      const { store, pass } = storeWithFailures(handle.db, 'raced-farm', {
        before: async () => {
          await storeWithFailures(handle.db, 'nobody').pass(['raced-farm']);
        },
      });
      await pass();
      const kept = await store.read('/raced-farm');
      expect(kept && gunzipSync(kept.gzip).toString()).toBe('<main>raced-farm</main>');
    } finally {
      await handle.close();
    }
  });

  it('is marked, renders live meanwhile, and is not tried again until its data changes', async () => {
    const handle = await freshDatabase();
    try {
      const good = await aUser(handle.db, { handle: 'renders-fine' });
      await aUser(handle.db, { handle: 'cannot-render' });
      const { store, tries, pass } = storeWithFailures(handle.db, 'cannot-render');
      await pass(['cannot-render', 'renders-fine']);
      const fine = await store.read('/renders-fine');
      expect(fine && gunzipSync(fine.gzip).toString()).toBe('<main>renders-fine</main>');
      expect(await store.read('/cannot-render')).toBeUndefined();
      // A full pass again (as after 30 s): the good page is current, the bad one marked.
      await pass(['cannot-render'], { tries: false });
      expect(Object.fromEntries(tries)).toEqual({ 'renders-fine': 1, 'cannot-render': 1 });
      // Its data changes: it is tried again.
      await handle.db.updateTable('users').set({ display_name: 'Now fixed' }).where('id', '=', good.id).execute();
      await sql`update handles set created_at = created_at + 1 where handle = 'cannot-render'`.execute(handle.db);
      await pass(['cannot-render', 'renders-fine']);
      expect(Object.fromEntries(tries)).toEqual({ 'renders-fine': 2, 'cannot-render': 2 });
    } finally {
      await handle.close();
    }
  });
});
