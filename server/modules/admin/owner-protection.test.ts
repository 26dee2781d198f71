import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_MESSAGES } from '../../../core/admin';
import { HANDLE_REQUEST_MESSAGES } from '../../../core/handle';
import { buildTestApp, type TestApp } from '../../../tests/fixtures/app';
import { aHandleRequest, as, aUser, OWNER_AND_ADMIN_CONFIG, type TestUser } from '../../../tests/fixtures/factories';

let t: TestApp;
let owner: TestUser;
let admin: TestUser;
beforeAll(async () => {
  t = await buildTestApp({ OWNER_EMAIL: OWNER_AND_ADMIN_CONFIG.OWNER_EMAIL });
  owner = await aUser(t.db, { admin: true, email: OWNER_AND_ADMIN_CONFIG.OWNER_EMAIL });
  admin = await aUser(t.db, { admin: true });
});
afterAll(() => t.close());

const isAdmin = async (id: string) =>
  (await t.db.selectFrom('users').select('admin').where('id', '=', id).executeTakeFirst())?.admin;

describe("the owner's account", () => {
  it('is marked as the owner on the users page, so the page offers no action the server would refuse (#31)', async () => {
    const { users } = (await t.app.inject(as(admin, { url: '/api/admin/users' }))).json();
    const owners = users.filter((u: { owner: boolean }) => u.owner).map((u: { id: string }) => u.id);
    expect(owners).toEqual([owner.id]);
  });

  it('keeps its admin flag when another admin tries to remove it', async () => {
    const res = await t.app.inject(
      as(admin, { method: 'PUT', url: `/api/admin/users/${owner.id}/admin`, payload: { admin: false } }),
    );
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe(ADMIN_MESSAGES.ownerOnly);
    expect(await isAdmin(owner.id)).toBe(true);
  });

  it('cannot be deleted by another admin', async () => {
    const res = await t.app.inject(as(admin, { method: 'DELETE', url: `/api/admin/users/${owner.id}` }));
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe(ADMIN_MESSAGES.ownerOnly);
    expect(await isAdmin(owner.id)).toBe(true);
  });

  it('still lets the owner manage the other admins', async () => {
    const other = await aUser(t.db, { admin: true });
    const res = await t.app.inject(
      as(owner, { method: 'PUT', url: `/api/admin/users/${other.id}/admin`, payload: { admin: false } }),
    );
    expect(res.statusCode).toBe(200);
    expect(await isAdmin(other.id)).toBe(false);
  });
});

describe('another admin’s account', () => {
  it('is out of reach of an admin who is not the owner: no delete, no flag removal, no ending sessions', async () => {
    const other = await aUser(t.db, { admin: true });
    const attempts = [
      as(admin, { method: 'DELETE', url: `/api/admin/users/${other.id}` }),
      as(admin, { method: 'PUT', url: `/api/admin/users/${other.id}/admin`, payload: { admin: false } }),
      as(admin, { method: 'DELETE', url: `/api/admin/users/${other.id}/sessions` }),
      as(admin, { method: 'DELETE', url: `/api/admin/users/${owner.id}/sessions` }),
    ];
    for (const attempt of attempts) {
      const res = await t.app.inject(attempt);
      expect(res.statusCode, attempt.url).toBe(403);
      expect(res.json().message).toBe(ADMIN_MESSAGES.adminsOwnerOnly);
    }
    expect(await isAdmin(other.id)).toBe(true);
    const sessions = await t.db.selectFrom('sessions').select('id').where('user_id', 'in', [other.id, owner.id]).execute();
    expect(sessions).toHaveLength(2);
  });

  it('is the owner’s to manage, and an admin still manages everyone else', async () => {
    const other = await aUser(t.db, { admin: true });
    const member = await aUser(t.db);
    expect((await t.app.inject(as(owner, { method: 'DELETE', url: `/api/admin/users/${other.id}/sessions` }))).statusCode).toBe(
      200,
    );
    expect((await t.app.inject(as(admin, { method: 'DELETE', url: `/api/admin/users/${member.id}/sessions` }))).statusCode).toBe(
      200,
    );
    expect((await t.app.inject(as(owner, { method: 'DELETE', url: `/api/admin/users/${other.id}` }))).statusCode).toBe(200);
  });
});

describe('an admin-created handle for someone whose request awaits the owner', () => {
  it('is refused, pointing at the owner, and the request stays', async () => {
    const requester = await aUser(t.db, { name: 'Wanda Wants' });
    await aHandleRequest(t.db, requester, 'wanted-handle');
    const res = await t.app.inject(
      as(admin, {
        method: 'POST',
        url: '/api/admin/handles',
        payload: { handle: 'someone-else', email: requester.email, displayName: 'Given Away' },
      }),
    );
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(HANDLE_REQUEST_MESSAGES.pendingRequest);
    const request = await t.db
      .selectFrom('handle_requests')
      .select('handle')
      .where('user_id', '=', requester.id)
      .executeTakeFirst();
    expect(request?.handle).toBe('wanted-handle');
    expect(
      await t.db.selectFrom('handles').select('handle').where('user_id', '=', requester.id).executeTakeFirst(),
    ).toBeUndefined();
  });
});
