import { ADMIN_MESSAGES, type RestoreResponse } from '../../../core/admin';
import type { SessionUser } from '../../../core/api';
import { conflict, notFound } from '../../http-errors';
import type { DB } from '../../plugins/db';
import { recordAdminAction } from '../audit/service';
import { handlesService } from '../handles/service';
import { alertRowsRepository } from './alert-rows';
import { type Backup, backupSchema } from './backup';
import { linkCheckRowsRepository } from './link-check-rows';
import { restoreListContents } from './list-contents-repository';
import { orderRowsRepository } from './order-rows';
import { pushRowsRepository } from './push-rows';
import { restoreListsRepository } from './restore-lists-repository';
import { type RestoreRepository, restoreRepository } from './restore-repository';

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/**
 * Restores a deleted person inside the caller's transaction (docs/decisions/0051, 0089): the profile
 * (with restored_at), the handle unless someone holds it now, then every row the backup holds, with
 * the ids it had, and the references other rows had to the person. When the person exists again
 * (`overwrite`), it all lands on that profile and what they did since is kept. `notes` says in words
 * what could not come back.
 */
export async function restoreFromBackup(
  trx: DB,
  actor: SessionUser,
  userId: string,
  overwrite: boolean,
): Promise<RestoreResponse> {
  const repo = restoreRepository(trx);
  const stored = await repo.lockBackup(userId);
  if (!stored) throw notFound(ADMIN_MESSAGES.backupNotFound);
  const backup = backupSchema.parse(stored.backup);
  const matches = await repo.usersMatching(backup.profile);
  if (matches.length > 1) throw conflict(ADMIN_MESSAGES.restoreAmbiguous);
  const existing = matches[0];
  if (existing && !overwrite) throw conflict(ADMIN_MESSAGES.restoreExists);

  const now = Date.now();
  const targetId = existing?.id ?? backup.profile.id;
  const person = await peopleNamed(repo, backup, targetId);
  const profile = { ...backup.profile, invited_by: person(backup.profile.invited_by), restored_at: now };
  if (existing) await repo.overwriteUser(existing.id, profile);
  else await repo.insertUser(profile);

  const notes: string[] = [];
  const handle = await restoreHandle(trx, repo, backup, targetId, notes);

  // Lists before their posts (a post's key names its list); ids and slugs kept (ADR 0101).
  const lists = restoreListsRepository(trx);
  const renamed = await lists.insertLists(targetId, backup.lists);
  if (renamed > 0) notes.push(`${plural(renamed, 'list')} got a new address: the user has a list at the old one now.`);
  const known = await repo.postKeys(targetId);
  const posts = [];
  for (const post of backup.posts.filter((p) => !known.has(`${p.created_at} ${p.url}`))) {
    posts.push({ ...post, list_id: post.list_id ?? (await lists.listForLegacyPost(targetId, post)) });
  }
  await repo.insertPosts(targetId, posts);
  await lists.insertRemovedPosts(targetId, backup.removedPosts);
  await linkCheckRowsRepository(trx).insertLinkChecks(targetId, backup.linkChecks);
  await restoreListContents(trx, targetId, backup.listContents);

  // The user's own follows come back as they were, even of a handle gone since: a follow outlives it.
  const following = backup.following.map((f) => ({ ...f, follower_id: targetId }));
  await repo.insertFollows(following);
  const followers = await restoreFollowers(repo, backup, handle, person, targetId, notes);

  const formsTaken = await repo.insertForms(targetId, backup.forms);
  if (formsTaken > 0) notes.push(`${plural(formsTaken, 'chat form')} not restored: another form has the same id now.`);
  const invitesTaken = await repo.insertInvites(
    backup.invites.map((i) => ({ ...i, created_by: person(i.created_by), accepted_user_id: person(i.accepted_user_id) })),
  );
  if (invitesTaken > 0) notes.push(`${plural(invitesTaken, 'invite')} not restored: the handle has another invite now.`);
  if (backup.inviteRequest && !(await repo.insertRequest('invite_requests', { ...backup.inviteRequest, user_id: targetId }))) {
    notes.push('The user has asked for an invite again since; that request is kept.');
  }
  if (backup.handleRequest && !(await repo.insertRequest('handle_requests', { ...backup.handleRequest, user_id: targetId }))) {
    notes.push('The user has asked for a handle again since; that request is kept.');
  }
  if (backup.logo) await repo.insertLogo(targetId, backup.logo);
  await lists.insertTradeRequests(targetId, backup.profile.id, backup.tradeRequests);
  // Orders, alerts and presses after the lists they name (ids kept; a list gone since is forgotten).
  const orderRows = orderRowsRepository(trx);
  const ordersGone = await orderRows.insertOrders(targetId, backup.profile.id, backup.orders);
  await orderRows.insertOrderBlocks(targetId, backup.profile.id, backup.orderBlocks);
  if (ordersGone > 0) notes.push(`${plural(ordersGone, 'order')} not restored: the other side's account is gone.`);
  const alerts = alertRowsRepository(trx);
  const alertsOver = await alerts.insertItemAlerts(targetId, backup.itemAlerts);
  if (alertsOver > 0) notes.push(`${plural(alertsOver, 'item alert')} not restored: the user has 50 alerts now.`);
  await alerts.insertCheckNowPresses(targetId, backup.checkNowPresses);
  // Quiet hours, and the devices too (push-rows.ts says why): set again since, they are kept.
  const push = pushRowsRepository(trx);
  await push.insertAlertSettings(targetId, backup.alertSettings);
  await push.insertPushSubscriptions(targetId, backup.pushSubscriptions);
  await repo.restoreReferences(targetId, backup.references);

  await repo.markRestored(userId, now);
  const result: RestoreResponse = {
    userId: targetId,
    handle,
    posts: backup.posts.length,
    following: following.length,
    followers,
    notes,
  };
  await recordAdminAction(trx, {
    actor,
    action: 'user.restore',
    target: handle ? `@${handle} (${profile.email})` : profile.email,
    details: { ...result, forms: backup.forms.length - formsTaken, overwrote: Boolean(existing) },
  });
  return result;
}

/**
 * Maps a user id in the backup to the one to write: the person to where they land, anyone else to
 * themselves while they exist, or null when deleted since (what their deletion did to rows that stayed).
 */
async function peopleNamed(repo: RestoreRepository, backup: Backup, targetId: string) {
  const named = [
    backup.profile.invited_by,
    ...backup.invites.flatMap((i) => [i.created_by, i.accepted_user_id]),
    ...backup.followers.map((f) => f.follower_id),
  ].filter((id): id is string => id !== null && id !== backup.profile.id);
  const live = await repo.existingUsers([...new Set(named)]);
  return (id: string | null) => (id === backup.profile.id ? targetId : id !== null && live.has(id) ? id : null);
}

/** The handle comes back unless someone holds it now, or the user already holds another; the notes say which. */
async function restoreHandle(trx: DB, repo: RestoreRepository, backup: Backup, targetId: string, notes: string[]) {
  if (!backup.handle) return null;
  const wanted = backup.handle.handle;
  const holder = (await handlesService(trx).holder(wanted))?.userId;
  if (holder === targetId) return wanted;
  if (holder) {
    notes.push(`@${wanted} was taken by another user since, so the user is restored without a handle.`);
    return null;
  }
  // Their own hold (migration 2300) is for others: the person restored may have it back.
  await handlesService(trx).releaseHoldOf(wanted, backup.profile.id);
  if (await repo.insertHandle({ handle: wanted, userId: targetId, createdAt: backup.handle.created_at })) return wanted;
  const current = await repo.handleOf(targetId);
  notes.push(`The user holds @${current?.handle ?? '?'} now, so @${wanted} was not brought back.`);
  return null;
}

/**
 * Followers of the handle come back when the handle did and the follower still exists; follows of the
 * person under a handle they held before come back as they were (they count only while it is theirs).
 * Returns how many followers of the handle came back.
 */
async function restoreFollowers(
  repo: RestoreRepository,
  backup: Backup,
  handle: string | null,
  person: (id: string | null) => string | null,
  targetId: string,
  notes: string[],
): Promise<number> {
  // followed_user_id has no foreign key: an earlier holder of the handle stays named even when gone.
  const followed = (id: string | null) => (id === null || id === backup.profile.id ? targetId : id);
  const live = backup.followers
    .map((f) => ({ ...f, follower_id: person(f.follower_id), followed_user_id: followed(f.followed_user_id) }))
    .filter((f): f is typeof f & { follower_id: string } => f.follower_id !== null);
  const ofHandle = backup.followers.filter((f) => f.handle === backup.handle?.handle);
  const liveOfHandle = live.filter((f) => f.handle === backup.handle?.handle);
  const earlier = live.filter((f) => f.handle !== backup.handle?.handle);
  if (handle) {
    await repo.insertFollows([...liveOfHandle, ...earlier]);
    const gone = ofHandle.length - liveOfHandle.length;
    if (gone > 0) notes.push(`${plural(gone, 'follower')} no longer exist${gone === 1 ? 's' : ''} and could not be restored.`);
    return liveOfHandle.length;
  }
  await repo.insertFollows(earlier);
  if (ofHandle.length > 0) {
    notes.push(
      `${plural(ofHandle.length, 'follower')} of @${backup.handle?.handle} were not restored because the handle was not.`,
    );
  }
  return 0;
}
