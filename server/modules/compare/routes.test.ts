import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CompareAnswer } from '../../../core/compare';
import { buildTestApp, type TestApp } from '../../../tests/fixtures/app';
import { aFollow, aPost, as, aUser, type TestUser } from '../../../tests/fixtures/factories';
import { compareService } from './service';

/**
 * Issue 39 §3: one item across suppliers. Burrata from two suppliers with different packs, in unit
 * price order; a typo forgiven; per piece apart from per kg; a trade-only list's line only for
 * its owner and approved members; only the businesses the viewer follows.
 */
let t: TestApp;
let webRoot: string;
let sealed: TestUser;
let member: TestUser;
let stranger: TestUser;
let follower: TestUser;

/** A list file of `rows` (item; unit; price in euros), as a supplier's CSV. */
const csv = (rows: [string, string, string][]) =>
  Buffer.from(`Item;Unit;Price (€)\n${rows.map((r) => r.join(';')).join('\n')}\n`, 'utf8');

async function aSupplierWithList(
  handle: string,
  name: string,
  rows: [string, string, string][],
  options: { audience?: 'public' | 'trade'; fetchedAt?: number } = {},
) {
  const supplier = await aUser(t.db, { handle, name });
  const post = await aPost(t.db, supplier, { description: `${name} prices`, audience: options.audience ?? 'public' });
  await t.app.contents.recordFetchedFile({
    listId: post.listId,
    postId: post.id,
    bytes: csv(rows),
    fetchedAt: options.fetchedAt ?? Date.now(),
  });
  return supplier;
}

beforeAll(async () => {
  // A stand-in for the built web app, so the server renders the public pages (as in server/plugins/pages.test.ts).
  webRoot = mkdtempSync(join(tmpdir(), 'freshlist-compare-'));
  writeFileSync(
    join(webRoot, 'index.html'),
    '<!doctype html><html><head><title>Freshlist</title></head><body><div id="root"></div></body></html>',
  );
  t = await buildTestApp({}, { webRoot });
  await aSupplierWithList('north-dairy', 'North Dairy', [
    ['Burrata 125g', '', '3,50'],
    ['Ricotta 250g', '', '2,10'],
  ]);
  await aSupplierWithList('south-dairy', 'South Dairy', [['Burrata 250 g', '', '6,00']], {
    fetchedAt: Date.now() - 2 * 86_400_000,
  });
  await aSupplierWithList('piece-farm', 'Piece Farm', [
    ['Burrata', 'piece', '3,90'],
    ['Burrata platter', 'tray', '12,00'],
  ]);
  sealed = await aSupplierWithList('sealed-dairy', 'Sealed Dairy', [['Burrata 1kg', '', '19,00']], { audience: 'trade' });
  member = await aUser(t.db, { name: 'Approved Bistro' });
  stranger = await aUser(t.db, { name: 'Curious Cafe' });
  follower = await aUser(t.db, { name: 'Following Trattoria' });
  await t.db
    .insertInto('trade_requests')
    .values({ owner_id: sealed.id, member_id: member.id, business_name: 'Bistro', state: 'approved', created_at: 1 })
    .execute();
  await t.db
    .insertInto('trade_requests')
    .values({ owner_id: sealed.id, member_id: stranger.id, business_name: 'Cafe', state: 'pending', created_at: 1 })
    .execute();
  await aFollow(t.db, follower, 'south-dairy');
  await aFollow(t.db, follower, 'piece-farm');
  await aFollow(t.db, stranger, 'sealed-dairy');
});
afterAll(async () => {
  await t.close();
  rmSync(webRoot, { recursive: true, force: true });
});

const get = (url: string, user?: TestUser) => t.app.inject(as(user, { url }));
const compare = async (query: string, user?: TestUser): Promise<CompareAnswer> => {
  const res = await get(`/api/compare?${query}`, user);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};
/** Each group as "unit: handle unit-price, …", in the answer's order. */
const shape = (answer: CompareAnswer) =>
  Object.fromEntries(answer.groups.map((g) => [g.unit, g.lines.map((l) => `${l.handle} ${l.unitPriceText ?? l.priceText}`)]));

describe('comparing one item across suppliers', () => {
  it('lists burrata from two suppliers per kg in unit-price order, per piece and other prices apart', async () => {
    const answer = await compare('item=burrata');
    expect(shape(answer)).toEqual({
      kg: ['south-dairy 24.00 €/kg', 'north-dairy 28.00 €/kg'],
      piece: ['piece-farm 3.90 €/piece'],
      other: ['piece-farm 12.00 €'],
    });
    expect(answer).toMatchObject({ item: 'burrata', following: false, count: 4, limited: false });
    expect(answer.groups.map((g) => g.unit)).toEqual(['kg', 'piece', 'other']);
    const [south, north] = answer.groups[0]?.lines ?? [];
    expect(north).toMatchObject({
      handle: 'north-dairy',
      displayName: 'North Dairy',
      listName: 'North Dairy prices',
      listSlug: 'north-dairy-prices',
      item: 'Burrata 125g',
      pack: '125 g',
      price: 3.5,
      currency: 'EUR',
      priceText: '3.50 €',
      unitPrice: { amount: 28, currency: 'EUR', unit: 'kg' },
    });
    // How fresh: when the file last changed and when it was last read unchanged.
    expect(south?.fileChangedAt).toBeLessThan(Date.now() - 86_400_000);
    expect(south?.checkedAt).toBe(south?.fileChangedAt);
    expect(answer.groups[1]?.lines[0]).toMatchObject({ item: 'Burrata', pack: 'piece' });
  });

  it('forgives a typo as /explore does', async () => {
    const answer = await compare('item=buratta');
    expect(shape(answer).kg).toEqual(['south-dairy 24.00 €/kg', 'north-dairy 28.00 €/kg']);
    expect(answer.count).toBe(4);
  });

  it('answers an item no list holds with no groups', async () => {
    expect(await compare('item=saffron')).toMatchObject({ groups: [], count: 0, limited: false });
  });

  it('refuses an empty, wordless or too long item and a bad filter with a clear 400', async () => {
    for (const [query, message] of [
      ['', 'Type an item to compare, for example burrata.'],
      ['item=', 'Type an item to compare, for example burrata.'],
      ['item=%20%21%21', 'Type an item to compare, for example burrata.'],
      [`item=${'b'.repeat(101)}`, 'An item can be at most 100 characters.'],
      ['item=burrata&following=yes', 'following is 1 (only businesses you follow) or 0.'],
    ]) {
      const res = await get(`/api/compare?${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().message).toContain(message);
    }
  });
});

describe("a trade-only list's lines", () => {
  const sealedLine = 'sealed-dairy 19.00 €/kg';

  it('are absent for a visitor and a stranger (a pending request, a follow), present for an approved member and the owner', async () => {
    expect(shape(await compare('item=burrata')).kg).not.toContain(sealedLine);
    expect(shape(await compare('item=burrata', stranger)).kg).not.toContain(sealedLine);
    expect(shape(await compare('item=burrata', member)).kg).toEqual([
      sealedLine,
      'south-dairy 24.00 €/kg',
      'north-dairy 28.00 €/kg',
    ]);
    expect(shape(await compare('item=burrata', sealed)).kg?.[0]).toBe(sealedLine);
  });

  it('are never kept by a cache: a signed-in answer is private and stored nowhere', async () => {
    const signedIn = await get('/api/compare?item=burrata', member);
    expect(signedIn.headers['cache-control']).toBe('private, no-store');
    const visitor = await get('/api/compare?item=burrata');
    expect(visitor.headers['cache-control']).not.toMatch(/public|max-age/);
  });

  it('are not in the rendered page, whoever asks for it first', async () => {
    // The member asks twice (a page is kept from its second load), then a visitor gets what was kept.
    for (const user of [member, member, undefined, stranger]) {
      const res = await get('/compare?item=burrata', user);
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain('North Dairy');
      expect(res.body).not.toContain('Sealed Dairy');
      expect(res.body).not.toContain('19.00');
    }
  });
});

describe('only businesses I follow', () => {
  it('keeps the lines of the followed businesses', async () => {
    const answer = await compare('item=burrata&following=1', follower);
    expect(shape(answer)).toEqual({
      kg: ['south-dairy 24.00 €/kg'],
      piece: ['piece-farm 3.90 €/piece'],
      other: ['piece-farm 12.00 €'],
    });
    expect(answer.following).toBe(true);
  });

  it('still leaves out a followed trade-only list without access', async () => {
    expect(await compare('item=burrata&following=1', stranger)).toMatchObject({ groups: [], count: 0 });
  });

  it('asks a visitor to sign in', async () => {
    const res = await get('/api/compare?item=burrata&following=1');
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toBe('Sign in to compare only the businesses you follow.');
  });
});

describe('the bound on one comparison (docs/decisions/0205)', () => {
  it('answers at most `lines` lines of at most `lists` lists and says it was limited', async () => {
    const small = compareService(t.db, { lists: 2, probedLists: 1, lines: 2 });
    const answer = await small.compare({ item: 'burrata', following: false }, member.id);
    expect(answer.count).toBe(2);
    expect(answer.limited).toBe(true);
    const wide = compareService(t.db, { lists: 10, probedLists: 2, lines: 10 });
    expect(await wide.compare({ item: 'burrata', following: false }, member.id)).toMatchObject({ count: 5, limited: false });
  });
});
