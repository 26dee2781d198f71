import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { holdEndDay } from '../../../core/handle';
import { buildTestAppWithOwnerAndAdmin, type TestAppWithOwnerAndAdmin } from '../../../tests/fixtures/app';
import { aHandleRequest, as, aUser, type TestUser } from '../../../tests/fixtures/factories';
import { holdEnded } from '../../../tests/fixtures/handle-holds';

/** #31, docs/decisions/0170: a released handle is held before anyone else may claim it. */
let t: TestAppWithOwnerAndAdmin;
beforeAll(async () => {
  t = await buildTestAppWithOwnerAndAdmin();
});
afterAll(() => t.close());

const DAY = 24 * 60 * 60 * 1000;
const removeHandle = (handle: string) => t.app.inject(as(t.owner, { method: 'DELETE', url: `/api/admin/handles/${handle}` }));
const requestHandle = (user: TestUser, handle: string) =>
  t.app.inject(
    as(user, {
      method: 'POST',
      url: '/api/handle-requests',
      payload: { handle, displayName: 'New Farm', usageDescription: 'Our weekly price list' },
    }),
  );
const holdOf = (handle: string) => t.db.selectFrom('handle_holds').selectAll().where('handle', '=', handle).executeTakeFirst();
const insertHandle = (handle: string, userId: string) =>
  t.db.insertInto('handles').values({ handle, user_id: userId, created_at: Date.now() }).execute();

describe('a released handle is held (migration 2300)', () => {
  it('holds a handle the owner removed for 90 days, and says until when to anyone asking for it', async () => {
    const former = await aUser(t.db, { handle: 'held-farm' });
    const before = Date.now();
    expect((await removeHandle('held-farm')).statusCode).toBe(200);
    const hold = await holdOf('held-farm');
    expect(hold?.former_user_id).toBe(former.id);
    expect(Number(hold?.held_until) - Number(hold?.released_at)).toBe(90 * DAY);
    expect(Number(hold?.released_at)).toBeGreaterThanOrEqual(before - 1000);

    const res = await requestHandle(await aUser(t.db), 'held-farm');
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(
      `This handle belonged to another business until recently. It is held until ${holdEndDay(Number(hold?.held_until))}, so their old QR codes don't lead to someone else. Please choose another.`,
    );
  });

  it('is enforced by the database, whatever writes the handle; the former holder may take it back', async () => {
    const former = await aUser(t.db, { handle: 'db-held' });
    await t.db.deleteFrom('users').where('id', '=', former.id).execute(); // a cascade releases it too
    const stranger = await aUser(t.db);
    await expect(insertHandle('db-held', stranger.id)).rejects.toMatchObject({
      code: '23505',
      constraint: 'handle_holds_cooling_off',
    });

    const back = await aUser(t.db, { handle: 'came-back' });
    await t.db.deleteFrom('handles').where('handle', '=', 'came-back').execute();
    await insertHandle('came-back', back.id);
    expect(await holdOf('came-back')).toBeUndefined();
  });

  it('refuses an approval, an admin-made handle and an invite while held, in words; all work once it ends', async () => {
    await aUser(t.db, { handle: 'busy-farm' });
    await removeHandle('busy-farm');
    const requester = await aUser(t.db);
    await aHandleRequest(t.db, requester, 'busy-farm');
    const approve = await t.app.inject(
      as(t.owner, { method: 'POST', url: `/api/admin/handle-requests/${requester.id}/approve`, payload: {} }),
    );
    const made = await t.app.inject(
      as(t.admin, {
        method: 'POST',
        url: '/api/admin/handles',
        payload: { handle: 'busy-farm', email: 'newfarm@example.com', displayName: 'New Farm' },
      }),
    );
    const invited = await t.app.inject(
      as(t.admin, {
        method: 'POST',
        url: '/api/admin/invites',
        payload: { handle: 'busy-farm', email: 'other@example.com', displayName: 'Other' },
      }),
    );
    for (const res of [approve, made, invited]) {
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toMatch(/^This handle belonged to another business until recently\. It is held until /);
    }
    await holdEnded(t.db, 'busy-farm');
    const later = await t.app.inject(
      as(t.owner, { method: 'POST', url: `/api/admin/handle-requests/${requester.id}/approve`, payload: {} }),
    );
    expect([later.statusCode, later.json()]).toEqual([200, { handle: 'busy-farm' }]);
  });

  it('lets the owner release a hold at once, audited and listed until then; not an admin', async () => {
    await aUser(t.db, { handle: 'release-me' });
    await removeHandle('release-me');
    const listed = (await t.app.inject(as(t.owner, { url: '/api/admin/handles' }))).json().holds;
    expect(listed).toContainEqual({ handle: 'release-me', heldUntil: Number((await holdOf('release-me'))?.held_until) });

    const release = (who: TestUser) => t.app.inject(as(who, { method: 'DELETE', url: '/api/admin/handle-holds/release-me' }));
    expect((await release(t.admin)).statusCode).toBe(403);
    expect((await release(t.owner)).statusCode).toBe(200);
    expect((await release(t.owner)).json().message).toBe('This handle is not held.');
    expect((await requestHandle(await aUser(t.db), 'release-me')).statusCode).toBe(201);
    const log = (await t.app.inject(as(t.admin, { url: '/api/admin/audit-log' }))).json().entries;
    expect(log[0]).toMatchObject({ action: 'handle.release-hold', target: '@release-me' });
  });
});
