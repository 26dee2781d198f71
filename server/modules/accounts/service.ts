import { ADMIN_MESSAGES, type DeletedUsersList, type DeleteUserResponse, type RestoreResponse } from '../../../core/admin';
import type { SessionUser } from '../../../core/api';
import { badRequest, conflict, forbidden, isUniqueViolation, notFound } from '../../http-errors';
import type { DB } from '../../plugins/db';
import { recordAdminAction } from '../audit/service';
import { type Backup, backupSchema, summarize } from './backup';
import { accountsRepository } from './repository';
import { restoreFromBackup } from './restore';

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
            lists: await accounts.listsOf(userId),
            removedPosts: await accounts.removedPostsOf(userId),
            following: await accounts.followsBy(userId),
            followers: await accounts.followersOf(userId, handle?.handle ?? null),
            invites: await accounts.invitesOf(userId, profile.email),
            inviteRequest: (await accounts.inviteRequestOf(userId)) ?? null,
            handleRequest: (await accounts.handleRequestOf(userId)) ?? null,
            forms: await accounts.formsOf(userId),
            logo: await accounts.logoOf(userId),
            references: [],
          };
          await accounts.removeOwnRows(profile, handle?.handle ?? null);
          // Read once their own rows are gone: what points at them now is what must be pointed back (ADR 0089).
          backup.references = await accounts.referencesTo(userId);
          await accounts.saveBackup({ userId, backup, deletedBy: actor.id, deletedAt: Date.now() });
          await accounts.removeProfile(userId);
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
     * Brings the person back from their backup, row for row (restore.ts). When the person exists again
     * (same id, email or sign-in), only with `overwrite`; what they did since is kept.
     */
    async restore(actor: SessionUser, userId: string, overwrite: boolean): Promise<RestoreResponse> {
      try {
        return await db.transaction().execute((trx) => restoreFromBackup(trx, actor, userId, overwrite));
      } catch (err) {
        // The person signed in again between our check and our insert.
        if (isUniqueViolation(err)) throw conflict(ADMIN_MESSAGES.restoreExists);
        throw err;
      }
    },
  };
}
