import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../tests/fixtures/app';
import { aPost, as, aUser } from '../../../tests/fixtures/factories';
import { priceListSheet } from '../../../tests/fixtures/list-files';

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
