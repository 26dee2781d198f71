import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../tests/fixtures/app';
import { aPost, as, aUser, type TestPost, type TestUser } from '../../../tests/fixtures/factories';
import { badFiles, largeSheet, priceListCsv, priceListSheet } from '../../../tests/fixtures/list-files';

let t: TestApp;
let owner: TestUser;
let reader: TestUser;
beforeAll(async () => {
  t = await buildTestApp();
  owner = await aUser(t.db, { handle: 'green-valley' });
  reader = await aUser(t.db);
  // The first file starts the reading thread (a second or more on a loaded machine): not in a test's time.
  const warmUp = await aPost(t.db, owner, { description: 'Warm-up' });
  await t.app.contents.recordFetchedFile({
    listId: warmUp.listId,
    postId: warmUp.id,
    bytes: priceListSheet(1, 'xlsx'),
    fetchedAt: 0,
  });
});
afterAll(() => t.close());

const DAY = 24 * 60 * 60 * 1000;
const OCT_1 = Date.UTC(2026, 9, 1, 9);

async function aListRead(versions: Buffer[], times = versions.map((_, i) => OCT_1 + i * 7 * DAY)): Promise<TestPost> {
  const post = await aPost(t.db, owner, { description: `Prices ${Math.random()}` });
  for (const [i, bytes] of versions.entries()) {
    await t.app.contents.recordFetchedFile({
      listId: post.listId,
      postId: post.id,
      bytes,
      fileName: 'prices.xlsx',
      fetchedAt: times[i] as number,
    });
  }
  return post;
}
const base = (post: TestPost) => `/api/contents/${post.handle}/${post.listSlug}`;

describe('a list read, version after version', () => {
  it('keeps each version that differs, with what changed, newest first, for anyone', async () => {
    const post = await aListRead([priceListSheet(1, 'xlsx'), priceListSheet(1, 'xlsx'), priceListSheet(2, 'xlsx')]);
    const response = await t.app.inject(as(undefined, { url: `${base(post)}/changes` }));
    expect(response.statusCode).toBe(200);
    const page = response.json();
    expect(page.list).toMatchObject({ handle: 'green-valley', slug: post.listSlug, own: false });
    // The same file read again is no new version: two versions, the newest first.
    expect(page.versions).toHaveLength(2);
    expect(page.versions[0]).toMatchObject({
      state: 'read',
      format: 'xlsx',
      counts: { up: 2, down: 0, added: 1, gone: 1, changed: 0 },
    });
    expect(page.versions[0].changes[0]).toMatchObject({
      kind: 'price',
      item: 'Tomatoes San Marzano',
      before: 2.1,
      after: 2.4,
      percent: 14.3,
    });
    expect(page.versions[1]).toMatchObject({ counts: null, seenAt: OCT_1, checkedAt: OCT_1 + 7 * DAY, lineCount: 5 });
  });

  it('tells a change only when something readable changed', async () => {
    const post = await aPost(t.db, owner, { description: 'Told or not' });
    const read = (bytes: Buffer, fetchedAt: number) =>
      t.app.contents.recordFetchedFile({ listId: post.listId, postId: post.id, bytes, fetchedAt });
    expect(await read(priceListCsv(1), OCT_1)).toMatchObject({ state: 'read', changed: false });
    // The same file again (saved anew, a cell's colour): nothing readable changed, no one is told.
    expect(await read(priceListCsv(1), OCT_1 + DAY)).toMatchObject({ changed: false });
    expect(await read(priceListCsv(2), OCT_1 + 2 * DAY)).toMatchObject({ changed: true, diff: { counts: { up: 2 } } });
  });

  it('shows the list as of a day, and any version as text', async () => {
    const post = await aListRead([priceListSheet(1, 'xlsx'), priceListSheet(2, 'xlsx')]);
    const asOf = (await t.app.inject(as(reader, { url: `${base(post)}/as-of/2026-10-03` }))).json();
    expect(asOf.version.seenAt).toBe(OCT_1);
    expect(asOf.lines.map((l: { raw: string }) => l.raw)).toContain('Courgettes | kg | 1.8');
    const newest = (await t.app.inject(as(reader, { url: `${base(post)}/as-of/2026-10-30` }))).json();
    expect(newest.lines).toEqual(
      expect.arrayContaining([expect.objectContaining({ item: 'Ricotta', price: 2.2, currency: 'EUR', unit: 'piece' })]),
    );
    expect((await t.app.inject(as(reader, { url: `${base(post)}/as-of/2026-09-30` }))).statusCode).toBe(404);
    expect((await t.app.inject(as(reader, { url: `${base(post)}/as-of/2026-02-31` }))).statusCode).toBe(400);
  });

  it('compares any two versions, in either order', async () => {
    const post = await aListRead([priceListSheet(1, 'xlsx'), priceListSheet(2, 'xlsx'), priceListSheet(1, 'xlsx')]);
    const [newest, , oldest] = (await t.app.inject(as(undefined, { url: `${base(post)}/changes` }))).json().versions;
    expect(newest.counts).toMatchObject({ down: 2, added: 1, gone: 1 });
    const compared = (
      await t.app.inject(as(undefined, { url: `${base(post)}/compare?from=${newest.versionId}&to=${oldest.versionId}` }))
    ).json();
    expect(compared).toMatchObject({
      from: { versionId: oldest.versionId },
      to: { versionId: newest.versionId },
      counts: { up: 0, down: 0, added: 0, gone: 0, changed: 0 },
    });
  });

  it('says plainly when the file cannot be read, once, and everything else still works', async () => {
    const post = await aListRead([priceListSheet(1, 'xlsx'), badFiles.corruptedXlsx(), badFiles.corruptedXlsx()]);
    const versions = (await t.app.inject(as(undefined, { url: `${base(post)}/changes` }))).json().versions;
    expect(versions.map((v: { state: string; reason: string | null }) => [v.state, v.reason])).toEqual([
      ['unreadable', 'corrupted'],
      ['read', null],
    ]);
    // The file reads again, unchanged: a readable version again, no change to tell.
    const again = await t.app.contents.recordFetchedFile({
      listId: post.listId,
      postId: post.id,
      bytes: priceListSheet(1, 'xlsx'),
      fetchedAt: OCT_1 + 30 * DAY,
    });
    expect(again).toMatchObject({ state: 'read', changed: false });
  });

  it('lets the owner remove a version, gone for everyone, and mends the change after it', async () => {
    const post = await aListRead([priceListSheet(1, 'xlsx'), priceListSheet(2, 'xlsx'), priceListSheet(1, 'xlsx')]);
    const versions = (await t.app.inject(as(owner, { url: `${base(post)}/changes` }))).json().versions;
    const middle = versions[1].versionId;
    const url = `${base(post)}/versions/${middle}`;
    expect((await t.app.inject(as(reader, { method: 'DELETE', url }))).statusCode).toBe(403);
    expect((await t.app.inject(as(undefined, { method: 'DELETE', url }))).statusCode).toBe(401);
    expect((await t.app.inject(as(owner, { method: 'DELETE', url }))).json()).toEqual({ removed: true });
    expect((await t.app.inject(as(reader, { url }))).statusCode).toBe(404);
    const after = (await t.app.inject(as(reader, { url: `${base(post)}/changes` }))).json().versions;
    expect(after).toHaveLength(2);
    // The newest is now compared with the first: the same rows, so nothing changed between them.
    expect(after[0].counts).toEqual({ up: 0, down: 0, added: 0, gone: 0, changed: 0 });
    expect(after[0].changes).toEqual([]);
    const lines = await t.db.selectFrom('list_lines').select('raw').where('list_id', '=', post.listId).execute();
    expect(lines.map((l) => l.raw)).not.toContain('Ricotta | piece | 2.2');
  });

  it('answers 404 for a list or version that is not there', async () => {
    expect((await t.app.inject(as(undefined, { url: '/api/contents/green-valley/no-such-list/changes' }))).statusCode).toBe(404);
    const post = await aListRead([priceListSheet(1, 'xlsx')]);
    expect((await t.app.inject(as(undefined, { url: `${base(post)}/versions/999999999` }))).statusCode).toBe(404);
  });
});

describe('the owner’s data', () => {
  it('"download my data" holds every version and the lines they hold', async () => {
    const post = await aListRead([priceListSheet(1, 'xlsx'), priceListSheet(2, 'xlsx')]);
    const res = await t.app.inject(as(owner, { url: '/api/account/export' }));
    expect(res.statusCode).toBe(200);
    const { listContents } = res.json() as {
      listContents: {
        snapshots: Array<{ list_id: number; line_ids: number[] }>;
        lines: Array<{ id: number; item: string | null }>;
      };
    };
    const versions = listContents.snapshots.filter((s) => s.list_id === post.listId);
    expect(versions).toHaveLength(2);
    const items = new Map(listContents.lines.map((l) => [l.id, l.item]));
    expect(versions.flatMap((v) => v.line_ids).every((id) => items.has(id))).toBe(true);
    expect([...items.values()]).toContain('Tomatoes San Marzano');
  });
});

describe('a long list, handed to the database in pieces', () => {
  it('keeps every line of each version in order, and what changed, whatever the pieces', async () => {
    // More rows than a page of stored lines, and several pieces of rows (ADR 0195).
    const rows = 5200;
    const post = await aListRead([largeSheet(rows), largeSheet(rows, 0.25), largeSheet(rows)]);
    const versions = (await t.app.inject(as(reader, { url: `${base(post)}/changes` }))).json().versions;
    const shifted = Math.ceil(rows / 7);
    expect(versions.map((v: { counts: unknown }) => v.counts)).toEqual([
      { up: 0, down: shifted, added: 0, gone: 0, changed: 0 },
      { up: shifted, down: 0, added: 0, gone: 0, changed: 0 },
      null,
    ]);
    for (const [i, version] of versions.entries()) {
      const text = (await t.app.inject(as(reader, { url: `${base(post)}/versions/${version.versionId}` }))).json();
      const items = text.lines.filter((l: { price?: number }) => l.price !== undefined);
      expect(items).toHaveLength(rows);
      const shift = i === 1 ? 0.25 : 0;
      items.forEach((line: { item: string; price: number }, n: number) => {
        expect(line.item).toBe(`Item number ${n} ${['red', 'green', 'yellow'][n % 3]}`);
        expect(line.price).toBeCloseTo(1 + n / 100 + (n % 7 === 0 ? shift : 0));
      });
    }
    // Three readings of 5,200 rows on PGlite: 10-15 s on a quiet 2-core machine, past 30 s on a busy one (issue 44).
  }, 120_000);
});

describe('lines handed to the database as JSON text', () => {
  it('stores text that JSON escapes but a text column cannot hold (a lone surrogate, a NUL), once', async () => {
    const { jsonBytes, toRow } = await import('./line-rows');
    const { contentsRepository } = await import('./repository');
    const post = await aPost(t.db, owner, { description: 'Odd bytes' });
    const rows = [jsonBytes([toRow({ raw: 'Basil \ud800 | 1.20\u0000', item: 'Basil \ud800', price: 1.2 })])];
    const repo = contentsRepository(t.db);
    await repo.storeLines(post.listId, rows);
    await repo.storeLines(post.listId, rows);
    const stored = await t.db
      .selectFrom('list_lines')
      .select(['raw', 'item', 'price'])
      .where('list_id', '=', post.listId)
      .execute();
    expect(stored).toEqual([{ raw: 'Basil \ufffd | 1.20', item: 'Basil \ufffd', price: 1.2 }]);
  });
});

describe('a reading that another reading overtook', () => {
  it('stores all its lines when the version it was compared with is gone', async () => {
    const { contentsService } = await import('./service');
    const { fileReader } = await import('./reader');
    const threads = fileReader();
    let bStored = () => {};
    const held = new Promise<void>((resolve) => {
      bStored = resolve;
    });
    const first = priceListCsv(1);
    // The same file as the first version, read against it but stored only after another version replaced it.
    const again = Buffer.from(first);
    const slow = {
      ...threads,
      read: async (file: Parameters<typeof threads.read>[0]) => {
        const result = await threads.read(file);
        if (file.bytes === again) await held;
        return result;
      },
    };
    try {
      const service = contentsService(t.db, slow, { versionsKept: 1, linesKept: 50_000, changesKept: 300 });
      const post = await aPost(t.db, owner, { description: 'Overtaken' });
      const record = (bytes: Buffer, fetchedAt: number) =>
        service.recordFetchedFile({ listId: post.listId, postId: post.id, bytes, fetchedAt });
      const { versionId: a } = await record(first, OCT_1);
      const textOf = async (id: number | null) =>
        (await t.app.inject(as(reader, { url: `${base(post)}/versions/${id}` }))).json().lines.map((l: { raw: string }) => l.raw);
      const firstText = await textOf(a);
      const overtaken = record(again, OCT_1 + 2 * DAY);
      await record(priceListCsv(2), OCT_1 + DAY);
      bStored();
      const { versionId: c } = await overtaken;
      expect(await textOf(c)).toEqual(firstText);
    } finally {
      await threads.close();
    }
  });
});

describe('storage stays bounded', () => {
  it('keeps at most the newest versions and only the lines they hold', async () => {
    const { contentsService } = await import('./service');
    const { fileReader } = await import('./reader');
    const reader = fileReader();
    try {
      const service = contentsService(t.db, reader, { versionsKept: 2, linesKept: 50_000, changesKept: 300 });
      const post = await aPost(t.db, owner, { description: 'Bounded' });
      for (const [i, version] of ([1, 2, 1, 2] as const).entries()) {
        await service.recordFetchedFile({
          listId: post.listId,
          postId: post.id,
          bytes: priceListCsv(version),
          fetchedAt: OCT_1 + i * DAY,
        });
      }
      const kept = await t.db
        .selectFrom('list_snapshots')
        .select('seen_at')
        .where('list_id', '=', post.listId)
        .orderBy('seen_at')
        .execute();
      expect(kept.map((k) => Number(k.seen_at))).toEqual([OCT_1 + 2 * DAY, OCT_1 + 3 * DAY]);
      // Lines shared by versions are stored once: 4 + 4 rows and a header line, 3 of them (Basil …) the same.
      const lines = await t.db.selectFrom('list_lines').select(['raw', 'current']).where('list_id', '=', post.listId).execute();
      expect(lines.length).toBeLessThanOrEqual(8);
      expect(lines.filter((l) => l.current).map((l) => l.raw)).toContain('Ricotta | piece | 2,20');
    } finally {
      await reader.close();
    }
  });
});
