import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../tests/fixtures/app';
import { aHandleRequest, anInvite, anInviteRequest, as, aUser, type TestUser } from '../../../tests/fixtures/factories';
import { holdEnded } from '../../../tests/fixtures/handle-holds';

let t: TestApp;
let admin: TestUser;
beforeAll(async () => {
  t = await buildTestApp({ ADMIN_EMAILS: 'boss@example.com' });
  admin = await aUser(t.db, { admin: true, email: 'boss@example.com', name: 'The Boss' });
});
afterAll(() => t.close());

const me = async (user: TestUser) => (await t.app.inject(as(user, { url: '/api/auth/me' }))).json().user;
const status = async (user: TestUser) => (await t.app.inject(as(user, { url: '/api/handle-status' }))).json();
const view = (user: TestUser | undefined, handle: string) => t.app.inject(as(user, { url: `/api/invites/${handle}` }));
const accept = (user: TestUser | undefined, handle: string, payload: unknown = { displayName: 'Invited Name' }) =>
  t.app.inject(as(user, { method: 'POST', url: `/api/invites/${handle}/accept`, payload }));
const auditActions = async () =>
  (await t.app.inject(as(admin, { url: '/api/admin/audit-log' })))
    .json()
    .entries.map((e: { action: string; target: string }) => [e.action, e.target]);

describe('the invite page API (GET /api/invites/{handle})', () => {
  it('says the link is invalid or the invite missing', async () => {
    const user = await aUser(t.db);
    const invalid = await view(user, 'not%20a%20handle');
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().message).toBe('Invalid invite link.');
    const missing = await view(user, 'nobody-invited');
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe('Invite not found.');
  });

  it('asks visitors to sign in without telling them whom the invite is for', async () => {
    await anInvite(t.db, { handle: 'for-visitors', email: 'secret@example.com' });
    const res = await view(undefined, 'for-visitors');
    expect(res.json()).toEqual({ state: 'signed-out', handle: 'for-visitors', invitedBy: null });
    expect(res.body).not.toContain('secret');
  });

  it('tells a person signed in with another email, naming both (the invite email masked)', async () => {
    await anInvite(t.db, { handle: 'mismatched', email: 'anna@example.com' });
    const other = await aUser(t.db, { email: 'bob@example.com' });
    expect((await view(other, 'mismatched')).json()).toEqual({
      state: 'mismatch',
      handle: 'mismatched',
      inviteEmail: 'a•••@example.com',
      email: 'bob@example.com',
    });
  });

  it('is ready for the invited email, compared case-insensitively, with the proposed name', async () => {
    await anInvite(t.db, {
      handle: 'Ready-Invite'.toLowerCase(),
      email: 'Carla@Example.com',
      displayName: 'Carla Cafe',
      createdBy: admin.id,
    });
    const carla = await aUser(t.db, { email: 'carla@example.com' });
    expect((await view(carla, 'READY-INVITE')).json()).toEqual({
      state: 'ready',
      handle: 'ready-invite',
      email: 'carla@example.com',
      displayName: 'Carla Cafe',
      invitedBy: 'The Boss',
    });
    // Who invited them, by public name only, to a visitor too (#31); never the admin's email.
    const visitor = await view(undefined, 'ready-invite');
    expect(visitor.json()).toEqual({ state: 'signed-out', handle: 'ready-invite', invitedBy: 'The Boss' });
    expect(visitor.body).not.toContain('boss@example.com');
  });
});

describe('accepting an invite (POST /api/invites/{handle}/accept)', () => {
  it('asks visitors to sign in', async () => {
    const res = await accept(undefined, 'anything', {});
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toBe('Please sign in to accept this invite.');
  });

  it('requires a display name', async () => {
    const user = await aUser(t.db);
    const res = await accept(user, 'anything', { displayName: '   ' });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Display name cannot be empty.');
  });

  it('refuses another email', async () => {
    await anInvite(t.db, { handle: 'not-yours', email: 'dora@example.com' });
    const res = await accept(await aUser(t.db, { email: 'eve@example.com' }), 'not-yours');
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe('This invite is for d•••@example.com, but you are signed in as eve@example.com.');
    expect((await view(await aUser(t.db, { email: 'dora@example.com' }), 'not-yours')).json().state).toBe('ready');
  });

  it('gives the handle, approval and name, marks the invite used, and remembers who invited', async () => {
    await anInvite(t.db, { handle: 'fresh-fish', email: 'fay@example.com', createdBy: admin.id });
    const fay = await aUser(t.db, { email: 'fay@example.com', name: 'Fay' });
    await anInviteRequest(t.db, fay, 'fay-wish');
    expect((await status(fay)).status).toBe('requested');
    const res = await accept(fay, 'fresh-fish', { displayName: ' Fresh Fish Co ' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ handle: 'fresh-fish' });
    expect(await me(fay)).toMatchObject({ handle: 'fresh-fish', approved: true, displayName: 'Fresh Fish Co' });
    expect(await status(fay)).toMatchObject({ status: 'approved', inviteRequested: false, pendingInvite: null });
    const invite = await t.db.selectFrom('invites').selectAll().where('handle', '=', 'fresh-fish').executeTakeFirstOrThrow();
    expect(invite).toMatchObject({ used: true, accepted_user_id: fay.id });
    expect(invite.accepted_at).toBeGreaterThan(0);
    const profile = await t.db.selectFrom('users').select('invited_by').where('id', '=', fay.id).executeTakeFirstOrThrow();
    expect(profile.invited_by).toBe(admin.id);
    // The page after acceptance, for the acceptor and for anyone else.
    expect((await view(fay, 'fresh-fish')).json()).toEqual({ state: 'accepted', handle: 'fresh-fish' });
    expect((await accept(fay, 'fresh-fish')).statusCode).toBe(200);
    expect((await view(await aUser(t.db), 'fresh-fish')).statusCode).toBe(404);
    const pending = (await t.app.inject(as(admin, { url: '/api/admin/invites' }))).json();
    expect(pending.invites.map((i: { handle: string }) => i.handle)).not.toContain('fresh-fish');
    expect(pending.acceptedCount).toBeGreaterThanOrEqual(1);
  });

  it('refuses a handle someone else got first, and a person who already has one', async () => {
    await anInvite(t.db, { handle: 'raced', email: 'gil@example.com' });
    await aUser(t.db, { handle: 'raced' });
    const gil = await aUser(t.db, { email: 'gil@example.com' });
    const taken = await accept(gil, 'raced');
    expect(taken.statusCode).toBe(409);
    expect(taken.json().message).toBe('This handle is already taken. Please choose another.');

    await anInvite(t.db, { handle: 'second-handle', email: 'hal@example.com' });
    const hal = await aUser(t.db, { email: 'hal@example.com', handle: 'hal-first' });
    const has = await accept(hal, 'second-handle');
    expect(has.statusCode).toBe(409);
    expect(has.json().message).toBe('You already have a handle.');
  });
});

describe('the dashboard handle status (GET /api/handle-status)', () => {
  it('needs a signed-in person', async () => {
    expect((await t.app.inject({ url: '/api/handle-status' })).statusCode).toBe(401);
  });

  it('is none, then pending-confirm when an unused invite exists for the email', async () => {
    const ivy = await aUser(t.db, { email: 'ivy@example.com' });
    expect(await status(ivy)).toEqual({
      status: 'none',
      handle: null,
      handleRequest: null,
      inviteRequested: false,
      pendingInvite: null,
      handleRemoved: false,
    });
    await anInvite(t.db, { handle: 'ivy-greens', email: 'IVY@example.com' });
    expect(await status(ivy)).toMatchObject({ status: 'pending-confirm', pendingInvite: { handle: 'ivy-greens' } });
  });

  it('is requested while a handle request or an invite request exists, even with an invite waiting', async () => {
    const jo = await aUser(t.db, { email: 'jo@example.com' });
    await anInvite(t.db, { handle: 'jo-invite', email: 'jo@example.com' });
    await aHandleRequest(t.db, jo, 'jo-wish');
    expect((await status(jo)).status).toBe('requested');
    const kim = await aUser(t.db);
    await anInviteRequest(t.db, kim, 'kim-wish');
    expect(await status(kim)).toMatchObject({ status: 'requested', inviteRequested: true });
  });
});

describe('invite requests (POST /api/invite-requests)', () => {
  const submit = (user: TestUser | undefined, payload: unknown) =>
    t.app.inject(as(user, { method: 'POST', url: '/api/invite-requests', payload }));
  const valid = {
    name: 'Luca Deli',
    handle: 'luca-deli',
    description: 'An Italian deli',
    socials: '@lucadeli',
    links: 'More orders',
  };

  it('asks visitors to sign in', async () => {
    const res = await submit(undefined, valid);
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toBe('Please sign in with Google to submit your request.');
  });

  it('requires a name and a valid desired handle', async () => {
    const user = await aUser(t.db);
    expect((await submit(user, { ...valid, name: ' ' })).json().message).toBe('Name is required.');
    expect((await submit(user, { ...valid, handle: '' })).json().message).toBe('Handle is required.');
    expect((await submit(user, { ...valid, handle: 'help' })).json().message).toBe(
      'This handle is reserved. Please choose another.',
    );
    expect((await submit(user, { ...valid, handle: 'no spaces' })).json().message).toBe(
      'Handle can only include lowercase letters, numbers, and hyphens.',
    );
  });

  it('stores one request a person, with the signed-in email', async () => {
    const user = await aUser(t.db, { email: 'luca@example.com' });
    expect((await submit(user, { ...valid, handle: ' Luca-Deli ' })).statusCode).toBe(201);
    const again = await submit(user, valid);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('You have already requested a handle.');
    const list = (await t.app.inject(as(admin, { url: '/api/admin/invite-requests' }))).json();
    expect(list.requests).toContainEqual(
      expect.objectContaining({
        userId: user.id,
        email: 'luca@example.com',
        handle: 'luca-deli',
        name: 'Luca Deli',
        socials: '@lucadeli',
      }),
    );
  });

  it('refuses a taken handle and a person who has a handle', async () => {
    await aUser(t.db, { handle: 'taken-deli' });
    expect((await submit(await aUser(t.db), { ...valid, handle: 'taken-deli' })).json().message).toBe(
      'This handle is already taken. Please choose another.',
    );
    expect((await submit(await aUser(t.db, { handle: 'has-one' }), valid)).json().message).toBe('You already have a handle.');
  });
});

describe('admin: invites and invite requests', () => {
  const create = (user: TestUser | undefined, payload: unknown) =>
    t.app.inject(as(user, { method: 'POST', url: '/api/admin/invites', payload }));

  it('admits only admins', async () => {
    const user = await aUser(t.db);
    const calls = [
      { method: 'GET', url: '/api/admin/invites' },
      { method: 'POST', url: '/api/admin/invites', payload: { handle: 'x1', email: 'x@example.com', displayName: 'X' } },
      { method: 'PUT', url: '/api/admin/invites/x1/sent', payload: { sent: true } },
      { method: 'DELETE', url: '/api/admin/invites/x1' },
      { method: 'GET', url: '/api/admin/invite-requests' },
      { method: 'POST', url: `/api/admin/invite-requests/${user.id}/convert`, payload: {} },
      { method: 'DELETE', url: `/api/admin/invite-requests/${user.id}` },
    ];
    for (const call of calls) {
      expect((await t.app.inject(as(undefined, call))).statusCode).toBe(401);
      const res = await t.app.inject(as(user, call));
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe('Only admins can do that.');
    }
  });

  it('creates an invite: all fields required, handle and email normalised, taken and has-handle refused', async () => {
    for (const payload of [{}, { handle: 'x', email: 'x@example.com' }, { handle: 'x', email: ' ', displayName: 'X' }]) {
      expect((await create(admin, payload)).json().message).toBe('All fields are required.');
    }
    const res = await create(admin, { handle: ' Market-Stall ', email: ' Mia@Example.com ', displayName: ' Mia ' });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ handle: 'market-stall' });
    expect(await auditActions()).toContainEqual(['invite.create', '@market-stall']);

    const dup = await create(admin, { handle: 'market-stall', email: 'other@example.com', displayName: 'Other' });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().message).toBe('This handle is already taken.');
    await aUser(t.db, { handle: 'held-stall', email: 'nina@example.com' });
    expect((await create(admin, { handle: 'held-stall', email: 'x@example.com', displayName: 'X' })).json().message).toBe(
      'This handle is already taken.',
    );
    const has = await create(admin, { handle: 'nina-two', email: 'NINA@example.com', displayName: 'Nina' });
    expect(has.statusCode).toBe(409);
    expect(has.json().message).toBe('This user already has a handle. No invite needed.');

    const pending = (await t.app.inject(as(admin, { url: '/api/admin/invites' }))).json();
    expect(pending.invites).toContainEqual(
      expect.objectContaining({
        handle: 'market-stall',
        email: 'mia@example.com',
        displayName: 'Mia',
        sent: false,
        createdBy: { id: admin.id, email: 'boss@example.com', displayName: 'The Boss' },
      }),
    );
  });

  it('toggles sent both ways and deletes an unused invite', async () => {
    await anInvite(t.db, { handle: 'toggle-me', email: 'olga@example.com' });
    const sent = (value: boolean) =>
      t.app.inject(as(admin, { method: 'PUT', url: '/api/admin/invites/toggle-me/sent', payload: { sent: value } }));
    const sentOf = async () =>
      (await t.app.inject(as(admin, { url: '/api/admin/invites' })))
        .json()
        .invites.find((i: { handle: string }) => i.handle === 'toggle-me')?.sent;
    expect((await sent(true)).statusCode).toBe(200);
    expect(await sentOf()).toBe(true);
    expect((await sent(false)).statusCode).toBe(200);
    expect(await sentOf()).toBe(false);
    expect(await auditActions()).toContainEqual(['invite.sent', '@toggle-me']);

    expect((await t.app.inject(as(admin, { method: 'DELETE', url: '/api/admin/invites/toggle-me' }))).statusCode).toBe(200);
    expect(await sentOf()).toBeUndefined();
    expect(await auditActions()).toContainEqual(['invite.delete', '@toggle-me']);
    const again = await t.app.inject(as(admin, { method: 'DELETE', url: '/api/admin/invites/toggle-me' }));
    expect(again.statusCode).toBe(404);
    expect(again.json().message).toBe('Invite not found.');
  });

  it('lets a freed handle be invited again although its old invite was used', async () => {
    const first = await aUser(t.db, { email: 'uma@example.com', handle: 'freed-handle' });
    await anInvite(t.db, { handle: 'freed-handle', email: 'uma@example.com', acceptedBy: first.id });
    const taken = await create(admin, { handle: 'freed-handle', email: 'vic@example.com', displayName: 'Vic' });
    expect(taken.json().message).toBe('This handle is already taken.');
    await t.db.deleteFrom('handles').where('handle', '=', 'freed-handle').execute();
    // Held for a while after its release (migration 2300), then free.
    const held = await create(admin, { handle: 'freed-handle', email: 'vic@example.com', displayName: 'Vic' });
    expect([held.statusCode, held.json().message]).toEqual([409, expect.stringContaining('is held until')]);
    await holdEnded(t.db, 'freed-handle');
    const again = await create(admin, { handle: 'freed-handle', email: 'vic@example.com', displayName: 'Vic' });
    expect(again.statusCode).toBe(201);
    expect((await view(await aUser(t.db, { email: 'vic@example.com' }), 'freed-handle')).json().state).toBe('ready');
  });

  it('leaves used invites alone', async () => {
    await anInvite(t.db, {
      handle: 'used-one',
      email: 'pat@example.com',
      acceptedBy: (await aUser(t.db, { email: 'pat@example.com' })).id,
    });
    expect((await t.app.inject(as(admin, { method: 'DELETE', url: '/api/admin/invites/used-one' }))).statusCode).toBe(404);
    expect(
      (await t.app.inject(as(admin, { method: 'PUT', url: '/api/admin/invites/used-one/sent', payload: { sent: true } })))
        .statusCode,
    ).toBe(404);
  });

  it('converts an invite request into an unused, unsent invite and removes the request', async () => {
    const quinn = await aUser(t.db, { email: 'quinn@example.com' });
    await anInviteRequest(t.db, quinn, 'quinn-bakes', { name: 'Quinn Bakes', socials: '@quinnbakes' });
    const res = await t.app.inject(
      as(admin, { method: 'POST', url: `/api/admin/invite-requests/${quinn.id}/convert`, payload: {} }),
    );
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ handle: 'quinn-bakes' });
    const requests = (await t.app.inject(as(admin, { url: '/api/admin/invite-requests' }))).json().requests;
    expect(requests.map((r: { userId: string }) => r.userId)).not.toContain(quinn.id);
    const invite = await t.db.selectFrom('invites').selectAll().where('handle', '=', 'quinn-bakes').executeTakeFirstOrThrow();
    expect(invite).toMatchObject({
      email: 'quinn@example.com',
      display_name: 'Quinn Bakes',
      socials: '@quinnbakes',
      used: false,
      sent: false,
      created_by: admin.id,
    });
    expect(await status(quinn)).toMatchObject({ status: 'pending-confirm', pendingInvite: { handle: 'quinn-bakes' } });
    expect(await auditActions()).toContainEqual(['invite-request.convert', '@quinn-bakes']);
  });

  it('keeps the request when its handle was taken meanwhile, and converts with an edited handle', async () => {
    const rose = await aUser(t.db, { email: 'rose@example.com' });
    await anInviteRequest(t.db, rose, 'rose-taken');
    await aUser(t.db, { handle: 'rose-taken' });
    const url = `/api/admin/invite-requests/${rose.id}/convert`;
    const taken = await t.app.inject(as(admin, { method: 'POST', url, payload: {} }));
    expect(taken.statusCode).toBe(409);
    expect(taken.json().message).toBe('This handle is already taken.');
    const edited = await t.app.inject(as(admin, { method: 'POST', url, payload: { handle: '@Rose-Garden' } }));
    expect(edited.json()).toEqual({ handle: 'rose-garden' });
  });

  it('deletes an invite request', async () => {
    const sam = await aUser(t.db, { email: 'sam@example.com' });
    await anInviteRequest(t.db, sam, 'sam-wish');
    const url = `/api/admin/invite-requests/${sam.id}`;
    expect((await t.app.inject(as(admin, { method: 'DELETE', url }))).statusCode).toBe(200);
    expect((await status(sam)).status).toBe('none');
    expect(await auditActions()).toContainEqual(['invite-request.delete', 'sam@example.com']);
    const again = await t.app.inject(as(admin, { method: 'DELETE', url }));
    expect(again.statusCode).toBe(404);
    expect(again.json().message).toBe('Invite request not found.');
  });
});
