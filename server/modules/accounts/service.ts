import { ACCOUNT_MESSAGES, BACKUP_KEEP_MS, type DeleteAccountResponse } from '../../../core/account';
import {
  ADMIN_MESSAGES,
  type BackupSummary,
  type DeletedUsersList,
  type DeleteUserResponse,
  type RestoreResponse,
} from '../../../core/admin';
import type { SessionUser } from '../../../core/api';
import type { UserRow } from '../../../db/schema';
import { badRequest, conflict, forbidden, isUniqueViolation, notFound } from '../../http-errors';
import type { DB } from '../../plugins/db';
import { recordAdminAction } from '../audit/service';
import { mailAccountDeleted, mailAccountRestored } from '../email/service';
import { alertRowsRepository } from './alert-rows';
import { type Backup, backupSchema, summarize } from './backup';
import { linkCheckRowsRepository } from './link-check-rows';
import { listContentsOf } from './list-contents-repository';
import { orderRowsRepository } from './order-rows';
import { purgeRepository } from './purge-repository';
import { pushRowsRepository } from './push-rows';
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

/** What a deletion removed, for the audit line and the answer. */
interface Removed {
  email: string;
  handle: string | null;
  summary: BackupSummary;
}

/**
 * Backs the person up, then removes them, inside `trx`. `check` sees the locked profile first (the
 * owner rule). Something outside the backup still pointing at them fails the foreign key: 409.
 */
async function removeWithBackup(
  trx: DB,
  userId: string,
  by: { deletedBy: string; selfDeleted: boolean },
  check: (profile: UserRow) => void,
  now = Date.now(),
): Promise<Removed> {
  const accounts = accountsRepository(trx);
  const profile = await accounts.lockUser(userId);
  if (!profile) throw notFound(ADMIN_MESSAGES.userNotFound);
  check(profile);
  const handle = (await accounts.handleOf(userId)) ?? null;
  const backup: Backup = {
    version: 1,
    profile,
    handle,
    posts: await accounts.postsOf(userId),
    lists: await accounts.listsOf(userId),
    removedPosts: await accounts.removedPostsOf(userId),
    linkChecks: await linkCheckRowsRepository(trx).linkChecksOf(userId),
    following: await accounts.followsBy(userId),
    followers: await accounts.followersOf(userId, handle?.handle ?? null),
    invites: await accounts.invitesOf(userId, profile.email),
    inviteRequest: (await accounts.inviteRequestOf(userId)) ?? null,
    handleRequest: (await accounts.handleRequestOf(userId)) ?? null,
    forms: await accounts.formsOf(userId),
    logo: await accounts.logoOf(userId),
    listContents: await listContentsOf(trx, userId),
    tradeRequests: await accounts.tradeRequestsOf(userId),
    orders: await orderRowsRepository(trx).ordersOf(userId),
    orderBlocks: await orderRowsRepository(trx).orderBlocksOf(userId),
    itemAlerts: await alertRowsRepository(trx).itemAlertsOf(userId),
    checkNowPresses: await alertRowsRepository(trx).checkNowPressesOf(userId),
    alertSettings: await pushRowsRepository(trx).alertSettingsOf(userId),
    pushSubscriptions: await pushRowsRepository(trx).pushSubscriptionsOf(userId),
    references: [],
  };
  await accounts.removeOwnRows(profile, handle?.handle ?? null);
  // Read once their own rows are gone: what points at them now is what must be pointed back (ADR 0089).
  backup.references = await accounts.referencesTo(userId);
  await accounts.saveBackup({ userId, backup, deletedBy: by.deletedBy, deletedAt: now, selfDeleted: by.selfDeleted });
  await accounts.removeProfile(userId);
  // They hear of it at the address they had (issue 31), with the day the backup is purged.
  await mailAccountDeleted(trx, {
    email: profile.email,
    displayName: profile.display_name,
    bySelf: by.selfDeleted,
    restorableUntil: now + BACKUP_KEEP_MS,
  });
  return { email: profile.email, handle: handle?.handle ?? null, summary: summarize(backup) };
}

export function accountsService(db: DB, { ownerEmail }: AccountsServiceOptions = {}) {
  const repo = accountsRepository(db);
  async function inTransaction<T>(work: (trx: DB) => Promise<T>): Promise<T> {
    try {
      return await db.transaction().execute(work);
    } catch (err) {
      if (isForeignKeyViolation(err)) {
        throw conflict('This user could not be deleted: other records still point to them. Nothing was removed.');
      }
      throw err;
    }
  }
  return {
    /**
     * One transaction: the backup is written first, then everything it holds is removed. Any
     * failure rolls back both, so there is never a half backup nor a half-deleted user.
     */
    async deleteUser(actor: SessionUser, userId: string): Promise<DeleteUserResponse> {
      if (userId === actor.id) throw badRequest(ADMIN_MESSAGES.cannotDeleteSelf);
      return inTransaction(async (trx) => {
        const removed = await removeWithBackup(trx, userId, { deletedBy: actor.id, selfDeleted: false }, (profile) => {
          if (profile.email === ownerEmail && !actor.owner) throw forbidden(ADMIN_MESSAGES.ownerOnly);
          // Only the owner deletes an admin (issue 33).
          if (profile.admin && !actor.owner) throw forbidden(ADMIN_MESSAGES.adminsOwnerOnly);
        });
        await recordAdminAction(trx, {
          actor,
          action: 'user.delete',
          target: removed.handle ? `@${removed.handle} (${removed.email})` : removed.email,
          details: { userId, ...removed.summary },
        });
        return { userId, summary: removed.summary };
      });
    },

    /**
     * The person deletes their own account (issue 15 §6), confirming with their email: the same
     * backup as an admin's deletion, restorable by an admin until the purge BACKUP_KEEP_DAYS later.
     */
    async deleteOwnAccount(user: SessionUser, confirmEmail: string, now = Date.now()): Promise<DeleteAccountResponse> {
      if (confirmEmail.trim().toLowerCase() !== user.email.toLowerCase()) throw badRequest(ACCOUNT_MESSAGES.confirmMismatch);
      if (user.owner || (ownerEmail !== undefined && user.email === ownerEmail))
        throw forbidden(ACCOUNT_MESSAGES.ownerCannotDelete);
      await inTransaction((trx) => removeWithBackup(trx, user.id, { deletedBy: user.id, selfDeleted: true }, () => {}, now));
      return { deleted: true, restorableUntil: now + BACKUP_KEEP_MS };
    },

    /**
     * Backups older than BACKUP_KEEP_DAYS are erased, with what the deleted person left in the email
     * tables (docs/decisions/0095). Safe to run in every process at once: it only deletes.
     */
    async purgeExpiredBackups(now = Date.now()): Promise<number> {
      return db.transaction().execute((trx) => purgeRepository(trx).purgeBackupsBefore(now - BACKUP_KEEP_MS));
    },

    async deletedUsers(): Promise<DeletedUsersList> {
      const rows = await repo.deletedUsers();
      return {
        deletedUsers: rows.map((r) => ({
          userId: r.userId,
          deletedAt: r.deletedAt,
          deletedBy: r.deletedBy,
          selfDeleted: r.selfDeleted,
          purgeAt: r.deletedAt + BACKUP_KEEP_MS,
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
        return await db.transaction().execute(async (trx) => {
          const restored = await restoreFromBackup(trx, actor, userId, overwrite);
          const name = await accountsRepository(trx).displayNameOf(restored.userId);
          if (name !== undefined) await mailAccountRestored(trx, { userId: restored.userId, displayName: name });
          return restored;
        });
      } catch (err) {
        // The person signed in again between our check and our insert.
        if (isUniqueViolation(err)) throw conflict(ADMIN_MESSAGES.restoreExists);
        throw err;
      }
    },
  };
}
