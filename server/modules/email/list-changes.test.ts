import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../tests/fixtures/app';
import { aPost, aUser } from '../../../tests/fixtures/factories';
import { priceListSheet } from '../../../tests/fixtures/list-files';
import { mailChangesRepository } from './changes-repository';
import { listDigestMail, listUpdateMail } from './list-templates';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

describe('what a list mail says of a changed file', () => {
  it('gives the summary, the biggest moves and the link to the details, and renders them in both mails', async () => {
    const supplier = await aUser(t.db, { handle: 'mail-valley', name: 'Mail Valley' });
    const post = await aPost(t.db, supplier, { description: 'Weekly prices' });
    const read = (version: 1 | 2, fetchedAt: number) =>
      t.app.contents.recordFetchedFile({
        listId: post.listId,
        postId: post.id,
        bytes: priceListSheet(version, 'xlsx'),
        fetchedAt,
      });
    await read(1, 1_000);
    const untold = await mailChangesRepository(t.db).ofPosts([post.id], null);
    expect(untold.size).toBe(0);
    await read(2, 2_000);

    const changes = (await mailChangesRepository(t.db).ofPosts([post.id], null)).get(post.id);
    expect(changes).toEqual({
      summary: '2 prices up, 1 new item, 1 item gone',
      moves: ['Tomatoes San Marzano 2.10 € → 2.40 €/kg, +14%', 'Burrata 3.50 € → 3.90 €/piece, +11%'],
      path: '/mail-valley/lists/weekly-prices/changes',
    });

    const ctx = { publicUrl: 'https://freshlist.example' };
    const mailPost = {
      id: post.id,
      url: post.url,
      description: 'Weekly prices',
      createdAt: 1,
      listName: 'Weekly prices',
      listSlug: 'weekly-prices',
      validFrom: null,
      validUntil: null,
      versions: 1,
      changes,
    };
    const instant = listUpdateMail(ctx, { handle: 'mail-valley', displayName: 'Mail Valley', posts: [mailPost] }, Date.now());
    expect(instant.text).toContain(
      '2 prices up, 1 new item, 1 item gone: Tomatoes San Marzano 2.10 € → 2.40 €/kg, +14%; Burrata',
    );
    expect(instant.text).toContain('What changed: https://freshlist.example/mail-valley/lists/weekly-prices/changes');
    expect(instant.html).toContain('Tomatoes San Marzano 2.10 € → 2.40 €/kg, +14%');
    expect(instant.html).toContain('href="https://freshlist.example/mail-valley/lists/weekly-prices/changes"');
    const digest = listDigestMail(
      ctx,
      { period: 'daily', handles: [{ handle: 'mail-valley', displayName: 'Mail Valley', posts: [mailPost] }] },
      Date.now(),
    );
    expect(digest.text).toContain('2 prices up, 1 new item, 1 item gone');
  });
});
