import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PublicPost } from '../../../core/feed';
import { buildTestApp, type TestApp } from '../../../tests/fixtures/app';
import { aFollow, aPost, as, aUser, type TestUser } from '../../../tests/fixtures/factories';

/** Trade-only lists (issue 32): the audience, the sealed contents, and asking for access. */
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

let shops = 0;
const aSupplier = () => aUser(t.db, { handle: `trade-shop-${++shops}`, name: `Supplier ${shops}` });
const send = (user: TestUser | undefined, method: string, url: string, payload?: unknown) =>
  t.app.inject(as(user, { method, url, ...(payload === undefined ? {} : { payload }) }));
const profilePosts = async (handle: string, user?: TestUser) =>
  (await send(user, 'GET', `/api/profiles/${handle}/posts`)).json().posts as PublicPost[];
/** Mails queued to a person, rendered as they go out. */
async function mailsTo(userId: string) {
  await t.app.mailer.deliverDue();
  return t.db
    .selectFrom('email_outbox')
    .select(['kind', 'subject', 'text'])
    .where('user_id', '=', userId)
    .orderBy('id')
    .execute();
}

describe('a list’s audience', () => {
  it('is chosen when posting; a trade-only list keeps nothing of its contents in posts', async () => {
    const owner = await aSupplier();
    const res = await send(owner, 'POST', '/api/posts', {
      url: 'https://box.com/s/secret-prices',
      description: 'Wholesale prices',
      audience: 'trade',
      validUntil: '2030-01-31',
    });
    expect(res.statusCode).toBe(201);
    const post = res.json().post;
    // The owner reads it all.
    expect(post).toMatchObject({
      url: 'https://box.com/s/secret-prices',
      description: 'Wholesale prices',
      validUntil: '2030-01-31',
      locked: false,
      list: { audience: 'trade' },
    });
    const stored = await t.db
      .selectFrom('posts')
      .select(['url', 'description', 'valid_until'])
      .where('id', '=', post.id)
      .execute();
    expect(stored).toEqual([{ url: '', description: '', valid_until: null }]);
  });

  it('follows the owner’s default, and changing it seals or unseals every version', async () => {
    const owner = await aSupplier();
    expect((await send(owner, 'PUT', '/api/trade/settings', { defaultAudience: 'trade' })).json().defaultAudience).toBe('trade');
    const first = (await send(owner, 'POST', '/api/posts', { url: 'https://box.com/s/v1', description: 'Prices' })).json().post;
    expect(first.list.audience).toBe('trade');
    await send(owner, 'POST', '/api/posts', { url: 'https://box.com/s/v2', description: 'Prices 2', listId: first.list.id });
    expect((await profilePosts(owner.handle!))[0]).toMatchObject({ locked: true, url: '', description: '' });

    const made = await send(owner, 'PUT', `/api/lists/${first.list.id}/audience`, { audience: 'public' });
    expect(made.json()).toEqual({ audience: 'public' });
    expect((await profilePosts(owner.handle!))[0]).toMatchObject({ locked: false, url: 'https://box.com/s/v2' });
    const versions = await t.db.selectFrom('posts').select('url').where('list_id', '=', first.list.id).orderBy('id').execute();
    expect(versions.map((v) => v.url)).toEqual(['https://box.com/s/v1', 'https://box.com/s/v2']);
    expect(await t.db.selectFrom('trade_contents').select('post_id').where('post_id', '=', first.id).execute()).toEqual([]);

    await send(owner, 'PUT', `/api/lists/${first.list.id}/audience`, { audience: 'trade' });
    const sealed = await t.db.selectFrom('posts').select('url').where('list_id', '=', first.list.id).execute();
    expect(sealed.map((v) => v.url)).toEqual(['', '']);
    expect((await profilePosts(owner.handle!, owner))[0]).toMatchObject({ locked: false, url: 'https://box.com/s/v2' });
  });

  it('only the owner changes it', async () => {
    const owner = await aSupplier();
    const post = await aPost(t.db, owner);
    const stranger = await aSupplier();
    const url = `/api/lists/${post.listId}/audience`;
    expect((await send(stranger, 'PUT', url, { audience: 'trade' })).statusCode).toBe(403);
    expect((await send(undefined, 'PUT', url, { audience: 'trade' })).statusCode).toBe(401);
    expect((await send(owner, 'PUT', '/api/lists/999999999/audience', { audience: 'trade' })).statusCode).toBe(404);
    expect((await send(owner, 'PUT', url, { audience: 'secret' })).statusCode).toBe(400);
    expect((await profilePosts(owner.handle!))[0]!.locked).toBe(false);
  });

  it('an edit of a trade-only version stays sealed, an emptied description included', async () => {
    const owner = await aSupplier();
    const post = await aPost(t.db, owner, { audience: 'trade', description: 'Secret' });
    const edited = await send(owner, 'PATCH', `/api/posts/${post.id}`, { description: 'New secret', validUntil: '2031-01-01' });
    expect(edited.json().post).toMatchObject({ description: 'New secret', validUntil: '2031-01-01', url: post.url });
    await send(owner, 'PATCH', `/api/posts/${post.id}`, { description: '' });
    expect((await profilePosts(owner.handle!, owner))[0]).toMatchObject({ description: '', validUntil: '2031-01-01' });
    const row = await t.db.selectFrom('posts').select(['url', 'description', 'valid_until']).where('id', '=', post.id).execute();
    expect(row).toEqual([{ url: '', description: '', valid_until: null }]);
  });

  it('a raw write into a trade-only list is sealed by the database itself', async () => {
    const owner = await aSupplier();
    const post = await aPost(t.db, owner, { audience: 'trade' });
    await sql`update posts set description = 'leaked?', url = 'https://box.com/s/leak' where id = ${post.id}`.execute(t.db);
    const row = await t.db.selectFrom('posts').select(['url', 'description']).where('id', '=', post.id).execute();
    expect(row).toEqual([{ url: '', description: '' }]);
    expect((await profilePosts(owner.handle!, owner))[0]).toMatchObject({
      url: 'https://box.com/s/leak',
      description: 'leaked?',
    });
  });
});

describe('asking for access', () => {
  it('a restaurant asks, the supplier is mailed and approves, the restaurant is told and reads the list', async () => {
    const owner = await aSupplier();
    const post = await aPost(t.db, owner, { audience: 'trade', description: 'Trade prices' });
    const restaurant = await aUser(t.db, { name: 'Rosa' });
    const accessUrl = `/api/trade/access/${owner.handle}`;
    expect((await send(restaurant, 'GET', accessUrl)).json()).toEqual({
      handle: owner.handle,
      state: 'none',
      tradeLists: 1,
      businessName: null,
    });
    expect((await profilePosts(owner.handle!, restaurant))[0]).toMatchObject({ locked: true, url: '', description: '' });

    const asked = await send(restaurant, 'POST', accessUrl, { businessName: ' Trattoria Rosa ', note: 'We buy weekly.' });
    expect(asked.json()).toMatchObject({ state: 'pending', businessName: 'Trattoria Rosa' });
    const [request] = await mailsTo(owner.id);
    expect(request?.subject).toBe('Trattoria Rosa asks for access to your trade-only lists');
    expect(request?.text).toContain('We buy weekly.');
    // Asking follows the handle, so its updates reach the restaurant once approved.
    expect((await send(restaurant, 'GET', '/api/following')).json().following.map((f: { handle: string }) => f.handle)).toEqual([
      owner.handle,
    ]);

    const requests = (await send(owner, 'GET', '/api/trade/requests')).json();
    expect(requests.pending).toEqual([
      expect.objectContaining({
        memberId: restaurant.id,
        businessName: 'Trattoria Rosa',
        displayName: 'Rosa',
        note: 'We buy weekly.',
      }),
    ]);
    const approved = await send(owner, 'POST', `/api/trade/requests/${restaurant.id}`, { decision: 'approve' });
    expect(approved.json().approved.map((m: { memberId: string }) => m.memberId)).toEqual([restaurant.id]);
    expect((await mailsTo(restaurant.id)).map((m) => m.subject)).toEqual([
      `Supplier ${shops} (@${owner.handle}) gave you trade access`,
    ]);

    expect((await profilePosts(owner.handle!, restaurant))[0]).toMatchObject({
      locked: false,
      url: post.url,
      description: 'Trade prices',
    });
    expect((await send(restaurant, 'GET', '/api/feed')).json().posts[0]).toMatchObject({ locked: false, url: post.url });

    // Access removed: the list is locked for them again, everywhere.
    expect((await send(owner, 'POST', `/api/trade/requests/${restaurant.id}`, { decision: 'remove' })).json().approved).toEqual(
      [],
    );
    expect((await profilePosts(owner.handle!, restaurant))[0]).toMatchObject({ locked: true, url: '' });
    expect((await send(restaurant, 'GET', '/api/feed')).json().posts[0]).toMatchObject({
      locked: true,
      url: '',
      description: '',
    });
    expect((await send(restaurant, 'GET', accessUrl)).json().state).toBe('none');
  });

  it('a declined request is told with its reason and a way to the business; asking again makes it pending again', async () => {
    const owner = await aSupplier();
    await aPost(t.db, owner, { audience: 'trade' });
    const member = await aUser(t.db);
    const url = `/api/trade/access/${owner.handle}`;
    await send(member, 'POST', url, { businessName: 'Cafe' });
    // The supplier sees who asks by their email, to check them.
    expect((await send(owner, 'GET', '/api/trade/requests')).json().pending[0]).toMatchObject({ email: member.email });
    const reason = 'We only supply restaurants in Leeds.';
    await send(owner, 'POST', `/api/trade/requests/${member.id}`, { decision: 'decline', reason });
    expect((await send(member, 'GET', url)).json()).toMatchObject({
      state: 'declined',
      declineReason: reason,
      declinedAt: expect.any(Number),
    });
    const [declined] = await mailsTo(member.id);
    expect(declined?.kind).toBe('trade-declined');
    expect(declined?.text).toContain(`Their reason:\n${reason}`);
    expect(declined?.text).toContain(`Their page: http://localhost:3000/${owner.handle}`);
    expect((await send(member, 'POST', url, { businessName: 'Cafe' })).json().state).toBe('pending');
    expect((await send(member, 'GET', url)).json().declineReason).toBeUndefined();
    expect((await mailsTo(owner.id)).map((m) => m.kind)).toEqual(['trade-request', 'trade-request']);
  });

  it('refuses what makes no sense, with a message', async () => {
    const owner = await aSupplier();
    const member = await aUser(t.db);
    const url = `/api/trade/access/${owner.handle}`;
    const refused = async (user: TestUser | undefined, u: string, body: unknown) => {
      const res = await send(user, 'POST', u, body);
      return [res.statusCode, res.json().message];
    };
    expect(await refused(member, url, { businessName: 'Cafe' })).toEqual([400, 'This business has no trade-only lists.']);
    await aPost(t.db, owner, { audience: 'trade' });
    expect(await refused(member, url, { businessName: '  ' })).toEqual([400, 'Please enter your business name.']);
    expect(await refused(member, url, { businessName: 'b'.repeat(81) })).toEqual([
      400,
      'Business name must be 80 characters or less.',
    ]);
    expect(await refused(member, url, { businessName: 'Cafe', note: 'n'.repeat(501) })).toEqual([
      400,
      'Note must be 500 characters or less.',
    ]);
    expect(await refused(owner, url, { businessName: 'Me' })).toEqual([400, 'Your own lists are always open to you.']);
    expect(await refused(undefined, url, { businessName: 'Cafe' })).toEqual([401, expect.any(String)]);
    expect(await refused(member, '/api/trade/access/no-such-shop', { businessName: 'Cafe' })).toEqual([
      404,
      'This handle does not exist.',
    ]);
    expect(await refused(owner, `/api/trade/requests/${member.id}`, { decision: 'approve' })).toEqual([404, 'No such request.']);
    expect(await refused(member, `/api/trade/requests/${owner.id}`, { decision: 'approve' })).toEqual([
      403,
      'You need an approved handle to do that.',
    ]);
  });

  it('the follower list names those who agreed to be shown, with their business and access', async () => {
    const owner = await aSupplier();
    await aPost(t.db, owner, { audience: 'trade' });
    const shown = await aUser(t.db, { name: 'Shown Person' });
    const hidden = await aUser(t.db, { name: 'Hidden Person' });
    await send(shown, 'PUT', '/api/trade/settings', { shownToFollowed: true, businessName: 'Bistro Shown' });
    await send(shown, 'POST', `/api/trade/access/${owner.handle}`, { businessName: 'Bistro Shown' });
    await send(owner, 'POST', `/api/trade/requests/${shown.id}`, { decision: 'approve' });
    await aFollow(t.db, hidden, owner.handle!);
    const page = (await send(owner, 'GET', '/api/followers')).json();
    expect(page.followers).toEqual([
      expect.objectContaining({ displayName: 'Shown Person', businessName: 'Bistro Shown', handle: null, tradeAccess: true }),
    ]);
    expect([page.total, page.othersCount]).toEqual([2, 1]);
  });
});
