import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_MESSAGES } from '../../../core/admin';
import { buildTestApp, signIn, type TestApp } from '../../../tests/fixtures/app';
import {
  aFollow,
  aHandleRequest,
  anInvite,
  anInviteRequest,
  aPost,
  as,
  aUser,
  pinUserAgainstDeletion,
  type TestUser,
} from '../../../tests/fixtures/factories';
import { holdEnded } from '../../../tests/fixtures/handle-holds';

let t: TestApp;
let admin: TestUser;
beforeAll(async () => {
  t = await buildTestApp();
  admin = await aUser(t.db, { admin: true, email: 'boss@example.com' });
});
afterAll(() => t.close());

/** Everything the product shows about a person, in a stable order, to compare before and after. */
async function snapshot(userId: string) {
  const profile = await t.db
    .selectFrom('users')
    .select([
      'id',
      'email',
      'display_name',
      'admin',
      'rejected',
      'handle_revoked',
      'admin_created',
      'phone',
      'description',
      'created_at',
    ])
    .where('id', '=', userId)
    .executeTakeFirst();
  const handle = await t.db
    .selectFrom('handles')
    .select(['handle', 'created_at'])
    .where('user_id', '=', userId)
    .executeTakeFirst();
  const posts = await t.db
    .selectFrom('posts')
    .select(['id', 'handle', 'url', 'description', 'created_at', 'open_count'])
    .where('user_id', '=', userId)
    .orderBy('created_at')
    .execute();
  const following = await t.db
    .selectFrom('follows')
    .select(['handle', 'followed_at'])
    .where('follower_id', '=', userId)
    .orderBy('handle')
    .execute();
  const followers = handle
    ? await t.db
        .selectFrom('follows')
        .select(['follower_id', 'followed_at'])
        .where('handle', '=', handle.handle)
        .orderBy('follower_id')
        .execute()
    : [];
  return { profile, handle, posts, following, followers };
}

const deleteUser = (id: string) => t.app.inject(as(admin, { method: 'DELETE', url: `/api/admin/users/${id}` }));
const restore = (id: string, overwrite?: boolean) =>
  t.app.inject(
    as(admin, {
      method: 'POST',
      url: `/api/admin/deleted-users/${id}/restore`,
      payload: overwrite === undefined ? {} : { overwrite },
    }),
  );

/** A handle owner with posts, followers, follows, and the invite and request that got them there. */
async function aBusyUser(handle: string) {
  const user = await aUser(t.db, { handle, email: `${handle}@example.com` });
  const other = await aUser(t.db, { handle: `${handle}-supplier` });
  const fan = await aUser(t.db);
  await aPost(t.db, user, { url: `https://drive.google.com/${handle}/menu`, description: 'Menu', createdAt: 1_700_000_000_000 });
  await aPost(t.db, user, { url: `https://dropbox.com/${handle}/prices`, description: 'Prices', createdAt: 1_700_000_100_000 });
  await aFollow(t.db, user, other.handle!, 1_700_000_200_000);
  await aFollow(t.db, fan, handle, 1_700_000_300_000);
  await aFollow(t.db, other, handle, 1_700_000_400_000);
  await anInvite(t.db, { handle, email: user.email, createdBy: admin.id, acceptedBy: user.id });
  await anInviteRequest(t.db, user, handle);
  return { user, other, fan };
}

describe('deleting a user', () => {
  it('stores the backup and removes the profile, handle, posts, follows, invite and requests', async () => {
    const { user } = await aBusyUser('green-grocer');
    const res = await deleteUser(user.id);
    expect(res.statusCode).toBe(200);
    expect(res.json().summary).toMatchObject({
      email: 'green-grocer@example.com',
      handle: 'green-grocer',
      posts: 2,
      following: 1,
      followers: 2,
      hasInvite: true,
      hasInviteRequest: true,
    });
    const after = await snapshot(user.id);
    expect(after).toEqual({ profile: undefined, handle: undefined, posts: [], following: [], followers: [] });
    expect(await t.db.selectFrom('invites').select('handle').where('handle', '=', 'green-grocer').execute()).toEqual([]);
    expect(await t.db.selectFrom('invite_requests').select('user_id').where('user_id', '=', user.id).execute()).toEqual([]);

    const list = (await t.app.inject(as(admin, { url: '/api/admin/deleted-users' }))).json();
    const entry = list.deletedUsers.find((d: { userId: string }) => d.userId === user.id);
    expect(entry).toMatchObject({ deletedBy: 'boss@example.com', restoredAt: null, conflict: false });
    expect(entry.summary.posts).toBe(2);
  });

  it('backs up a pending handle request, and signs the deleted person out', async () => {
    const user = await aUser(t.db);
    await aHandleRequest(t.db, user, 'hopeful');
    expect((await t.app.inject(as(user, { url: '/api/auth/me' }))).json().user.id).toBe(user.id);
    expect((await deleteUser(user.id)).json().summary).toMatchObject({ handle: null, posts: 0, hasHandleRequest: true });
    expect(await t.db.selectFrom('handle_requests').select('user_id').where('user_id', '=', user.id).execute()).toEqual([]);
    expect((await t.app.inject(as(user, { url: '/api/auth/me' }))).json().user).toBeNull();
  });

  it('removes nothing and keeps no half backup when a step fails midway', async () => {
    const { user } = await aBusyUser('pinned-farm');
    const before = await snapshot(user.id);
    await pinUserAgainstDeletion(t.db, user.id);

    const res = await deleteUser(user.id);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('This user could not be deleted: other records still point to them. Nothing was removed.');
    expect(await snapshot(user.id)).toEqual(before);
    expect(await t.db.selectFrom('invites').select('handle').where('handle', '=', 'pinned-farm').execute()).toHaveLength(1);
    expect(await t.db.selectFrom('deleted_users').select('user_id').where('user_id', '=', user.id).execute()).toEqual([]);
    const log = (await t.app.inject(as(admin, { url: '/api/admin/audit-log' }))).json();
    expect(log.entries.some((e: { target: string }) => e.target.includes('pinned-farm'))).toBe(false);
  });

  it('refuses to delete your own account, or someone unknown', async () => {
    const self = await deleteUser(admin.id);
    expect(self.statusCode).toBe(400);
    expect(self.json().message).toBe(ADMIN_MESSAGES.cannotDeleteSelf);
    const unknown = await deleteUser('7b0c5f9e-6a7e-4b8a-9d86-4a0f7f1c2d3e');
    expect(unknown.statusCode).toBe(404);
    expect((await deleteUser('not-a-uuid')).statusCode).toBe(400);
  });
});

describe('restoring a deleted user', () => {
  it('brings back the same profile, handle, posts and follows (round trip)', async () => {
    const { user } = await aBusyUser('round-trip');
    const before = await snapshot(user.id);
    expect(before.posts).toHaveLength(2);
    expect((await deleteUser(user.id)).statusCode).toBe(200);

    const res = await restore(user.id);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ userId: user.id, handle: 'round-trip', posts: 2, following: 1, followers: 2, notes: [] });
    expect(await snapshot(user.id)).toEqual(before);

    const restored = await t.db.selectFrom('users').select('restored_at').where('id', '=', user.id).executeTakeFirstOrThrow();
    expect(restored.restored_at).toBeGreaterThan(0);
    const list = (await t.app.inject(as(admin, { url: '/api/admin/deleted-users' }))).json();
    expect(list.deletedUsers.find((d: { userId: string }) => d.userId === user.id).restoredAt).toBe(restored.restored_at);
    const log = (await t.app.inject(as(admin, { url: '/api/admin/audit-log' }))).json();
    expect(log.entries.slice(0, 2).map((e: { action: string; target: string }) => [e.action, e.target])).toEqual([
      ['user.restore', '@round-trip (round-trip@example.com)'],
      ['user.delete', '@round-trip (round-trip@example.com)'],
    ]);
  });

  it('restores without the handle when someone took it since, and says so', async () => {
    const { user } = await aBusyUser('taken-since');
    await deleteUser(user.id);
    await holdEnded(t.db, 'taken-since');
    const taker = await aUser(t.db, { handle: 'taken-since' });
    await anInvite(t.db, { handle: 'taken-since', email: taker.email, acceptedBy: taker.id });

    const res = await restore(user.id);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ handle: null, posts: 2, following: 1, followers: 0 });
    expect(res.json().notes).toEqual([
      '@taken-since was taken by another user since, so the user is restored without a handle.',
      '2 followers of @taken-since were not restored because the handle was not.',
      '1 invite not restored: the handle has another invite now.',
    ]);
    expect((await snapshot(user.id)).handle).toBeUndefined();
  });

  it('asks for confirmation before overwriting a user who exists again, then keeps their new activity', async () => {
    const { user } = await aBusyUser('came-back');
    await deleteUser(user.id);
    // The person signs in again: a new profile with the same email.
    const cookie = await signIn(t.app, { email: 'came-back@example.com', name: 'New Name' });
    const me = (await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie } })).json().user;
    expect(me.id).not.toBe(user.id);

    const list = (await t.app.inject(as(admin, { url: '/api/admin/deleted-users' }))).json();
    expect(list.deletedUsers.find((d: { userId: string }) => d.userId === user.id).conflict).toBe(true);

    const refused = await restore(user.id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(ADMIN_MESSAGES.restoreExists);
    expect((await snapshot(me.id)).profile?.display_name).toBe('New Name');

    const res = await restore(user.id, true);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ userId: me.id, handle: 'came-back', posts: 2, followers: 2 });
    const after = await snapshot(me.id);
    expect(after.profile).toMatchObject({ email: 'came-back@example.com', display_name: user.name });
    expect(after.posts).toHaveLength(2);
    // Still the same session: the sign-in identity of the current profile is kept.
    expect((await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie } })).json().user.handle).toBe(
      'came-back',
    );
  });

  it('asks again when restoring a user who was already restored, and does not double their posts', async () => {
    const { user } = await aBusyUser('twice');
    await deleteUser(user.id);
    expect((await restore(user.id)).statusCode).toBe(200);
    expect((await restore(user.id)).statusCode).toBe(409);
    const again = await restore(user.id, true);
    expect(again.statusCode).toBe(200);
    // Its invite and invite request are there from the first restore: nothing is missing.
    expect(again.json().notes).toEqual([]);
    expect((await snapshot(user.id)).posts).toHaveLength(2);
  });

  it('brings back a follow of a handle deleted since, and says which followers are gone', async () => {
    const { user, other, fan } = await aBusyUser('outlived');
    await deleteUser(user.id);
    await t.db.deleteFrom('handles').where('user_id', '=', other.id).execute();
    await deleteUser(fan.id);

    const res = await restore(user.id);
    expect(res.json()).toMatchObject({ handle: 'outlived', following: 1, followers: 1 });
    expect(res.json().notes).toEqual(['1 follower no longer exists and could not be restored.']);
    const follow = await t.db
      .selectFrom('follows')
      .select(['handle', 'followed_user_id'])
      .where('follower_id', '=', user.id)
      .executeTakeFirstOrThrow();
    expect(follow).toEqual({ handle: 'outlived-supplier', followed_user_id: other.id });
  });

  it('restores a backup taken before ADR 0089 (no forms, no references, posts without upload keys)', async () => {
    const id = '5d1f0a52-3c0e-4f57-9a43-7a2b9b0c1e11';
    const inviter = await aUser(t.db);
    const fan = await aUser(t.db);
    const backup = {
      version: 1,
      profile: {
        id,
        email: 'old-backup@example.com',
        display_name: 'Old Backup',
        oidc_subject: null,
        admin: false,
        rejected: false,
        handle_revoked: false,
        admin_created: false,
        phone: null,
        socials: null,
        links: null,
        description: null,
        questions: null,
        usage_description: null,
        invited_by: inviter.id,
        created_at: 1_600_000_000_000,
        restored_at: null,
      },
      handle: { handle: 'old-backup', created_at: 1_600_000_000_000 },
      posts: [
        {
          id: 987_654,
          handle: 'old-backup',
          url: 'https://drive.google.com/old',
          description: 'Old',
          created_at: 1,
          open_count: 4,
        },
      ],
      following: [],
      followers: [{ follower_id: fan.id, handle: 'old-backup', followed_at: 2 }],
      invites: [],
      inviteRequest: null,
      handleRequest: null,
    };
    await t.db
      .insertInto('deleted_users')
      .values({ user_id: id, backup: JSON.stringify(backup), deleted_by: admin.id, deleted_at: 3 })
      .execute();

    const list = (await t.app.inject(as(admin, { url: '/api/admin/deleted-users' }))).json();
    expect(list.deletedUsers.find((d: { userId: string }) => d.userId === id).summary).toMatchObject({ posts: 1, forms: 0 });
    const res = await restore(id);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ userId: id, handle: 'old-backup', posts: 1, following: 0, followers: 1, notes: [] });
    const after = await snapshot(id);
    expect(after.profile).toMatchObject({ email: 'old-backup@example.com', display_name: 'Old Backup' });
    expect(after.posts).toEqual([
      {
        id: 987_654,
        handle: 'old-backup',
        url: 'https://drive.google.com/old',
        description: 'Old',
        created_at: 1,
        open_count: 4,
      },
    ]);
    expect(after.followers).toEqual([{ follower_id: fan.id, followed_at: 2 }]);
    const follow = await t.db
      .selectFrom('follows')
      .select('followed_user_id')
      .where('follower_id', '=', fan.id)
      .executeTakeFirst();
    expect(follow?.followed_user_id).toBe(id);
  });

  it('restores an invite request and a handle request, and keeps the ones made since when overwriting', async () => {
    const user = await aUser(t.db, { email: 'asker@example.com' });
    await anInviteRequest(t.db, user, 'asker-shop');
    await aHandleRequest(t.db, user, 'asker-deli');
    await deleteUser(user.id);
    expect((await restore(user.id)).json().notes).toEqual([]);
    const requests = async () => ({
      invite: await t.db.selectFrom('invite_requests').select('handle').where('user_id', '=', user.id).execute(),
      handle: await t.db.selectFrom('handle_requests').select('handle').where('user_id', '=', user.id).execute(),
    });
    expect(await requests()).toEqual({ invite: [{ handle: 'asker-shop' }], handle: [{ handle: 'asker-deli' }] });

    await deleteUser(user.id);
    const again = await aUser(t.db, { email: 'asker@example.com' });
    await anInviteRequest(t.db, again, 'asker-new');
    const res = await restore(user.id, true);
    expect(res.json().notes).toEqual(['The user has asked for an invite again since; that request is kept.']);
    expect(await t.db.selectFrom('invite_requests').select('handle').where('user_id', '=', again.id).execute()).toEqual([
      { handle: 'asker-new' },
    ]);
    expect(await t.db.selectFrom('handle_requests').select('handle').where('user_id', '=', again.id).execute()).toEqual([
      { handle: 'asker-deli' },
    ]);
  });

  it('answers 404 for an id without a backup', async () => {
    const res = await restore('7b0c5f9e-6a7e-4b8a-9d86-4a0f7f1c2d3e');
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe(ADMIN_MESSAGES.backupNotFound);
  });
});
