import type { SessionUser } from '../../../core/api';
import {
  type AdminHandlesResponse,
  HANDLE_MESSAGES,
  HANDLE_REQUEST_MESSAGES,
  type HandleRequestInput,
  type HandleRequestView,
  holdEndDay,
} from '../../../core/handle';
import { type AdminHandleInput, INVITE_MESSAGES } from '../../../core/invite';
import { conflict, isUniqueViolation, notFound } from '../../http-errors';
import type { DB } from '../../plugins/db';
import { recordAdminAction } from '../audit/service';
import { endSessionsOf } from '../auth/service';
import { mailHandleDecision, mailHandleRemoved, mailHandleRequested } from '../email/service';
import { handlesRepository } from './repository';

type Actor = Pick<SessionUser, 'id' | 'email'>;

/** The name the database's refusal of a held handle carries (migration 2300). */
const HOLD_CONSTRAINT = 'handle_holds_cooling_off';

/**
 * Runs a write that creates a handle and turns the database's verdict into the product's words:
 * the handles primary key decides who wins a handle, its user_id key that a user holds one.
 */
export async function translateHandleConflicts<T>(
  work: () => Promise<T>,
  messages: { handleTaken: string; userHasHandle: string },
): Promise<T> {
  try {
    return await work();
  } catch (err) {
    if (isUniqueViolation(err, 'handles_pkey')) throw conflict(messages.handleTaken);
    if (isUniqueViolation(err, 'handles_user_id_key')) throw conflict(messages.userHasHandle);
    // A released handle in its cooling-off period (migration 2300, docs/decisions/0170).
    if (isUniqueViolation(err, HOLD_CONSTRAINT)) throw conflict(HANDLE_MESSAGES.held());
    throw err;
  }
}

/**
 * Handle ownership and handle requests. `db` may be a transaction: `claim` joins the caller's
 * transaction (invite acceptance); the other writes open their own.
 */
export function handlesService(db: DB) {
  const repo = handlesRepository(db);
  /**
   * Early, with the day it ends: refuses a handle released lately by someone other than `userId`
   * (null: anyone). The database refuses the claim itself all the same (docs/decisions/0170).
   */
  async function refuseHeld(handle: string, userId: string | null): Promise<void> {
    const until = await repo.heldFrom(handle, userId, Date.now());
    if (until !== null) throw conflict(HANDLE_MESSAGES.held(holdEndDay(until)));
  }
  return {
    handleOfUser: (userId: string) => repo.handleOfUser(userId),
    /** Who holds a handle (id and public name): the one place that answers it. */
    holder: (handle: string) => repo.holder(handle),
    /** An admin removed the person's handle and they have not yet been told (the dashboard says it once). */
    removedNoticePending: (userId: string) => repo.removedNoticePending(userId),
    acknowledgeRemovedNotice: (userId: string) => repo.acknowledgeRemovedNotice(userId),
    isHeld: (handle: string) => repo.isHeld(handle),

    refuseHeld,

    /** A restore brings a handle back to its former holder: their own hold does not stand in the way. */
    releaseHoldOf: (handle: string, formerUserId: string) => repo.releaseHold(handle, formerUserId),

    /** The owner's override (docs/decisions/0170): a held handle may be claimed at once; audited. */
    async releaseHold(owner: Actor, handle: string): Promise<void> {
      await db.transaction().execute(async (trx) => {
        if (!(await handlesRepository(trx).releaseHold(handle))) throw notFound(HANDLE_MESSAGES.notHeld);
        await recordAdminAction(trx, { actor: owner, action: 'handle.release-hold', target: `@${handle}`, details: {} });
      });
    },

    /** True when a profile with this email already holds a handle. */
    async emailHasHandle(email: string): Promise<boolean> {
      return Boolean((await repo.userByEmail(email))?.handle);
    },

    /**
     * Gives `userId` the handle within the caller's transaction. Throws the unique violation
     * when someone else holds it or the user already has one (see translateHandleConflicts).
     */
    async claim(
      handle: string,
      userId: string,
      fields: { displayName?: string; usageDescription?: string; invitedBy?: string | null } = {},
    ): Promise<void> {
      await repo.insertHandle({ handle, userId, now: Date.now() });
      await repo.markHolder(userId, fields);
      // A pending request is moot once the person holds a handle.
      await repo.deleteRequest(userId);
    },

    async requestOf(userId: string): Promise<HandleRequestView | null> {
      const row = await repo.request(userId);
      return row
        ? {
            handle: row.handle,
            displayName: row.display_name,
            usageDescription: row.usage_description,
            createdAt: row.created_at,
          }
        : null;
    },

    async submitRequest(user: SessionUser, input: HandleRequestInput): Promise<HandleRequestView> {
      if (await repo.handleOfUser(user.id)) throw conflict(HANDLE_REQUEST_MESSAGES.alreadyHasHandle);
      // Early feedback only: the request does not hold the handle; approval decides.
      if (await repo.isHeld(input.handle)) throw conflict(HANDLE_MESSAGES.taken);
      await refuseHeld(input.handle, user.id);
      const now = Date.now();
      const inserted = await db.transaction().execute(async (trx) => {
        const added = await handlesRepository(trx).insertRequest({ userId: user.id, email: user.email, ...input, now });
        if (added) await mailHandleRequested(trx, { ...input, email: user.email }, now);
        return added;
      });
      if (!inserted) throw conflict(HANDLE_REQUEST_MESSAGES.alreadyRequested);
      return { ...input, createdAt: now };
    },

    async listForOwner(): Promise<AdminHandlesResponse> {
      const [requests, handles, holds] = await Promise.all([repo.listRequests(), repo.listHandles(), repo.listHolds(Date.now())]);
      return { requests, handles, holds };
    },

    /** Approves a request (spec 4): handle record, profile approved, request removed, in one transaction. */
    async approve(owner: Actor, userId: string, editedHandle?: string): Promise<{ handle: string }> {
      return translateHandleConflicts(
        () =>
          db.transaction().execute(async (trx) => {
            const request = await handlesRepository(trx).lockRequest(userId);
            if (!request) throw notFound(HANDLE_REQUEST_MESSAGES.requestNotFound);
            const handle = editedHandle ?? request.handle;
            await handlesService(trx).refuseHeld(handle, userId);
            await handlesService(trx).claim(handle, userId, {
              displayName: request.display_name,
              usageDescription: request.usage_description,
            });
            await recordAdminAction(trx, {
              actor: owner,
              action: 'handle-request.approve',
              target: `@${handle}`,
              details: { userId, email: request.email, requested: request.handle },
            });
            await mailHandleDecision(trx, { approved: true, userId, handle, displayName: request.display_name });
            return { handle };
          }),
        { handleTaken: HANDLE_MESSAGES.taken, userHasHandle: HANDLE_REQUEST_MESSAGES.userAlreadyHasHandle },
      );
    },

    /** Rejects a request (spec 4): request removed, profile marked rejected; the mail carries the owner's reason, if any. */
    async reject(owner: Actor, userId: string, reason: string | null = null): Promise<void> {
      await db.transaction().execute(async (trx) => {
        const tx = handlesRepository(trx);
        const request = await tx.lockRequest(userId);
        if (!request) throw notFound(HANDLE_REQUEST_MESSAGES.requestNotFound);
        await tx.deleteRequest(userId);
        await tx.markRejected(userId);
        await recordAdminAction(trx, {
          actor: owner,
          action: 'handle-request.reject',
          target: `@${request.handle}`,
          details: { userId, email: request.email },
        });
        await mailHandleDecision(trx, {
          approved: false,
          userId,
          handle: request.handle,
          displayName: request.display_name,
          reason,
        });
      });
    },

    /**
     * Deletes a handle (spec 4): record removed, so the profile has none and is not approved; marked
     * revoked, and signed out everywhere (OWASP ASVS V7: a revoked account's sessions end).
     */
    async deleteHandle(owner: Actor, handle: string): Promise<void> {
      await db.transaction().execute(async (trx) => {
        const tx = handlesRepository(trx);
        const userId = await tx.deleteHandle(handle);
        if (!userId) throw notFound(HANDLE_REQUEST_MESSAGES.handleNotFound);
        await tx.markRevoked(userId);
        await endSessionsOf(trx, userId);
        await recordAdminAction(trx, { actor: owner, action: 'handle.delete', target: `@${handle}`, details: { userId } });
        await mailHandleRemoved(trx, { userId, handle });
      });
    },

    /**
     * An admin-created handle (spec 4): a profile for the email, approved with the handle, that the
     * first sign-in with that email claims. A person already signed up with that email gets the handle.
     */
    async createForEmail(admin: Actor, input: AdminHandleInput): Promise<{ handle: string; userId: string }> {
      return translateHandleConflicts(
        () =>
          db.transaction().execute(async (trx) => {
            const tx = handlesRepository(trx);
            let existing = await tx.userByEmail(input.email);
            let userId = existing?.id;
            if (!userId) {
              userId = await tx.insertAdminCreatedUser({
                email: input.email,
                displayName: input.displayName,
                invitedBy: admin.id,
                now: Date.now(),
              });
              // Someone signed up (or another admin created it) with this email a moment ago.
              if (!userId) existing = await tx.userByEmail(input.email);
            }
            if (existing?.handle) throw conflict(HANDLE_REQUEST_MESSAGES.userAlreadyHasHandle);
            // Granting a handle to someone whose request awaits the owner would go around the owner's review.
            if (existing && (await tx.request(existing.id))) throw conflict(HANDLE_REQUEST_MESSAGES.pendingRequest);
            userId ??= existing?.id;
            if (!userId) throw new Error('admin-created profile vanished');
            await handlesService(trx).refuseHeld(input.handle, userId);
            await handlesService(trx).claim(input.handle, userId, { displayName: input.displayName });
            await recordAdminAction(trx, {
              actor: admin,
              action: 'handle.create',
              target: `@${input.handle}`,
              details: { userId, email: input.email, existingProfile: Boolean(existing) },
            });
            return { handle: input.handle, userId };
          }),
        { handleTaken: INVITE_MESSAGES.handleTaken, userHasHandle: HANDLE_REQUEST_MESSAGES.userAlreadyHasHandle },
      );
    },

    /** Forgets a pending request (the person got a handle another way). */
    dropRequest: (userId: string) => repo.deleteRequest(userId),
  };
}
