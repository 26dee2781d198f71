import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PRICE_TABLE_FIRST, PRICE_TABLE_PAGE, type PriceRow } from '../../../core/price-table';
import { buildTestApp, type TestApp } from '../../../tests/fixtures/app';
import { aPost, as, aUser, type TestUser } from '../../../tests/fixtures/factories';
import { badFiles, largeSheet, priceListSheet } from '../../../tests/fixtures/list-files';

/** The prices on a list's own page (issue 39 §1). */
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

let shops = 0;
const aSupplier = () => aUser(t.db, { handle: `price-shop-${++shops}` });
const get = (url: string, user?: TestUser) => t.app.inject(as(user, { url }));
const pageOf = async (owner: TestUser, slug: string, viewer?: TestUser) => {
  const res = await get(`/api/profiles/${owner.handle}/lists/${slug}`, viewer);
  expect(res.statusCode).toBe(200);
  return res.json().list;
};
let clock = Date.now() - 10 * 60 * 60_000;
const read = (post: { listId: number; id: number }, bytes: Buffer) => {
  clock += 60_000;
  return t.app.contents.recordFetchedFile({ listId: post.listId, postId: post.id, bytes, fetchedAt: clock });
};
const byItem = (rows: PriceRow[]) => Object.fromEntries(rows.filter((r) => r.item).map((r) => [r.item, r]));

describe('the prices on a list’s page', () => {
  it('show the newest version as rows, with each price’s move since the version before and its unit price', async () => {
    const owner = await aSupplier();
    const post = await aPost(t.db, owner);
    expect((await pageOf(owner, post.listSlug)).prices).toBeNull();

    await read(post, priceListSheet(1, 'xlsx'));
    await read(post, priceListSheet(2, 'xlsx'));
    const { prices } = await pageOf(owner, post.listSlug);
    expect(prices.unreadable).toBeNull();
    // Not the owner: nothing of what Freshlist could not read.
    expect(prices.unread).toBeNull();
    const rows = byItem(prices.table.rows);
    expect(rows['Tomatoes San Marzano']).toMatchObject({
      price: 2.4,
      currency: 'EUR',
      unit: 'kg',
      move: { kind: 'up', percent: 14.3 },
      perUnit: { amount: 2.4, currency: 'EUR', unit: 'kg' },
    });
    expect(rows.Burrata).toMatchObject({ price: 3.9, move: { kind: 'up', percent: 11.4 } });
    expect(rows.Ricotta).toMatchObject({ price: 2.2, move: { kind: 'new', percent: null } });
    expect(rows.Basil).not.toHaveProperty('move');
    // The title line of the sheet is a text row, kept.
    expect(prices.table.rows.map((r: PriceRow) => r.raw)).toContain('Green Valley price list');
    expect(prices.table.lineCount).toBe(prices.table.rows.length);
  });

  it('give a long list’s first rows with the page, and the rest a page a request', async () => {
    const owner = await aSupplier();
    const post = await aPost(t.db, owner);
    const total = PRICE_TABLE_PAGE + 150;
    await read(post, largeSheet(total));
    const { prices } = await pageOf(owner, post.listSlug);
    expect(prices.table.rows).toHaveLength(PRICE_TABLE_FIRST);
    expect(prices.table.lineCount).toBe(total);

    const pages: PriceRow[][] = [prices.table.rows];
    for (let from: number | null = PRICE_TABLE_FIRST; from !== null; ) {
      const res = await get(
        `/api/profiles/${owner.handle}/lists/${post.listSlug}/prices?version=${prices.table.versionId}&from=${from}`,
      );
      expect(res.statusCode).toBe(200);
      pages.push(res.json().rows);
      from = res.json().next;
    }
    const all = pages.flat();
    expect(all).toHaveLength(total);
    expect(all.at(-1)).toMatchObject({ item: `Item number ${total - 1} ${['red', 'green', 'yellow'][(total - 1) % 3]}` });

    const wrong = await get(`/api/profiles/${owner.handle}/lists/${post.listSlug}/prices?version=1&from=0`);
    expect([wrong.statusCode, wrong.json().message]).toEqual([404, 'That version was removed.']);
    const bad = await get(`/api/profiles/${owner.handle}/lists/${post.listSlug}/prices?version=abc&from=-1`);
    expect(bad.statusCode).toBe(400);
  });

  it('stay the last ones read when the file can no longer be read, and tell its owner why', async () => {
    const owner = await aSupplier();
    const post = await aPost(t.db, owner);
    await read(post, priceListSheet(1, 'xlsx'));
    await read(post, badFiles.corruptedXlsx());
    const { prices } = await pageOf(owner, post.listSlug);
    expect(prices.unreadable).toBe('corrupted');
    expect(byItem(prices.table.rows)['Tomatoes San Marzano']).toMatchObject({ price: 2.1 });
  });

  it('tell the owner how many rows with figures had no price it could read, with examples', async () => {
    const owner = await aSupplier();
    const post = await aPost(t.db, owner);
    const csv =
      'Item;Unit;Price (€)\nTomatoes;kg;2,10\nBurrata 125g;piece;about 3 euros\nRicotta 250 g;piece;ask us\nBasil;bunch;1,20\n';
    await read(post, Buffer.from(csv));
    const { prices } = await pageOf(owner, post.listSlug, owner);
    expect(prices.unread).toEqual({ count: 2, examples: expect.arrayContaining([expect.stringContaining('Burrata 125g')]) });
    expect((await pageOf(owner, post.listSlug)).prices.unread).toBeNull();
  });

  it('of a trade-only list reach only its trade customers and its owner', async () => {
    const owner = await aSupplier();
    const post = await aPost(t.db, owner, { audience: 'trade' });
    await read(post, priceListSheet(1, 'xlsx'));
    const stranger = await aUser(t.db);
    const customer = await aUser(t.db);
    await t.db
      .insertInto('trade_requests')
      .values({
        owner_id: owner.id,
        member_id: customer.id,
        business_name: 'Trattoria',
        state: 'approved',
        created_at: Date.now(),
        decided_at: Date.now(),
      })
      .execute();
    for (const viewer of [undefined, stranger]) {
      const list = await pageOf(owner, post.listSlug, viewer);
      expect([list.locked, list.prices]).toEqual([true, null]);
    }
    const { prices } = await pageOf(owner, post.listSlug, customer);
    expect(byItem(prices.table.rows).Burrata).toMatchObject({ price: 3.5 });
    expect(byItem((await pageOf(owner, post.listSlug, owner)).prices.table.rows).Burrata).toBeDefined();

    const rowsPath = `/api/profiles/${owner.handle}/lists/${post.listSlug}/prices?version=${prices.table.versionId}&from=0`;
    for (const viewer of [undefined, stranger]) {
      const res = await get(rowsPath, viewer);
      expect(res.statusCode).toBe(403);
      expect(res.body).not.toContain('Burrata');
    }
    expect((await get(rowsPath, customer)).json().rows.length).toBeGreaterThan(0);
  });
});
