import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestAppWithOwnerAndAdmin, signIn, type TestAppWithOwnerAndAdmin } from '../../../tests/fixtures/app';
import { aHandleRequest, aSessionFor, as, aUser, type TestUser } from '../../../tests/fixtures/factories';
import { holdEnded } from '../../../tests/fixtures/handle-holds';

let t: TestAppWithOwnerAndAdmin;
beforeAll(async () => {
  t = await buildTestAppWithOwnerAndAdmin();
});
afterAll(() => t.close());

const request = (user: TestUser | undefined, payload: unknown) =>
  t.app.inject(as(user, { method: 'POST', url: '/api/handle-requests', payload }));
const me = async (user: TestUser) => (await t.app.inject(as(user, { url: '/api/auth/me' }))).json().user;
const status = async (user: TestUser) => (await t.app.inject(as(user, { url: '/api/handle-status' }))).json();
const auditActions = async () =>
  (await t.app.inject(as(t.admin, { url: '/api/admin/audit-log' })))
    .json()
    .entries.map((e: { action: string; target: string }) => [e.action, e.target]);
const valid = { handle: 'fresh-farm', displayName: 'Fresh Farm', usageDescription: 'Our weekly vegetable price list' };

describe('requesting a handle (POST /api/handle-requests)', () => {
  it('asks visitors to sign in, before looking at the form', async () => {
    for (const payload of [valid, {}]) {
      const res = await request(undefined, payload);
      expect(res.statusCode).toBe(401);
      expect(res.json().message).toBe('Please sign in with Google to submit your request.');
    }
  });

  it.each([
    ['bad handle', 'Handle can only include lowercase letters, numbers, and hyphens.'],
    ['under_score', 'Handle can only include lowercase letters, numbers, and hyphens.'],
    ['admin', 'This handle is reserved. Please choose another.'],
    ['Support', 'This handle is reserved. Please choose another.'],
    ['dashboard', 'This handle is reserved. Please choose another.'],
    ['request-handle', 'This handle is reserved. Please choose another.'],
    ['a'.repeat(31), 'Handle can be at most 30 characters.'],
    ['   ', 'Handle is required.'],
  ])('refuses the handle %j: %s', async (handle, message) => {
    const user = await aUser(t.db);
    const res = await request(user, { ...valid, handle });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(message);
  });

  it('requires a display name and a usage description', async () => {
    const user = await aUser(t.db);
    expect((await request(user, { ...valid, displayName: '  ' })).json().message).toBe('Display name is required.');
    expect((await request(user, { ...valid, usageDescription: '' })).json().message).toBe(
      'Please tell us how you will use your handle.',
    );
  });

  it('stores the trimmed, lower-cased handle and shows it as pending', async () => {
    const user = await aUser(t.db);
    const res = await request(user, { ...valid, handle: '  Green-Grocer ' });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ handle: 'green-grocer', displayName: 'Fresh Farm' });
    expect(await status(user)).toMatchObject({
      status: 'requested',
      handle: null,
      handleRequest: { handle: 'green-grocer', usageDescription: valid.usageDescription },
    });
    expect((await me(user)).approved).toBe(false);
  });

  it('keeps one request a person', async () => {
    const user = await aUser(t.db);
    expect((await request(user, { ...valid, handle: 'first-try' })).statusCode).toBe(201);
    const again = await request(user, { ...valid, handle: 'second-try' });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('You have already requested a handle.');
  });

  it('refuses a handle someone holds, and a person who holds one', async () => {
    const holder = await aUser(t.db, { handle: 'held-handle' });
    const other = await aUser(t.db);
    const taken = await request(other, { ...valid, handle: 'Held-Handle' });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().message).toBe('This handle is already taken. Please choose another.');
    const has = await request(holder, { ...valid, handle: 'another-one' });
    expect(has.statusCode).toBe(409);
    expect(has.json().message).toBe('You already have a handle.');
  });

  it('lets two people request the same handle: a request does not hold it', async () => {
    const a = await aUser(t.db);
    const b = await aUser(t.db);
    expect((await request(a, { ...valid, handle: 'shared-wish' })).statusCode).toBe(201);
    expect((await request(b, { ...valid, handle: 'shared-wish' })).statusCode).toBe(201);
  });
});

describe('handle management (owner only)', () => {
  it('admits only the owner', async () => {
    const user = await aUser(t.db);
    const pending = await aUser(t.db);
    await aHandleRequest(t.db, pending, 'guarded');
    const calls = [
      { method: 'GET', url: '/api/admin/handles' },
      { method: 'POST', url: `/api/admin/handle-requests/${pending.id}/approve`, payload: {} },
      { method: 'POST', url: `/api/admin/handle-requests/${pending.id}/reject` },
      { method: 'DELETE', url: '/api/admin/handles/held-handle' },
    ];
    for (const call of calls) {
      expect((await t.app.inject(as(undefined, call))).statusCode).toBe(401);
      expect((await t.app.inject(as(user, call))).statusCode).toBe(403);
      const byAdmin = await t.app.inject(as(t.admin, call));
      expect(byAdmin.statusCode).toBe(403);
      expect(byAdmin.json().message).toBe('Only the owner account can do that.');
    }
    expect((await status(pending)).status).toBe('requested');
  });

  it('lists pending requests and all handles', async () => {
    const pending = await aUser(t.db, { email: 'listed@example.com' });
    await aHandleRequest(t.db, pending, 'listed', { usageDescription: 'Menus' });
    const res = await t.app.inject(as(t.owner, { url: '/api/admin/handles' }));
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.requests).toContainEqual(
      expect.objectContaining({ userId: pending.id, email: 'listed@example.com', handle: 'listed', usageDescription: 'Menus' }),
    );
    expect(body.handles).toContainEqual(expect.objectContaining({ handle: 'held-handle', awaitingSignIn: false }));
  });

  it('approves a request: the handle, approval and the request removed, recorded in the audit log', async () => {
    const user = await aUser(t.db, { name: 'Old Name' });
    await aHandleRequest(t.db, user, 'approved-one', { displayName: 'Approved One' });
    const res = await t.app.inject(
      as(t.owner, { method: 'POST', url: `/api/admin/handle-requests/${user.id}/approve`, payload: {} }),
    );
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ handle: 'approved-one' });
    expect(await me(user)).toMatchObject({ handle: 'approved-one', approved: true, displayName: 'Approved One' });
    expect(await status(user)).toMatchObject({ status: 'approved', handle: 'approved-one', handleRequest: null });
    expect(await auditActions()).toContainEqual(['handle-request.approve', '@approved-one']);
    const again = await t.app.inject(
      as(t.owner, { method: 'POST', url: `/api/admin/handle-requests/${user.id}/approve`, payload: {} }),
    );
    expect(again.statusCode).toBe(404);
    expect(again.json().message).toBe('Handle request not found.');
  });

  it('approves an edited handle with the leading @ stripped', async () => {
    const user = await aUser(t.db);
    await aHandleRequest(t.db, user, 'wanted');
    const res = await t.app.inject(
      as(t.owner, {
        method: 'POST',
        url: `/api/admin/handle-requests/${user.id}/approve`,
        payload: { handle: ' @Edited-Handle' },
      }),
    );
    expect(res.json()).toEqual({ handle: 'edited-handle' });
    expect((await me(user)).handle).toBe('edited-handle');
    const bad = await t.app.inject(
      as(t.owner, { method: 'POST', url: `/api/admin/handle-requests/${user.id}/approve`, payload: { handle: '@team' } }),
    );
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('This handle is reserved. Please choose another.');
  });

  it('refuses to approve a taken handle and keeps the request', async () => {
    const user = await aUser(t.db);
    await aHandleRequest(t.db, user, 'held-handle');
    const res = await t.app.inject(
      as(t.owner, { method: 'POST', url: `/api/admin/handle-requests/${user.id}/approve`, payload: {} }),
    );
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('This handle is already taken. Please choose another.');
    expect((await status(user)).status).toBe('requested');
  });

  it('refuses a second handle for a person who got one meanwhile', async () => {
    const user = await aUser(t.db, { handle: 'already-mine' });
    await aHandleRequest(t.db, user, 'a-second-one');
    const res = await t.app.inject(
      as(t.owner, { method: 'POST', url: `/api/admin/handle-requests/${user.id}/approve`, payload: {} }),
    );
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('This user already has a handle.');
  });

  it('rejects a request: removed, profile marked rejected', async () => {
    const user = await aUser(t.db);
    await aHandleRequest(t.db, user, 'not-this-time');
    const res = await t.app.inject(as(t.owner, { method: 'POST', url: `/api/admin/handle-requests/${user.id}/reject` }));
    expect(res.statusCode).toBe(200);
    expect(await status(user)).toMatchObject({ status: 'none', handleRequest: null });
    const profile = await t.db.selectFrom('users').select('rejected').where('id', '=', user.id).executeTakeFirstOrThrow();
    expect(profile.rejected).toBe(true);
    expect(await auditActions()).toContainEqual(['handle-request.reject', '@not-this-time']);
    expect(
      (await t.app.inject(as(t.owner, { method: 'POST', url: `/api/admin/handle-requests/${user.id}/reject` }))).statusCode,
    ).toBe(404);
  });

  it('answers a malformed request id with 400, not 500', async () => {
    const res = await t.app.inject(as(t.owner, { method: 'POST', url: '/api/admin/handle-requests/not-a-uuid/reject' }));
    expect(res.statusCode).toBe(400);
  });

  it('deletes a handle: record removed, profile not approved and marked revoked; the handle is free again after its hold', async () => {
    const user = await aUser(t.db, { handle: 'doomed' });
    const res = await t.app.inject(as(t.owner, { method: 'DELETE', url: '/api/admin/handles/Doomed' }));
    expect(res.statusCode).toBe(200);
    // Revoked: signed out everywhere; signed in again, they hold no handle.
    expect(await me(user)).toBeNull();
    expect(await me(await aSessionFor(t.db, user))).toMatchObject({ handle: null, approved: false });
    const profile = await t.db.selectFrom('users').select('handle_revoked').where('id', '=', user.id).executeTakeFirstOrThrow();
    expect(profile.handle_revoked).toBe(true);
    expect(await auditActions()).toContainEqual(['handle.delete', '@doomed']);
    const again = await t.app.inject(as(t.owner, { method: 'DELETE', url: '/api/admin/handles/doomed' }));
    expect(again.statusCode).toBe(404);
    expect(again.json().message).toBe('Handle not found.');
    // Held for someone else until its cooling-off period ends (holds.test.ts).
    expect((await request(await aUser(t.db), { ...valid, handle: 'doomed' })).statusCode).toBe(409);
    await holdEnded(t.db, 'doomed');
    expect((await request(await aUser(t.db), { ...valid, handle: 'doomed' })).statusCode).toBe(201);
  });
});

describe('admin-created handles (POST /api/admin/handles)', () => {
  const create = (user: TestUser | undefined, payload: unknown) =>
    t.app.inject(as(user, { method: 'POST', url: '/api/admin/handles', payload }));

  it('requires handle, email and display name', async () => {
    for (const payload of [
      {},
      { handle: 'x', email: 'x@example.com' },
      { handle: ' ', email: 'x@example.com', displayName: 'X' },
    ]) {
      const res = await create(t.admin, payload);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe('Handle, email, and display name are required.');
    }
    expect((await create(t.admin, { handle: 'ok-handle', email: 'nope', displayName: 'X' })).json().message).toBe(
      'Please enter a valid email address.',
    );
  });

  it('refuses a taken handle with the short message', async () => {
    const res = await create(t.admin, { handle: 'held-handle', email: 'someone@example.com', displayName: 'Someone' });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('This handle is already taken.');
  });

  it('makes an approved profile that the first sign-in with that email claims', async () => {
    const res = await create(t.admin, { handle: ' Corner-Bakery ', email: ' Baker@Example.COM ', displayName: 'Corner Bakery' });
    expect(res.statusCode).toBe(201);
    const { userId } = res.json();
    expect(res.json().handle).toBe('corner-bakery');
    const list = (await t.app.inject(as(t.owner, { url: '/api/admin/handles' }))).json();
    expect(list.handles).toContainEqual(expect.objectContaining({ handle: 'corner-bakery', awaitingSignIn: true }));
    expect(await auditActions()).toContainEqual(['handle.create', '@corner-bakery']);

    const cookie = await signIn(t.app, { email: 'BAKER@example.com', name: 'Provider Name' });
    const user = (await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie } })).json().user;
    expect(user).toMatchObject({
      id: userId,
      email: 'baker@example.com',
      handle: 'corner-bakery',
      approved: true,
      displayName: 'Corner Bakery',
    });
    const profiles = await t.db.selectFrom('users').select('id').where('email', '=', 'baker@example.com').execute();
    expect(profiles).toHaveLength(1);
    const after = (await t.app.inject(as(t.owner, { url: '/api/admin/handles' }))).json();
    expect(after.handles).toContainEqual(expect.objectContaining({ handle: 'corner-bakery', awaitingSignIn: false }));
  });

  it('gives the handle to a person already signed up with that email, once', async () => {
    // (With a pending handle request it is refused: server/modules/admin/owner-protection.test.ts.)
    const person = await aUser(t.db, { email: 'signed-up@example.com' });
    const res = await create(t.admin, { handle: 'given-handle', email: 'signed-up@example.com', displayName: 'Given' });
    expect(res.statusCode).toBe(201);
    expect(res.json().userId).toBe(person.id);
    expect(await status(person)).toMatchObject({ status: 'approved', handle: 'given-handle', handleRequest: null });
    const again = await create(t.admin, { handle: 'second-handle', email: 'signed-up@example.com', displayName: 'Given' });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('This user already has a handle.');
  });
});
