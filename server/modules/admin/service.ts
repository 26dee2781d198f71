import {
  ADMIN_MESSAGES,
  type AdminOverview,
  type EndSessionsResponse,
  USERS_PAGE_SIZE,
  type UsersList,
} from '../../../core/admin';
import type { SessionUser } from '../../../core/api';
import { badRequest, forbidden, notFound } from '../../http-errors';
import type { DB } from '../../plugins/db';
import { recordAdminAction } from '../audit/service';
import { endSessionsOf } from '../auth/service';
import { adminRepository } from './repository';

export interface AdminServiceOptions {
  /** ADMIN_EMAILS: their flag comes back at each sign-in, so the users page does not remove it. */
  adminEmails: readonly string[];
  /** OWNER_EMAIL: only the owner may act on admin accounts (remove a flag, end sessions). */
  ownerEmail?: string | undefined;
}

/** The admin area: overview counts and the users overview (search, admin flag, ending sessions). */
export function adminService(db: DB, { adminEmails, ownerEmail }: AdminServiceOptions) {
  const repo = adminRepository(db);
  return {
    overview(): Promise<AdminOverview> {
      return repo.overview();
    },

    async users(search: string | undefined): Promise<UsersList> {
      const q = search?.trim().toLowerCase().replace(/^@/, '') || undefined;
      const users = await repo.users(q, USERS_PAGE_SIZE + 1);
      return {
        users: users.slice(0, USERS_PAGE_SIZE).map((u) => ({ ...u, owner: ownerEmail !== undefined && u.email === ownerEmail })),
        truncated: users.length > USERS_PAGE_SIZE,
      };
    },

    async setAdmin(actor: SessionUser, userId: string, admin: boolean): Promise<{ admin: boolean }> {
      return db.transaction().execute(async (trx) => {
        const users = adminRepository(trx);
        const user = await users.lockUser(userId);
        if (!user) throw notFound(ADMIN_MESSAGES.userNotFound);
        if (user.admin === admin) return { admin };
        if (!admin && user.id === actor.id) throw badRequest(ADMIN_MESSAGES.cannotUnadminSelf);
        if (!admin && user.email === ownerEmail && !actor.owner) throw forbidden(ADMIN_MESSAGES.ownerOnly);
        // Only the owner acts on other admins (issue 33): one admin cannot strip or lock out another.
        if (!admin && !actor.owner) throw forbidden(ADMIN_MESSAGES.adminsOwnerOnly);
        if (!admin && adminEmails.includes(user.email)) throw badRequest(ADMIN_MESSAGES.adminFromConfig);
        await users.setAdmin(user.id, admin);
        await recordAdminAction(trx, {
          actor,
          action: admin ? 'user.admin-grant' : 'user.admin-remove',
          target: user.email,
          details: { userId: user.id },
        });
        return { admin };
      });
    },

    /** Signs the user out on every device: their next request is a visitor's. */
    async endSessions(actor: SessionUser, userId: string): Promise<EndSessionsResponse> {
      return db.transaction().execute(async (trx) => {
        const user = await adminRepository(trx).lockUser(userId);
        if (!user) throw notFound(ADMIN_MESSAGES.userNotFound);
        const protectedAccount = user.admin || user.email === ownerEmail;
        if (protectedAccount && user.id !== actor.id && !actor.owner) throw forbidden(ADMIN_MESSAGES.adminsOwnerOnly);
        const ended = await endSessionsOf(trx, user.id);
        await recordAdminAction(trx, { actor, action: 'user.sessions-end', target: user.email, details: { userId, ended } });
        return { ended };
      });
    },
  };
}
