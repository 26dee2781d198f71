import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../tests/fixtures/app';
import { aPost, as, aUser, type TestUser } from '../../../tests/fixtures/factories';
import { priceListSheet } from '../../../tests/fixtures/list-files';
import { directoryRepository } from '../directory/repository';
import type { ITEM_SEARCH_LIMITS } from './read-repository';
import { contentsSearchService } from './service';

let t: TestApp;
let listId: number;
let postId: number;
beforeAll(async () => {
  t = await buildTestApp();
  const supplier = await aUser(t.db, { handle: 'green-valley', name: 'Green Valley Farm' });
  await aUser(t.db, { handle: 'burrata-bros', name: 'Burrata Bros' });
  await aUser(t.db, { handle: 'quiet-deli', name: 'Quiet Deli' });
  const post = await aPost(t.db, supplier, { description: 'Weekly prices' });
  listId = post.listId;
  postId = post.id;
  await t.app.contents.recordFetchedFile({
    listId,
    postId,
    bytes: priceListSheet(1, 'xlsx'),
    fetchedAt: Date.now() - 60 * 60_000,
  });
});
afterAll(() => t.close());

const search = async (q: string) => {
  const res = await t.app.inject(as(undefined, { url: `/api/directory?q=${encodeURIComponent(q)}` }));
  expect(res.statusCode).toBe(200);
  return res.json().entries as { handle: string; match: { text: string; price: string | null; listName: string } | null }[];
};

describe('finding a supplier by what they sell', () => {
  it('finds the supplier by an item of their current list, with the line, its price and the list', async () => {
    const [first] = await search('san marzano');
    expect(first).toMatchObject({
      handle: 'green-valley',
      match: { text: 'Tomatoes San Marzano', price: '2.10 €/kg', listName: 'Weekly prices', listSlug: 'weekly-prices' },
    });
  });

  it('forgives a typo as names do, and ranks a name match first', async () => {
    const entries = await search('buratta');
    expect(entries.map((e) => e.handle)).toEqual(['burrata-bros', 'green-valley']);
    expect(entries[0]?.match).toBeNull();
    expect(entries[1]?.match).toMatchObject({ text: 'Burrata', price: '3.50 €/piece' });
  });

  it('searches the current version only: an item gone from the list no longer finds them', async () => {
    expect((await search('courgettes')).map((e) => e.handle)).toEqual(['green-valley']);
    await t.app.contents.recordFetchedFile({ listId, postId, bytes: priceListSheet(2, 'xlsx'), fetchedAt: Date.now() });
    expect(await search('courgettes')).toEqual([]);
    expect((await search('ricotta'))[0]).toMatchObject({
      handle: 'green-valley',
      match: { text: 'Ricotta', price: '2.20 €/piece' },
    });
  });
});

describe('the lists a broad word matches (docs/decisions/0192)', () => {
  const saffron = (item: string) => Buffer.from(`Item;Unit;Price\n${item};g;9,50\n`, 'utf8');
  const aListHolding = async (owner: TestUser, item: string, audience: 'public' | 'trade' = 'public') => {
    const post = await aPost(t.db, owner, { audience });
    await t.app.contents.recordFetchedFile({ listId: post.listId, postId: post.id, bytes: saffron(item), fetchedAt: Date.now() });
  };
  const owners = async (q: string, viewer: TestUser | null, limits: typeof ITEM_SEARCH_LIMITS) => {
    const terms = await directoryRepository(t.db).searchTerms(q);
    const found = await contentsSearchService(t.db, limits).bestItemMatches(terms, viewer?.id ?? null);
    return found.map((m) => m.userId).sort();
  };
  let sealed: TestUser;
  let spices: TestUser[];
  let stranger: TestUser;
  beforeAll(async () => {
    sealed = await aUser(t.db, { handle: 'sealed-spices', name: 'Sealed Spices' });
    await aListHolding(sealed, 'Saffron threads', 'trade');
    spices = [];
    for (const n of [1, 2, 3]) {
      spices.push(await aUser(t.db, { handle: `spices-${n}`, name: `Spice House ${n}` }));
      await aListHolding(spices.at(-1)!, 'Saffron threads');
    }
    stranger = await aUser(t.db, { name: 'Curious Cafe' });
    await aListHolding(spices[2]!, 'Mace blades');
  });

  it('ranks the first readable lists read in order when they are enough, never a trade-only one without access', async () => {
    const firstRead = { rankedLists: 2, probedLists: 10 };
    expect(await owners('saffron', stranger, firstRead)).toEqual([spices[0]!.id, spices[1]!.id].sort());
    expect(await owners('saffron', sealed, firstRead)).toEqual([sealed.id, spices[0]!.id].sort());
  });

  it('asks the index when the lists read in order hold too few', async () => {
    expect(await owners('mace', stranger, { rankedLists: 2, probedLists: 1 })).toEqual([spices[2]!.id]);
    expect(await owners('saffron', stranger, { rankedLists: 5, probedLists: 2 })).toEqual(spices.map((s) => s.id).sort());
  });
});
