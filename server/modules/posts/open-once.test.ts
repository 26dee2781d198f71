import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../tests/fixtures/app';
import { aPost, as, aUser } from '../../../tests/fixtures/factories';
import { OPEN_KEYS_REMEMBERED, OPEN_WINDOW_MS, openOnce } from './open-once';

/** Open counts cannot be inflated (issue 42): one visitor's opens of a version count once in a window. */
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const opens = async (id: number) =>
  (await t.db.selectFrom('posts').select('open_count').where('id', '=', id).executeTakeFirstOrThrow()).open_count;
const open = (url: string, remoteAddress: string, userAgent = 'Browser A', cookie?: string) =>
  t.app.inject({ method: 'GET', url, remoteAddress, headers: { 'user-agent': userAgent, ...(cookie ? { cookie } : {}) } });

describe('counting opens', () => {
  it('counts a visitor once per version, on the post’s link and the list’s address alike', async () => {
    const owner = await aUser(t.db, { handle: 'once-shop' });
    const post = await aPost(t.db, owner, { url: 'https://box.com/s/once' });
    const address = `/once-shop/lists/${post.listSlug}/open`;
    for (let i = 0; i < 5; i++) {
      expect((await open(`/api/posts/${post.id}/open`, '10.8.0.1')).statusCode).toBe(302);
      expect((await open(address, '10.8.0.1')).headers.location).toBe('https://box.com/s/once');
    }
    expect(await opens(post.id)).toBe(1);
    // Another browser on the same address, another address, a signed-in person: each counts once.
    await open(address, '10.8.0.1', 'Browser B');
    await open(address, '10.8.0.2');
    const reader = await aUser(t.db);
    for (const ip of ['10.8.0.3', '10.8.0.4']) await t.app.inject({ ...as(reader, { url: address }), remoteAddress: ip });
    expect(await opens(post.id)).toBe(4);
  });

  it('counts again after the window, and remembers a bounded number of keys', () => {
    let clock = 0;
    const once = openOnce(() => clock);
    expect([once.first('v', 1), once.first('v', 1), once.first('v', 2)]).toEqual([true, false, true]);
    clock += OPEN_WINDOW_MS;
    expect(once.first('v', 1)).toBe(true);
    for (let i = 0; i < OPEN_KEYS_REMEMBERED + 10; i++) once.first(`visitor-${i}`, 1);
    expect(once.size()).toBe(OPEN_KEYS_REMEMBERED);
  });
});
