import type { HandleStatus } from '../../../core/handle';
import type { DB } from '../../plugins/db';
import { handlesService } from '../handles/service';
import { invitesService } from '../invites/service';

/**
 * Where a person stands on the way to a handle (spec 2, dashboard; spec 4, "Dashboard handle
 * status"): approved; a handle or invite request under review; an unused invite for their
 * email to confirm; or none.
 */
export async function handleStatus(db: DB, user: { id: string; email: string }): Promise<HandleStatus> {
  const handles = handlesService(db);
  const invites = invitesService(db);
  const [handle, handleRequest, inviteRequested, pendingInvite, removed] = await Promise.all([
    handles.handleOfUser(user.id),
    handles.requestOf(user.id),
    invites.hasInviteRequest(user.id),
    invites.unusedInviteForEmail(user.email.toLowerCase()),
    handles.removedNoticePending(user.id),
  ]);
  const status = handle
    ? 'approved'
    : handleRequest || inviteRequested
      ? 'requested'
      : pendingInvite
        ? 'pending-confirm'
        : 'none';
  return {
    status,
    handle,
    handleRequest,
    inviteRequested,
    pendingInvite: pendingInvite ?? null,
    handleRemoved: removed && handle === null,
  };
}

/** The person has read that their handle was removed: the dashboard stops saying it. */
export async function acknowledgeHandleRemoved(db: DB, user: { id: string }): Promise<void> {
  await handlesService(db).acknowledgeRemovedNotice(user.id);
}
