import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as m2500 from '../../../db/migrations/2500-list-search-lines';
import { buildTestApp, type TestApp } from '../../../tests/fixtures/app';
import { aPost, as, aUser } from '../../../tests/fixtures/factories';
import { priceListSheet } from '../../../tests/fixtures/list-files';

/**
 * A list read before migration 2500 (docs/decisions/0192) is found by item after it, with its line:
 * the lists' search rows gain their lines when the migration runs, not at the list's next reading.
 */
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
  await m2500.down(t.db);
  const supplier = await aUser(t.db, { handle: 'old-dairy', name: 'Old Dairy' });
  const post = await aPost(t.db, supplier, { description: 'Weekly prices' });
  await t.app.contents.recordFetchedFile({
    listId: post.listId,
    postId: post.id,
    bytes: priceListSheet(1, 'xlsx'),
    fetchedAt: Date.now(),
  });
  await m2500.up(t.db);
});
afterAll(() => t.close());

describe('a list read before migration 2500', () => {
  it('shows its matching line with the price', async () => {
    const res = await t.app.inject(as(undefined, { url: '/api/directory?q=burrata' }));
    expect(res.json().entries[0]).toMatchObject({ handle: 'old-dairy', match: { text: 'Burrata', price: '3.50 €/piece' } });
  });
});
