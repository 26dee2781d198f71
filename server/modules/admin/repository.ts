import type { AdminOverview, AdminUser, UserHandleState } from '../../../core/admin';
import type { UserRow } from '../../../db/schema';
import type { DB } from '../../plugins/db';

/** SQL LIKE pattern that matches `text` literally anywhere. */
const containing = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * All SQL of the admin area's own reads and writes: the overview counts and the users overview.
 * Every function runs on `db`, which is a transaction when the service opened one.
 */
export function adminRepository(db: DB) {
  return {
    async overview(): Promise<AdminOverview> {
      const row = await db
        .selectNoFrom((eb) => [
          eb.selectFrom('invite_requests').select(eb.fn.countAll<number>().as('n')).as('inviteRequests'),
          eb.selectFrom('invites').select(eb.fn.countAll<number>().as('n')).where('used', '=', false).as('pendingInvites'),
          eb.selectFrom('users').select(eb.fn.countAll<number>().as('n')).as('users'),
          eb.selectFrom('handle_requests').select(eb.fn.countAll<number>().as('n')).as('handleRequests'),
          eb
            .selectFrom('deleted_users')
            .select(eb.fn.countAll<number>().as('n'))
            .where('restored_at', 'is', null)
            .as('deletedUsers'),
        ])
        .executeTakeFirstOrThrow();
      return {
        inviteRequests: Number(row.inviteRequests),
        pendingInvites: Number(row.pendingInvites),
        users: Number(row.users),
        handleRequests: Number(row.handleRequests),
        deletedUsers: Number(row.deletedUsers),
      };
    },

    /** Newest first; `search` matches inside the email or the handle. */
    async users(search: string | undefined, limit: number): Promise<Omit<AdminUser, 'owner'>[]> {
      let query = db
        .selectFrom('users as u')
        .leftJoin('handles as h', 'h.user_id', 'u.id')
        .leftJoin('users as inviter', 'inviter.id', 'u.invited_by')
        .select((eb) => [
          'u.id',
          'u.email',
          'u.display_name as displayName',
          'h.handle',
          'u.admin',
          'u.admin_created as adminCreated',
          'u.rejected',
          'u.handle_revoked as handleRevoked',
          'u.oidc_subject as oidcSubject',
          'u.created_at as createdAt',
          'u.restored_at as restoredAt',
          eb
            .exists(eb.selectFrom('handle_requests as hr').select('hr.user_id').whereRef('hr.user_id', '=', 'u.id'))
            .as('requested'),
          eb.fn
            .coalesce(
              'inviter.email',
              eb
                .selectFrom('invites as i')
                .innerJoin('users as creator', 'creator.id', 'i.created_by')
                .select('creator.email')
                .whereRef('i.accepted_user_id', '=', 'u.id')
                .limit(1),
            )
            .as('invitedBy'),
        ])
        .orderBy('u.created_at', 'desc')
        .orderBy('u.id')
        .limit(limit);
      if (search) {
        const pattern = containing(search);
        query = query.where((eb) => eb.or([eb('u.email', 'like', pattern), eb('h.handle', 'like', pattern)]));
      }
      const rows = await query.execute();
      return rows.map((r) => {
        const state: UserHandleState = r.handle
          ? 'approved'
          : r.handleRevoked
            ? 'revoked'
            : r.rejected
              ? 'rejected'
              : r.requested
                ? 'requested'
                : 'none';
        return {
          id: r.id,
          email: r.email,
          displayName: r.displayName,
          handle: r.handle,
          state,
          admin: r.admin,
          adminCreated: r.adminCreated,
          signedIn: r.oidcSubject !== null,
          createdAt: r.createdAt,
          restoredAt: r.restoredAt,
          invitedBy: r.invitedBy ?? null,
        };
      });
    },

    /** The person an admin acts on, locked until the transaction ends. */
    async lockUser(id: string): Promise<Pick<UserRow, 'id' | 'email' | 'admin'> | undefined> {
      return db.selectFrom('users').select(['id', 'email', 'admin']).where('id', '=', id).forUpdate().executeTakeFirst();
    },

    async setAdmin(id: string, admin: boolean): Promise<boolean> {
      const result = await db.updateTable('users').set({ admin }).where('id', '=', id).executeTakeFirst();
      return result.numUpdatedRows > 0n;
    },
  };
}

export type AdminRepository = ReturnType<typeof adminRepository>;
