import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT_MESSAGES, type AccountExport, BACKUP_KEEP_MS } from '../../../core/account';
import type { DeletedUsersList } from '../../../core/admin';
import { buildTestAppWithOwnerAndAdmin, type TestAppWithOwnerAndAdmin } from '../../../tests/fixtures/app';
import { anEmailTrail } from '../../../tests/fixtures/email-rows';
import {
  aChatForm,
  aFollow,
  aHandleRequest,
  anInvite,
  anInviteRequest,
  aPost,
  aSubmission,
  as,
  aUser,
  type TestUser,
} from '../../../tests/fixtures/factories';
import { anItemAlert, anOrder, anOrderBlock } from '../../../tests/fixtures/order-rows';
import { aPushSubscription, quietHours } from '../../../tests/fixtures/push-rows';
import { accountsService } from './service';

/**
 * A person's own account (issue 15 §6): "Download my data" and "Delete my account", and the purge
 * of deletion backups after 30 days.
 */
let t: TestAppWithOwnerAndAdmin;
beforeAll(async () => {
  t = await buildTestAppWithOwnerAndAdmin();
});
afterAll(() => t.close());

const exportOf = (user: TestUser | undefined) => t.app.inject(as(user, { url: '/api/account/export' }));
const deleteOwn = (user: TestUser | undefined, email: string) =>
  t.app.inject(as(user, { method: 'DELETE', url: '/api/account', payload: { email } }));
const me = async (user: TestUser) => (await t.app.inject(as(user, { url: '/api/auth/me' }))).json().user;
const deletedUsers = async () =>
  (await t.app.inject(as(t.admin, { url: '/api/admin/deleted-users' }))).json<DeletedUsersList>().deletedUsers;

describe('download my data', () => {
  it('is one JSON file with everything stored about the person, and nothing private about anyone else', async () => {
    const person = await aUser(t.db, { handle: 'export-farm', email: 'export-farm@example.com', name: 'Export Farm' });
    const friend = await aUser(t.db, { handle: 'export-friend', email: 'secret-friend@example.com' });
    const fan = await aUser(t.db, { email: 'secret-fan@example.com' });
    const menu = await aPost(t.db, person, {
      url: 'https://drive.google.com/export/menu',
      description: 'Menu',
      createdAt: 1_000,
    });
    const friendMenu = await aPost(t.db, friend, { url: 'https://drive.google.com/friend/menu' });
    // An order each way and an item alert (issue 40): theirs too, the other side named as the order page does.
    await anOrder(t.db, person, friend, friendMenu, { state: 'confirmed' });
    await anOrder(t.db, fan, person, menu);
    await anItemAlert(t.db, person, friendMenu.listId);
    // Blocks both ways (issue 40): the blocked buyer by name, the blocking supplier by handle.
    await anOrderBlock(t.db, person, fan);
    await anOrderBlock(t.db, friend, person);
    await aFollow(t.db, person, 'export-friend', 2_000);
    await aFollow(t.db, friend, 'export-farm', 3_000);
    await aFollow(t.db, fan, 'export-farm', 4_000);
    // A bell on the friend, quiet hours and a device for push (issue 41): the device without its address and keys.
    await t.db.updateTable('follows').set({ bell: 'lists', cadence: 'weekly' }).where('follower_id', '=', person.id).execute();
    await quietHours(t.db, person);
    await aPushSubscription(t.db, person);
    await anInvite(t.db, { handle: 'export-farm', email: person.email, createdBy: t.admin.id, acceptedBy: person.id });
    await anInviteRequest(t.db, person, 'export-farm');
    await aHandleRequest(t.db, person, 'export-farm-two');
    const form = await aChatForm(t.db, person, { title: 'Orders' });
    await aSubmission(t.db, form, { name: 'Rosa', order: 'Ten crates' }, 5_000);
    await anEmailTrail(t.db, person, 'export-farm');
    await t.db
      .insertInto('analytics_events')
      .values({ name: 'follow', path: '/export-friend', user_id: person.id, payload: JSON.stringify({}), created_at: 6_000 })
      .execute();

    const response = await exportOf(person);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('application/json');
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.headers['content-disposition']).toMatch(
      /^attachment; filename="freshlist-data-export-farm-\d{4}-\d{2}-\d{2}\.json"$/,
    );
    const data = response.json<AccountExport>();
    expect(data).toMatchObject({ format: 'freshlist-export', version: 1 });
    expect(data.profile).toMatchObject({ id: person.id, email: person.email, display_name: 'Export Farm' });
    expect(data.handle?.handle).toBe('export-farm');
    expect(data.posts).toEqual([expect.objectContaining({ url: 'https://drive.google.com/export/menu', description: 'Menu' })]);
    expect(data.lists).toEqual([expect.objectContaining({ id: data.posts[0]?.list_id })]);
    expect(data.removedPosts).toEqual([]);
    expect(data.following).toEqual([
      { handle: 'export-friend', followed_at: 2_000, bell: 'lists', move_percent: null, cadence: 'weekly' },
    ]);
    expect(data.quietHours).toEqual({
      quiet_start: 1320,
      quiet_end: 420,
      time_zone: 'Europe/Berlin',
      updated_at: 1_700_000_900_000,
    });
    expect(data.pushDevices).toEqual([{ pushService: 'push.example.com', created_at: 1_700_000_910_000 }]);
    expect(data.followers).toEqual({
      total: 2,
      withHandle: [{ handle: 'export-friend', followed_at: 3_000 }],
      othersCount: 1,
    });
    expect(data.invites).toEqual([expect.objectContaining({ handle: 'export-farm', email: person.email })]);
    expect(data.inviteRequest).toMatchObject({ handle: 'export-farm' });
    expect(data.handleRequest).toMatchObject({ handle: 'export-farm-two' });
    expect(data.forms).toEqual([
      expect.objectContaining({
        id: form,
        title: 'Orders',
        responses: [expect.objectContaining({ answers: { name: 'Rosa', order: 'Ten crates' }, submitted_at: 5_000 })],
      }),
    ]);
    expect(data.emailPreferences).toEqual({ listUpdates: 'weekly', formResponses: 'instant', notices: true });
    expect(data.emails).toEqual([expect.objectContaining({ kind: 'list-update', subject: 'New from @export-farm' })]);
    expect(data.sessions.length).toBe(1);
    expect(data.analyticsEvents).toEqual([expect.objectContaining({ name: 'follow', path: '/export-friend' })]);
    expect(data.adminActions).toEqual([]);
    expect(data.orders.sent).toEqual([
      expect.objectContaining({
        handle: 'export-friend',
        state: 'confirmed',
        lines: expect.arrayContaining([expect.objectContaining({ item: 'Tomatoes' })]),
      }),
    ]);
    expect(data.orders.received).toEqual([expect.objectContaining({ handle: 'export-farm', buyer_name: 'Ana', state: 'new' })]);
    expect(data.itemAlerts).toEqual([expect.objectContaining({ item: 'tomatoes', kind: 'under', threshold: '3' })]);
    expect(data.orderBlocks).toEqual({
      made: [{ buyer_name: fan.name, blocked_at: 1_700_000_990_000 }],
      received: [{ handle: 'export-friend', blocked_at: 1_700_000_990_000 }],
    });

    const text = response.body;
    for (const secret of [
      friend.email,
      fan.email,
      fan.id,
      friend.id,
      t.admin.id,
      'unsubscribe_token',
      '"p256dh"',
      '"auth"',
      '/send/',
    ]) {
      expect(text, secret).not.toContain(secret);
    }
    // Another person's file holds their own things only.
    const other = (await exportOf(fan)).json<AccountExport>();
    expect(other.profile.email).toBe(fan.email);
    expect(other.posts).toEqual([]);
    expect(other.following).toEqual([
      { handle: 'export-farm', followed_at: 4_000, bell: 'all', move_percent: null, cadence: null },
    ]);
    expect(other.quietHours).toBeNull();
    expect(other.pushDevices).toEqual([]);
  });

  it('needs a signed-in person', async () => {
    expect((await exportOf(undefined)).statusCode).toBe(401);
  });
});

describe('delete my account', () => {
  it('asks for the email first: a wrong one changes nothing', async () => {
    const person = await aUser(t.db, { handle: 'careful-cafe' });
    const response = await deleteOwn(person, 'someone-else@example.com');
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(ACCOUNT_MESSAGES.confirmMismatch);
    expect((await me(person))?.handle).toBe('careful-cafe');
  });

  it('removes the account with the admin backup, signs out, and an admin can restore it', async () => {
    const person = await aUser(t.db, { handle: 'leaving-deli', email: 'leaving-deli@example.com' });
    await aPost(t.db, person, { url: 'https://dropbox.com/leaving/menu' });
    const follower = await aUser(t.db);
    await aFollow(t.db, follower, 'leaving-deli');

    const response = await deleteOwn(person, '  Leaving-Deli@Example.com ');
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.deleted).toBe(true);
    expect(body.restorableUntil).toBeGreaterThan(Date.now() + BACKUP_KEEP_MS - 60_000);
    const cleared = response.cookies.find((c) => c.name === 'freshlist_session');
    expect(cleared?.value).toBe('');
    expect(await me(person)).toBeNull();
    expect(await t.db.selectFrom('users').select('id').where('id', '=', person.id).executeTakeFirst()).toBeUndefined();
    expect((await t.app.inject({ url: '/api/profiles/leaving-deli' })).statusCode).toBe(404);

    const entry = (await deletedUsers()).find((d) => d.userId === person.id);
    expect(entry).toMatchObject({ selfDeleted: true, deletedBy: null, restoredAt: null });
    expect(entry?.summary).toMatchObject({ email: person.email, handle: 'leaving-deli', posts: 1, followers: 1 });
    expect(entry?.purgeAt).toBe((entry?.deletedAt ?? 0) + BACKUP_KEEP_MS);

    const restored = await t.app.inject(
      as(t.admin, { method: 'POST', url: `/api/admin/deleted-users/${person.id}/restore`, payload: {} }),
    );
    expect(restored.statusCode).toBe(200);
    expect(restored.json()).toMatchObject({ userId: person.id, handle: 'leaving-deli', posts: 1, followers: 1 });
  });

  it('is refused to the owner account (OWNER_EMAIL), which reviews every handle request', async () => {
    const response = await deleteOwn(t.owner, t.owner.email);
    expect(response.statusCode).toBe(403);
    expect(response.json().message).toBe(ACCOUNT_MESSAGES.ownerCannotDelete);
    expect((await me(t.owner))?.email).toBe(t.owner.email);
  });

  it('rejects a body without the email with a clear 400', async () => {
    const person = await aUser(t.db);
    const response = await t.app.inject(as(person, { method: 'DELETE', url: '/api/account', payload: {} }));
    expect(response.statusCode).toBe(400);
    expect(typeof response.json().message).toBe('string');
    expect(await me(person)).not.toBeNull();
  });
});

describe('the purge of deletion backups', () => {
  it('erases backups older than 30 days with the person’s mail; newer ones and people who came back stay', async () => {
    const service = accountsService(t.db);
    const now = Date.now();
    const old = await aUser(t.db, { email: 'old-leaver@example.com' });
    await anEmailTrail(t.db, old, 'old-leaver');
    const unsubscribed = await aUser(t.db, { email: 'quiet-leaver@example.com' });
    await t.db
      .insertInto('email_preferences')
      .values({ email: unsubscribed.email, notices: false, unsubscribe_token: 'quiet-leaver-token', updated_at: 1 })
      .execute();
    const recent = await aUser(t.db, { email: 'recent-leaver@example.com' });
    await anEmailTrail(t.db, recent, 'recent-leaver');
    for (const person of [old, unsubscribed, recent]) expect((await deleteOwn(person, person.email)).statusCode).toBe(200);
    // Backdate two of the deletions past the 30 days.
    await t.db
      .updateTable('deleted_users')
      .set({ deleted_at: now - BACKUP_KEEP_MS - 1 })
      .where('user_id', 'in', [old.id, unsubscribed.id])
      .execute();

    expect(await service.purgeExpiredBackups(now)).toBe(2);
    const left = (await deletedUsers()).map((d) => d.userId);
    expect(left).toContain(recent.id);
    expect(left).not.toContain(old.id);
    expect(left).not.toContain(unsubscribed.id);
    const outbox = await t.db.selectFrom('email_outbox').select('user_id').execute();
    expect(outbox.map((r) => r.user_id)).not.toContain(old.id);
    expect(outbox.map((r) => r.user_id)).toContain(recent.id);
    const prefs = (await t.db.selectFrom('email_preferences').select('email').execute()).map((r) => r.email);
    expect(prefs).not.toContain(old.email);
    // An unsubscribe from notices stays: it keeps an admin's next invite from reaching the address.
    expect(prefs).toContain(unsubscribed.email);
    expect(prefs).toContain(recent.email);
    expect(await service.purgeExpiredBackups(now)).toBe(0);
  });
});
