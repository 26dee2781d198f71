import { type DB, prepared } from '../../plugins/db';

/** All SQL of handles: the handles table (the authority on ownership) and handle requests. */
export function handlesRepository(db: DB) {
  return {
    async handleOfUser(userId: string): Promise<string | null> {
      const row = await db.selectFrom('handles').select('handle').where('user_id', '=', userId).executeTakeFirst();
      return row?.handle ?? null;
    },

    /** Who holds a handle, with the holder's public name; undefined when no one does. */
    async holder(handle: string): Promise<{ handle: string; userId: string; displayName: string } | undefined> {
      return db
        .selectFrom('handles as h')
        .innerJoin('users as u', 'u.id', 'h.user_id')
        .select(['h.handle', 'h.user_id as userId', 'u.display_name as displayName'])
        .where('h.handle', '=', handle)
        .modifyEnd(prepared)
        .executeTakeFirst();
    },

    async isHeld(handle: string): Promise<boolean> {
      const row = await db.selectFrom('handles').select('handle').where('handle', '=', handle).executeTakeFirst();
      return row !== undefined;
    },

    /** When a hold on the handle ends, if one keeps it from `userId` now (docs/decisions/0170). */
    async heldFrom(handle: string, userId: string | null, now: number): Promise<number | null> {
      const row = await db
        .selectFrom('handle_holds')
        .select('held_until')
        .where('handle', '=', handle)
        .where('held_until', '>', now)
        .$if(userId !== null, (q) => q.where('former_user_id', '<>', userId!))
        .executeTakeFirst();
      return row ? Number(row.held_until) : null;
    },

    /** Handles held now, the soonest free first (the owner's handles page). */
    async listHolds(now: number): Promise<Array<{ handle: string; heldUntil: number }>> {
      const rows = await db
        .selectFrom('handle_holds')
        .select(['handle', 'held_until'])
        .where('held_until', '>', now)
        .orderBy('held_until')
        .orderBy('handle')
        .execute();
      return rows.map((r) => ({ handle: r.handle, heldUntil: Number(r.held_until) }));
    },

    /** The handle is free to claim at once (the owner's override; a restore for its former holder). True when there was a hold. */
    async releaseHold(handle: string, formerUserId?: string): Promise<boolean> {
      const row = await db
        .deleteFrom('handle_holds')
        .where('handle', '=', handle)
        .$if(formerUserId !== undefined, (q) => q.where('former_user_id', '=', formerUserId!))
        .returning('handle')
        .executeTakeFirst();
      return row !== undefined;
    },

    async userByEmail(email: string): Promise<{ id: string; handle: string | null } | undefined> {
      return db
        .selectFrom('users as u')
        .leftJoin('handles as h', 'h.user_id', 'u.id')
        .select(['u.id', 'h.handle'])
        .where('u.email', '=', email)
        .executeTakeFirst();
    },

    /** Throws the database's unique violation when the handle (handles_pkey) or the user (handles_user_id_key) is taken. */
    async insertHandle(row: { handle: string; userId: string; now: number }): Promise<void> {
      await db.insertInto('handles').values({ handle: row.handle, user_id: row.userId, created_at: row.now }).execute();
    },

    async deleteHandle(handle: string): Promise<string | undefined> {
      const row = await db.deleteFrom('handles').where('handle', '=', handle).returning('user_id').executeTakeFirst();
      return row?.user_id;
    },

    /** The profile side of holding a handle: name and description as approved, earlier rejections forgotten. */
    async markHolder(
      userId: string,
      fields: { displayName?: string; usageDescription?: string; invitedBy?: string | null },
    ): Promise<void> {
      await db
        .updateTable('users')
        .set({
          rejected: false,
          handle_revoked: false,
          ...(fields.displayName ? { display_name: fields.displayName } : {}),
          ...(fields.usageDescription ? { usage_description: fields.usageDescription } : {}),
          ...(fields.invitedBy ? { invited_by: fields.invitedBy } : {}),
        })
        .where('id', '=', userId)
        .execute();
    },

    async markRejected(userId: string): Promise<void> {
      await db.updateTable('users').set({ rejected: true }).where('id', '=', userId).execute();
    },

    async markRevoked(userId: string): Promise<void> {
      await db
        .updateTable('users')
        .set({ handle_revoked: true, handle_removed_notice_seen: false })
        .where('id', '=', userId)
        .execute();
    },

    /** True while a removed handle's holder has not acknowledged the dashboard's notice. */
    async removedNoticePending(userId: string): Promise<boolean> {
      const row = await db
        .selectFrom('users')
        .select('id')
        .where('id', '=', userId)
        .where('handle_revoked', '=', true)
        .where('handle_removed_notice_seen', '=', false)
        .executeTakeFirst();
      return row !== undefined;
    },

    async acknowledgeRemovedNotice(userId: string): Promise<void> {
      await db.updateTable('users').set({ handle_removed_notice_seen: true }).where('id', '=', userId).execute();
    },

    /** A profile for an email nobody has signed in with yet; the first sign-in with it claims the profile. */
    async insertAdminCreatedUser(row: {
      email: string;
      displayName: string;
      invitedBy: string;
      now: number;
    }): Promise<string | undefined> {
      const created = await db
        .insertInto('users')
        .values({
          email: row.email,
          display_name: row.displayName,
          admin_created: true,
          invited_by: row.invitedBy,
          created_at: row.now,
        })
        .onConflict((oc) => oc.column('email').doNothing())
        .returning('id')
        .executeTakeFirst();
      return created?.id;
    },

    async request(userId: string) {
      return db
        .selectFrom('handle_requests')
        .select(['user_id', 'email', 'handle', 'display_name', 'usage_description', 'created_at'])
        .where('user_id', '=', userId)
        .executeTakeFirst();
    },

    /** The request, locked until the transaction ends so two approvals of it cannot both run. */
    async lockRequest(userId: string) {
      return db
        .selectFrom('handle_requests')
        .select(['user_id', 'email', 'handle', 'display_name', 'usage_description', 'created_at'])
        .where('user_id', '=', userId)
        .forUpdate()
        .executeTakeFirst();
    },

    /** Returns false when the user already has a request (one a user: the primary key). */
    async insertRequest(row: {
      userId: string;
      email: string;
      handle: string;
      displayName: string;
      usageDescription: string;
      now: number;
    }): Promise<boolean> {
      const inserted = await db
        .insertInto('handle_requests')
        .values({
          user_id: row.userId,
          email: row.email,
          handle: row.handle,
          display_name: row.displayName,
          usage_description: row.usageDescription,
          created_at: row.now,
        })
        .onConflict((oc) => oc.column('user_id').doNothing())
        .returning('user_id')
        .executeTakeFirst();
      return inserted !== undefined;
    },

    async deleteRequest(userId: string): Promise<boolean> {
      const row = await db.deleteFrom('handle_requests').where('user_id', '=', userId).returning('user_id').executeTakeFirst();
      return row !== undefined;
    },

    async listRequests() {
      return db
        .selectFrom('handle_requests as r')
        .innerJoin('users as u', 'u.id', 'r.user_id')
        .select([
          'r.user_id as userId',
          'u.email',
          'r.handle',
          'r.display_name as displayName',
          'r.usage_description as usageDescription',
          'r.created_at as createdAt',
        ])
        .orderBy('r.created_at', 'asc')
        .orderBy('r.user_id')
        .execute();
    },

    async listHandles() {
      const rows = await db
        .selectFrom('handles as h')
        .innerJoin('users as u', 'u.id', 'h.user_id')
        .select([
          'h.handle',
          'h.user_id as userId',
          'u.email',
          'u.display_name as displayName',
          'u.admin_created as adminCreated',
          'u.oidc_subject as subject',
          'h.created_at as createdAt',
        ])
        .orderBy('h.handle')
        .execute();
      return rows.map(({ adminCreated, subject, ...row }) => ({ ...row, awaitingSignIn: adminCreated && subject === null }));
    },
  };
}
