import { ADMIN_MESSAGES, type DeletedUsersList, type DeleteUserResponse, type RestoreResponse } from '../../../core/admin';
import type { SessionUser } from '../../../core/api';
import { badRequest, conflict, forbidden, isUniqueViolation, notFound } from '../../http-errors';
import type { DB } from '../../plugins/db';
import { recordAdminAction } from '../audit/service';
import { handlesService } from '../handles/service';
import { type Backup, backupSchema, summarize } from './backup';
import { accountsRepository } from './repository';

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/** PostgreSQL's foreign_key_violation: something outside the backup still points at the user. */
const isForeignKeyViolation = (err: unknown) => (err as { code?: string } | null)?.code === '23503';

/**
 * A person's account as a whole: deleting them with a backup, listing the backups, restoring one.
 * Each is one transaction across the tables of several domains (docs/decisions/0082).
 */
export interface AccountsServiceOptions {
  /** OWNER_EMAIL: only the owner may delete the owner's account. */
  ownerEmail?: string | undefined;
}

export function accountsService(db: DB, { ownerEmail }: AccountsServiceOptions = {}) {
  const repo = accountsRepository(db);
  return {
    /**
     * One transaction: the backup is written first, then everything it holds is removed. Any
     * failure rolls back both, so there is never a half backup nor a half-deleted user.
     */
    async deleteUser(actor: SessionUser, userId: string): Promise<DeleteUserResponse> {
      if (userId === actor.id) throw badRequest(ADMIN_MESSAGES.cannotDeleteSelf);
      try {
        return await db.transaction().execute(async (trx) => {
          const accounts = accountsRepository(trx);
          const profile = await accounts.lockUser(userId);
          if (!profile) throw notFound(ADMIN_MESSAGES.userNotFound);
          if (profile.email === ownerEmail && !actor.owner) throw forbidden(ADMIN_MESSAGES.ownerOnly);
          const handle = (await accounts.handleOf(userId)) ?? null;
          const backup: Backup = {
            version: 1,
            profile,
            handle,
            posts: await accounts.postsOf(userId),
            following: await accounts.followsBy(userId),
            followers: await accounts.followersOf(userId, handle?.handle ?? null),
            invites: await accounts.invitesOf(userId, profile.email),
            inviteRequest: (await accounts.inviteRequestOf(userId)) ?? null,
            handleRequest: (await accounts.handleRequestOf(userId)) ?? null,
          };
          await accounts.saveBackup({ userId, backup, deletedBy: actor.id, deletedAt: Date.now() });
          await accounts.removeUser(profile, handle?.handle ?? null);
          const summary = summarize(backup);
          await recordAdminAction(trx, {
            actor,
            action: 'user.delete',
            target: handle ? `@${handle.handle} (${profile.email})` : profile.email,
            details: { userId, ...summary },
          });
          return { userId, summary };
        });
      } catch (err) {
        if (isForeignKeyViolation(err)) {
          throw conflict('This user could not be deleted: other records still point to them. Nothing was removed.');
        }
        throw err;
      }
    },

    async deletedUsers(): Promise<DeletedUsersList> {
      const rows = await repo.deletedUsers();
      return {
        deletedUsers: rows.map((r) => ({
          userId: r.userId,
          deletedAt: r.deletedAt,
          deletedBy: r.deletedBy,
          restoredAt: r.restoredAt,
          conflict: Boolean(r.conflict),
          summary: summarize(backupSchema.parse(r.backup)),
        })),
      };
    },

    /**
     * Brings back the profile (with restoredAt), the handle unless someone holds it now, the posts and
     * the follows the backup holds. When the person exists again (same id, email or sign-in), the
     * backup is written over that profile only with `overwrite`; their posts and follows since are kept.
     */
    async restore(actor: SessionUser, userId: string, overwrite: boolean): Promise<RestoreResponse> {
      try {
        return await db.transaction().execute(async (trx) => {
          const accounts = accountsRepository(trx);
          const stored = await accounts.lockBackup(userId);
          if (!stored) throw notFound(ADMIN_MESSAGES.backupNotFound);
          const backup = backupSchema.parse(stored.backup);
          const matches = await accounts.usersMatching(backup.profile);
          if (matches.length > 1) throw conflict(ADMIN_MESSAGES.restoreAmbiguous);
          const existing = matches[0];
          if (existing && !overwrite) throw conflict(ADMIN_MESSAGES.restoreExists);

          const now = Date.now();
          const profile = { ...backup.profile, restored_at: now };
          const targetId = existing?.id ?? profile.id;
          if (existing) await accounts.overwriteUser(existing.id, profile);
          else await accounts.insertUser(profile);

          const notes: string[] = [];
          let handle: string | null = null;
          if (backup.handle) {
            const wanted = backup.handle.handle;
            const holder = (await handlesService(trx).holder(wanted))?.userId;
            if (holder === targetId) handle = wanted;
            else if (holder) notes.push(`@${wanted} was taken by another user since, so the user is restored without a handle.`);
            else if (await accounts.insertHandle({ handle: wanted, userId: targetId, createdAt: backup.handle.created_at })) {
              handle = wanted;
            } else {
              const current = await accounts.handleOf(targetId);
              notes.push(`The user holds @${current?.handle ?? '?'} now, so @${wanted} was not brought back.`);
            }
          }

          const known = await accounts.postKeys(targetId);
          await accounts.insertPosts(
            targetId,
            backup.posts.filter((p) => !known.has(`${p.created_at} ${p.url}`)),
          );

          // The user's own follows come back as they were, even of a handle gone since: a follow outlives it.
          const following = backup.following.map((f) => ({ ...f, follower_id: targetId }));
          await accounts.insertFollows(following);

          let followers: typeof backup.followers = [];
          const ofHandle = backup.followers.filter((f) => f.handle === backup.handle?.handle);
          if (handle) {
            const liveUsers = await accounts.existingUsers(ofHandle.map((f) => f.follower_id));
            followers = ofHandle.filter((f) => liveUsers.has(f.follower_id));
            await accounts.insertFollows(followers.map((f) => ({ ...f, followed_user_id: targetId })));
            const goneUsers = ofHandle.length - followers.length;
            if (goneUsers > 0) {
              notes.push(
                `${plural(goneUsers, 'follower')} no longer exist${goneUsers === 1 ? 's' : ''} and could not be restored.`,
              );
            }
          } else if (ofHandle.length > 0) {
            notes.push(
              `${plural(ofHandle.length, 'follower')} of @${backup.handle?.handle} were not restored because the handle was not.`,
            );
          }

          await accounts.markRestored(userId, now);
          const result: RestoreResponse = {
            userId: targetId,
            handle,
            posts: backup.posts.length,
            following: following.length,
            followers: followers.length,
            notes,
          };
          await recordAdminAction(trx, {
            actor,
            action: 'user.restore',
            target: handle ? `@${handle} (${profile.email})` : profile.email,
            details: { ...result, overwrote: Boolean(existing) },
          });
          return result;
        });
      } catch (err) {
        // The person signed in again between our check and our insert.
        if (isUniqueViolation(err)) throw conflict(ADMIN_MESSAGES.restoreExists);
        throw err;
      }
    },
  };
}
