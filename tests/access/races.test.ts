import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../fixtures/app';
import { aChatForm, anInvite, as, aUser, type TestUser } from '../fixtures/factories';

/**
 * Races (issue 10, point 2) besides handle claims (server/modules/handles/race.test.ts): follow
 * toggles fired together, and the same post, invite acceptance or form response sent twice at once.
 * Every request is in flight before the first answer; the database has to keep the result right.
 */
let t: TestApp;
let admin: TestUser;
beforeAll(async () => {
  t = await buildTestApp();
  admin = await aUser(t.db, { admin: true });
});
afterAll(() => t.close());

const followRows = (handle: string) =>
  t.db.selectFrom('follows').select('follower_id').where('handle', '=', handle).execute() as Promise<
    Array<{ follower_id: string }>
  >;
const isFollowing = async (user: TestUser, handle: string) =>
  (await t.app.inject(as(user, { url: `/api/profiles/${handle}` }))).json().following as boolean;

describe('follow and unfollow fired together', () => {
  it('50 toggles of one person end in one state, the same in the database and in what the person sees', async () => {
    await aUser(t.db, { handle: 'toggled-shop' });
    const fan = await aUser(t.db);
    const methods = Array.from({ length: 50 }, (_, i) => (i % 2 === 0 ? 'PUT' : 'DELETE') as 'PUT' | 'DELETE');
    const responses = await Promise.all(
      methods.map((method) => t.app.inject(as(fan, { method, url: '/api/follows/toggled-shop' }))),
    );
    expect(responses.map((r) => r.statusCode)).toEqual(methods.map(() => 200));
    responses.forEach((res, i) => {
      // An unfollow also says whether trade access stays (ADR 0213); this fan was never given any.
      expect(res.json()).toEqual(
        methods[i] === 'PUT'
          ? { handle: 'toggled-shop', following: true }
          : { handle: 'toggled-shop', following: false, keepsTradeAccess: false },
      );
    });
    const rows = await followRows('toggled-shop');
    expect(rows.length).toBeLessThanOrEqual(1);
    expect(await isFollowing(fan, 'toggled-shop')).toBe(rows.length === 1);
    // A last, lone click decides, whatever the storm left behind.
    await t.app.inject(as(fan, { method: 'PUT', url: '/api/follows/toggled-shop' }));
    expect(await followRows('toggled-shop')).toHaveLength(1);
    expect(await isFollowing(fan, 'toggled-shop')).toBe(true);
  });

  it('10 people toggling one handle 5 times each at once: each person’s last click counts, nobody twice', async () => {
    await aUser(t.db, { handle: 'busy-shop' });
    const fans = await Promise.all(Array.from({ length: 10 }, () => aUser(t.db)));
    const storm = fans.flatMap((fan) =>
      Array.from({ length: 5 }, (_, i) =>
        t.app.inject(as(fan, { method: i % 2 === 0 ? 'PUT' : 'DELETE', url: '/api/follows/busy-shop' })),
      ),
    );
    expect((await Promise.all(storm)).filter((r) => r.statusCode !== 200)).toEqual([]);
    const finals = fans.map((_, i) => i % 3 !== 0);
    await Promise.all(
      fans.map((fan, i) => t.app.inject(as(fan, { method: finals[i] ? 'PUT' : 'DELETE', url: '/api/follows/busy-shop' }))),
    );
    const rows = await followRows('busy-shop');
    expect(rows.map((r) => r.follower_id).sort()).toEqual(
      fans
        .filter((_, i) => finals[i])
        .map((f) => f.id)
        .sort(),
    );
    for (const [i, fan] of fans.entries()) expect(await isFollowing(fan, 'busy-shop')).toBe(finals[i]);
  });
});

describe('the same write sent twice at once is stored once', () => {
  it('a double-submitted post (same upload key): one post, both answers name it', async () => {
    const author = await aUser(t.db, { handle: 'double-post' });
    const payload = { url: 'https://box.com/s/price-list', description: 'Prices', idempotencyKey: randomUUID() };
    const responses = await Promise.all(
      [1, 2, 3].map(() => t.app.inject(as(author, { method: 'POST', url: '/api/posts', payload }))),
    );
    expect(responses.map((r) => r.statusCode).sort()).toEqual([200, 200, 201]);
    const ids = new Set(responses.map((r) => r.json().post.id));
    expect(ids.size).toBe(1);
    const stored = await t.db.selectFrom('posts').select('id').where('user_id', '=', author.id).execute();
    expect(stored.map((p) => p.id)).toEqual([...ids]);
    // A new key is a new post, even with the same text.
    const again = await t.app.inject(
      as(author, { method: 'POST', url: '/api/posts', payload: { ...payload, idempotencyKey: randomUUID() } }),
    );
    expect(again.statusCode).toBe(201);
  });

  it('a double-submitted invite acceptance: one handle, both answers say it is theirs', async () => {
    const invitee = await aUser(t.db, { email: 'double-accept@example.com' });
    await anInvite(t.db, { handle: 'double-accept', email: invitee.email, createdBy: admin.id });
    const responses = await Promise.all(
      [1, 2].map(() =>
        t.app.inject(
          as(invitee, { method: 'POST', url: '/api/invites/double-accept/accept', payload: { displayName: 'Invitee' } }),
        ),
      ),
    );
    expect(responses.map((r) => [r.statusCode, r.json()])).toEqual([
      [200, { handle: 'double-accept' }],
      [200, { handle: 'double-accept' }],
    ]);
    expect(await t.db.selectFrom('handles').select('user_id').where('handle', '=', 'double-accept').execute()).toEqual([
      { user_id: invitee.id },
    ]);
  });

  it('a double-submitted form response (same submission key): one response', async () => {
    const owner = await aUser(t.db, { handle: 'double-form' });
    const formId = await aChatForm(t.db, owner);
    const payload = { answers: { name: 'Ana', order: 'Ten crates' }, idempotencyKey: `key-${randomUUID()}` };
    const responses = await Promise.all(
      [1, 2, 3].map(() => t.app.inject(as(undefined, { method: 'POST', url: `/api/forms/${formId}/submissions`, payload }))),
    );
    expect(responses.map((r) => r.statusCode).sort()).toEqual([200, 200, 201]);
    const stored = await t.db.selectFrom('chat_form_submissions').select('id').where('form_id', '=', formId).execute();
    expect(stored).toHaveLength(1);
  });
});
