import type { SessionUser } from '../../../core/api';
import { HANDLE_MESSAGES, HANDLE_REQUEST_MESSAGES } from '../../../core/handle';
import {
  type AdminHandleInput,
  INVITE_MESSAGES,
  type InviteRequestInput,
  type InviteRequestView,
  type InviteView,
  maskEmail,
  mismatchMessage,
  type PendingInvitesResponse,
  sameEmail,
} from '../../../core/invite';
import { conflict, forbidden, isUniqueViolation, notFound } from '../../http-errors';
import type { DB } from '../../plugins/db';
import { recordAdminAction } from '../audit/service';
import { mailInvite, mailInviteRequested } from '../email/service';
import { handlesService, translateHandleConflicts } from '../handles/service';
import { carryInviteIntoProfile } from '../profiles/service';
import { invitesRepository, type NewInvite } from './repository';

/** An admin acting; their public name signs the invites they send (#31). */
type Actor = Pick<SessionUser, 'id' | 'email'> & { displayName?: string };

/** Invites (admin-made, accepted by the invitee) and invite requests (the /request-invite form). */
export function invitesService(db: DB) {
  const repo = invitesRepository(db);

  /** Writes an invite in the caller's transaction after the checks of spec 5 ("Admin create invite"). */
  async function insertChecked(trx: DB, invite: NewInvite): Promise<void> {
    const handles = handlesService(trx);
    if (await handles.isHeld(invite.handle)) throw conflict(INVITE_MESSAGES.handleTaken);
    await handles.refuseHeld(invite.handle, null);
    if (await handles.emailHasHandle(invite.email)) throw conflict(INVITE_MESSAGES.userHasHandle);
    const tx = invitesRepository(trx);
    // The handle is free again (deleted by the owner): its old, used invite must not block a new one.
    await tx.deleteUsedInvite(invite.handle);
    try {
      await tx.insertInvite(invite);
    } catch (err) {
      // One invite a handle: the invites primary key.
      if (isUniqueViolation(err, 'invites_pkey')) throw conflict(INVITE_MESSAGES.handleTaken);
      throw err;
    }
  }

  return {
    /** What /invite/{handle} shows this viewer. A used invite is 'not found' to all but its acceptor. */
    async view(user: SessionUser | null, handle: string): Promise<InviteView> {
      const invite = await repo.invite(handle);
      if (!invite) throw notFound(INVITE_MESSAGES.notFound);
      if (invite.used) {
        if (user && invite.accepted_user_id === user.id) return { state: 'accepted', handle };
        throw notFound(INVITE_MESSAGES.notFound);
      }
      // Who invited them, by public name only (never an email); null when that admin is gone.
      const invitedBy = invite.invitedBy || null;
      if (!user) return { state: 'signed-out', handle, invitedBy };
      if (!sameEmail(invite.email, user.email)) {
        return { state: 'mismatch', handle, inviteEmail: maskEmail(invite.email), email: user.email };
      }
      return { state: 'ready', handle, email: user.email, displayName: invite.display_name, invitedBy };
    },

    /**
     * Accepts an invite in one transaction (spec 4): handle record, profile approved with the
     * chosen name and what the invite carries (issue 15 §3), invite marked used with acceptedAt and the user. The handle's primary key
     * decides a race with an approval or an admin-created handle.
     */
    async accept(user: SessionUser, handle: string, displayName: string): Promise<{ handle: string }> {
      return translateHandleConflicts(
        () =>
          db.transaction().execute(async (trx) => {
            const tx = invitesRepository(trx);
            const invite = await tx.lockInvite(handle);
            if (!invite) throw notFound(INVITE_MESSAGES.notFound);
            if (invite.used) {
              if (invite.accepted_user_id === user.id) return { handle };
              throw notFound(INVITE_MESSAGES.notFound);
            }
            if (!sameEmail(invite.email, user.email)) throw forbidden(mismatchMessage(maskEmail(invite.email), user.email));
            await handlesService(trx).claim(handle, user.id, { displayName, invitedBy: invite.created_by });
            await carryInviteIntoProfile(trx, user.id, invite);
            await tx.markUsed(handle, user.id, Date.now());
            await tx.deleteInviteRequest(user.id);
            return { handle };
          }),
        { handleTaken: HANDLE_MESSAGES.taken, userHasHandle: HANDLE_REQUEST_MESSAGES.alreadyHasHandle },
      );
    },

    async create(admin: Actor, input: AdminHandleInput): Promise<{ handle: string }> {
      await db.transaction().execute(async (trx) => {
        await insertChecked(trx, { ...input, createdBy: admin.id, now: Date.now() });
        await recordAdminAction(trx, {
          actor: admin,
          action: 'invite.create',
          target: `@${input.handle}`,
          details: { email: input.email },
        });
        await mailInvite(trx, {
          handle: input.handle,
          email: input.email,
          displayName: input.displayName,
          fromRequest: false,
          invitedBy: admin.displayName,
        });
      });
      return { handle: input.handle };
    },

    async pending(): Promise<PendingInvitesResponse> {
      const [rows, counts] = await Promise.all([repo.pendingInvites(), repo.counts()]);
      return {
        invites: rows.map(({ creatorId, creatorEmail, creatorName, ...invite }) => ({
          ...invite,
          createdBy: creatorId ? { id: creatorId, email: creatorEmail ?? '', displayName: creatorName ?? '' } : null,
        })),
        acceptedCount: counts.accepted,
      };
    },

    /** Counts for the admin dashboard. */
    counts: () => repo.counts(),

    async setSent(admin: Actor, handle: string, sent: boolean): Promise<void> {
      await db.transaction().execute(async (trx) => {
        if (!(await invitesRepository(trx).setSent(handle, sent))) throw notFound(INVITE_MESSAGES.notFound);
        await recordAdminAction(trx, { actor: admin, action: 'invite.sent', target: `@${handle}`, details: { sent } });
      });
    },

    /** The invite mail was delivered (the outbox worker says so). */
    async remove(admin: Actor, handle: string): Promise<void> {
      await db.transaction().execute(async (trx) => {
        const deleted = await invitesRepository(trx).deleteUnusedInvite(handle);
        if (!deleted) throw notFound(INVITE_MESSAGES.notFound);
        await recordAdminAction(trx, {
          actor: admin,
          action: 'invite.delete',
          target: `@${handle}`,
          details: { email: deleted.email },
        });
      });
    },

    unusedInviteForEmail: (email: string) => repo.unusedInviteForEmail(email),
    hasInviteRequest: (userId: string) => repo.hasInviteRequest(userId),

    async submitRequest(user: SessionUser, input: InviteRequestInput): Promise<void> {
      if (user.handle) throw conflict(HANDLE_REQUEST_MESSAGES.alreadyHasHandle);
      // Early feedback only: a request does not hold the handle.
      if (await handlesService(db).isHeld(input.handle)) throw conflict(HANDLE_MESSAGES.taken);
      await handlesService(db).refuseHeld(input.handle, user.id);
      const inserted = await db.transaction().execute(async (trx) => {
        const now = Date.now();
        const made = await invitesRepository(trx).insertInviteRequest({ ...input, userId: user.id, email: user.email, now });
        // Admins hear of it (issue 31); only when the request was made.
        if (made) await mailInviteRequested(trx, { name: input.name, email: user.email, handle: input.handle }, now);
        return made;
      });
      if (!inserted) throw conflict(INVITE_MESSAGES.alreadyRequested);
    },

    inviteRequests: (): Promise<InviteRequestView[]> => repo.inviteRequests(),

    /** Turns an invite request into an unused, unsent invite and removes the request, in one transaction. */
    async convertRequest(admin: Actor, userId: string, editedHandle?: string): Promise<{ handle: string }> {
      return db.transaction().execute(async (trx) => {
        const tx = invitesRepository(trx);
        const request = await tx.lockInviteRequest(userId);
        if (!request) throw notFound(INVITE_MESSAGES.inviteRequestNotFound);
        const handle = editedHandle ?? request.handle;
        await insertChecked(trx, {
          handle,
          email: request.email,
          displayName: request.name,
          phone: request.phone,
          socials: request.socials,
          links: request.links,
          description: request.description,
          questions: request.questions,
          createdBy: admin.id,
          now: Date.now(),
        });
        await tx.deleteInviteRequest(userId);
        await recordAdminAction(trx, {
          actor: admin,
          action: 'invite-request.convert',
          target: `@${handle}`,
          details: { userId, email: request.email },
        });
        await mailInvite(trx, {
          handle,
          email: request.email,
          displayName: request.name,
          fromRequest: true,
          invitedBy: admin.displayName,
        });
        return { handle };
      });
    },

    async deleteRequest(admin: Actor, userId: string): Promise<void> {
      await db.transaction().execute(async (trx) => {
        const deleted = await invitesRepository(trx).deleteInviteRequest(userId);
        if (!deleted) throw notFound(INVITE_MESSAGES.inviteRequestNotFound);
        await recordAdminAction(trx, {
          actor: admin,
          action: 'invite-request.delete',
          target: deleted.email,
          details: { userId, handle: deleted.handle },
        });
      });
    },
  };
}
