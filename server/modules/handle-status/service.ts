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
  const [handle, handleRequest, inviteRequested, pendingInvite] = await Promise.all([
    handles.handleOfUser(user.id),
    handles.requestOf(user.id),
    invites.hasInviteRequest(user.id),
    invites.unusedInviteForEmail(user.email.toLowerCase()),
  ]);
  const status = handle
    ? 'approved'
    : handleRequest || inviteRequested
      ? 'requested'
      : pendingInvite
        ? 'pending-confirm'
        : 'none';
  return { status, handle, handleRequest, inviteRequested, pendingInvite: pendingInvite ?? null };
}
