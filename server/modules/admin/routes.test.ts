import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_MESSAGES } from '../../../core/admin';
import { buildTestApp, type TestApp } from '../../../tests/fixtures/app';
import { aHandleRequest, anInvite, anInviteRequest, as, aUser, type TestUser } from '../../../tests/fixtures/factories';

let t: TestApp;
let admin: TestUser;
beforeAll(async () => {
  // The acting admin is also the owner: only the owner acts on other admins' accounts (issue 33).
  t = await buildTestApp({ ADMIN_EMAILS: 'config-admin@example.com', OWNER_EMAIL: 'boss@example.com' });
  admin = await aUser(t.db, { admin: true, email: 'boss@example.com' });
});
afterAll(() => t.close());

const get = (url: string) => t.app.inject(as(admin, { url }));

describe('GET /api/admin/overview', () => {
  it('counts invite requests, pending invites, users, handle requests and deleted users', async () => {
    const before = (await get('/api/admin/overview')).json();
    const asker = await aUser(t.db);
    await anInviteRequest(t.db, asker, 'wants-one');
    await aHandleRequest(t.db, asker, 'wants-two');
    await anInvite(t.db, { handle: 'pending-one', email: 'p1@example.com' });
    const accepter = await aUser(t.db);
    await anInvite(t.db, { handle: 'accepted-one', email: accepter.email, acceptedBy: accepter.id });
    const res = await get('/api/admin/overview');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      inviteRequests: before.inviteRequests + 1,
      pendingInvites: before.pendingInvites + 1,
      users: before.users + 2,
      handleRequests: before.handleRequests + 1,
      deletedUsers: before.deletedUsers,
    });
  });
});

describe('GET /api/admin/users', () => {
  it('lists each user with handle, state, admin flag, dates and who invited them', async () => {
    const owner = await aUser(t.db, { handle: 'fresh-farm', email: 'farm@example.com', name: 'Fresh Farm' });
    await anInvite(t.db, { handle: 'fresh-farm', email: owner.email, createdBy: admin.id, acceptedBy: owner.id });
    const rejected = await aUser(t.db, { email: 'rejected@example.com' });
    await t.db.updateTable('users').set({ rejected: true }).where('id', '=', rejected.id).execute();
    const revoked = await aUser(t.db, { email: 'revoked@example.com' });
    await t.db.updateTable('users').set({ handle_revoked: true }).where('id', '=', revoked.id).execute();
    const asker = await aUser(t.db, { email: 'asker@example.com' });
    await aHandleRequest(t.db, asker, 'asker');

    const { users, truncated } = (await get('/api/admin/users')).json();
    expect(truncated).toBe(false);
    const byEmail = (email: string) => users.find((u: { email: string }) => u.email === email);
    expect(byEmail('farm@example.com')).toMatchObject({
      id: owner.id,
      handle: 'fresh-farm',
      displayName: 'Fresh Farm',
      state: 'approved',
      admin: false,
      invitedBy: 'boss@example.com',
      restoredAt: null,
    });
    expect(byEmail('farm@example.com').createdAt).toBeGreaterThan(0);
    expect(byEmail('rejected@example.com').state).toBe('rejected');
    expect(byEmail('revoked@example.com').state).toBe('revoked');
    expect(byEmail('asker@example.com').state).toBe('requested');
    expect(byEmail('boss@example.com')).toMatchObject({ admin: true, state: 'none', invitedBy: null });
  });

  it('searches by handle or email, ignoring case, a leading @ and LIKE wildcards', async () => {
    await aUser(t.db, { handle: 'searchable-bakery', email: 'bread@example.com' });
    await aUser(t.db, { email: 'only_email@example.com' });
    const emails = async (q: string) =>
      (await get(`/api/admin/users?q=${encodeURIComponent(q)}`)).json().users.map((u: { email: string }) => u.email);
    expect(await emails('@Searchable')).toEqual(['bread@example.com']);
    expect(await emails('BREAD@')).toEqual(['bread@example.com']);
    expect(await emails('only_')).toEqual(['only_email@example.com']);
    expect(await emails('%')).toEqual([]);
  });
});

describe('PUT /api/admin/users/:id/admin', () => {
  const setAdmin = (who: TestUser, id: string, flag: boolean) =>
    t.app.inject(as(who, { method: 'PUT', url: `/api/admin/users/${id}/admin`, payload: { admin: flag } }));

  it('grants and removes the admin flag, and the log says who did it', async () => {
    const user = await aUser(t.db, { email: 'promoted@example.com' });
    expect((await setAdmin(admin, user.id, true)).json()).toEqual({ admin: true });
    expect((await t.app.inject(as(user, { url: '/api/admin/overview' }))).statusCode).toBe(200);
    expect((await setAdmin(admin, user.id, false)).json()).toEqual({ admin: false });
    expect((await t.app.inject(as(user, { url: '/api/admin/overview' }))).statusCode).toBe(403);
    const log = (await get('/api/admin/audit-log')).json();
    expect(
      log.entries
        .slice(0, 2)
        .map((e: { action: string; target: string; actorEmail: string }) => [e.action, e.target, e.actorEmail]),
    ).toEqual([
      ['user.admin-remove', 'promoted@example.com', 'boss@example.com'],
      ['user.admin-grant', 'promoted@example.com', 'boss@example.com'],
    ]);
  });

  it('will not remove your own flag, nor one that ADMIN_EMAILS would give back', async () => {
    const own = await setAdmin(admin, admin.id, false);
    expect(own.statusCode).toBe(400);
    expect(own.json().message).toBe(ADMIN_MESSAGES.cannotUnadminSelf);
    const configured = await aUser(t.db, { admin: true, email: 'config-admin@example.com' });
    const res = await setAdmin(admin, configured.id, false);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(ADMIN_MESSAGES.adminFromConfig);
  });

  it('answers 404 for an unknown user', async () => {
    const res = await setAdmin(admin, '7b0c5f9e-6a7e-4b8a-9d86-4a0f7f1c2d3e', true);
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe(ADMIN_MESSAGES.userNotFound);
  });
});
