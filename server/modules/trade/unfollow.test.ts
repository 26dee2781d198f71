import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PublicPost } from '../../../core/feed';
import { buildTestApp, type TestApp } from '../../../tests/fixtures/app';
import { aPost, as, aUser, type TestUser } from '../../../tests/fixtures/factories';

/** Trade access survives an unfollow, and both sides are told (docs/decisions/0213). */
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

let shops = 0;
const send = (user: TestUser, method: string, url: string, payload?: unknown) =>
  t.app.inject(as(user, { method, url, ...(payload === undefined ? {} : { payload }) }));
const firstPost = async (handle: string, user: TestUser) =>
  (await send(user, 'GET', `/api/profiles/${handle}/posts`)).json().posts[0] as PublicPost;

async function anApprovedMember() {
  const owner = await aUser(t.db, { handle: `unfollowed-shop-${++shops}` });
  const post = await aPost(t.db, owner, { audience: 'trade', url: `https://box.com/s/trade-${shops}` });
  const member = await aUser(t.db, { name: `Member ${shops}` });
  await send(member, 'POST', `/api/trade/access/${owner.handle}`, { businessName: `Bistro ${shops}` });
  await send(owner, 'POST', `/api/trade/requests/${member.id}`, { decision: 'approve' });
  return { owner, member, post, handle: owner.handle as string };
}

describe('unfollowing a business that gave trade access', () => {
  it('keeps the access, says so to the reader, and shows the supplier who no longer follows', async () => {
    const { owner, member, handle } = await anApprovedMember();
    const unfollowed = await send(member, 'DELETE', `/api/follows/${handle}`);
    expect(unfollowed.statusCode).toBe(200);
    expect(unfollowed.json()).toEqual({ handle, following: false, keepsTradeAccess: true });

    expect(await firstPost(handle, member)).toMatchObject({ locked: false });
    expect((await send(member, 'GET', `/api/trade/access/${handle}`)).json().state).toBe('approved');
    const members = (await send(owner, 'GET', '/api/trade/requests')).json();
    expect(members.approved).toEqual([expect.objectContaining({ memberId: member.id, following: false })]);

    await send(member, 'PUT', `/api/follows/${handle}`);
    const again = (await send(owner, 'GET', '/api/trade/requests')).json();
    expect(again.approved).toEqual([expect.objectContaining({ memberId: member.id, following: true })]);
  });

  it('ends only when the supplier removes it; then an unfollow says nothing of trade access', async () => {
    const { owner, member, handle } = await anApprovedMember();
    await send(owner, 'POST', `/api/trade/requests/${member.id}`, { decision: 'remove' });
    expect(await firstPost(handle, member)).toMatchObject({ locked: true });
    expect((await send(member, 'DELETE', `/api/follows/${handle}`)).json()).toEqual({
      handle,
      following: false,
      keepsTradeAccess: false,
    });
  });

  it('a reader without access, or unfollowing themselves, is not told of access', async () => {
    const { owner, handle } = await anApprovedMember();
    const stranger = await aUser(t.db);
    expect((await send(stranger, 'DELETE', `/api/follows/${handle}`)).json().keepsTradeAccess).toBe(false);
    expect((await send(owner, 'DELETE', `/api/follows/${handle}`)).json().keepsTradeAccess).toBe(false);
  });
});
