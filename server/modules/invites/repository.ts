import type { DB } from '../../plugins/db';

export interface NewInvite {
  handle: string;
  email: string;
  displayName: string;
  phone?: string | null;
  socials?: string | null;
  links?: string | null;
  description?: string | null;
  questions?: string | null;
  createdBy: string;
  now: number;
}

/** All SQL of invites and invite requests. */
export function invitesRepository(db: DB) {
  return {
    /** The invite, with the public name of the admin who made it (the invite page says who invited you). */
    async invite(handle: string) {
      return db
        .selectFrom('invites as i')
        .leftJoin('users as u', 'u.id', 'i.created_by')
        .select([
          'i.handle',
          'i.email',
          'i.display_name',
          'i.used',
          'i.accepted_user_id',
          'i.created_by',
          'u.display_name as invitedBy',
        ])
        .where('i.handle', '=', handle)
        .executeTakeFirst();
    },

    /** The invite, locked until the transaction ends: one acceptance at a time; with what it carries into the profile. */
    async lockInvite(handle: string) {
      return db
        .selectFrom('invites')
        .select([
          'handle',
          'email',
          'display_name',
          'used',
          'accepted_user_id',
          'created_by',
          'phone',
          'socials',
          'links',
          'description',
        ])
        .where('handle', '=', handle)
        .forUpdate()
        .executeTakeFirst();
    },

    async unusedInviteForEmail(email: string): Promise<{ handle: string } | undefined> {
      return db
        .selectFrom('invites')
        .select('handle')
        .where('email', '=', email)
        .where('used', '=', false)
        .orderBy('created_at', 'desc')
        .limit(1)
        .executeTakeFirst();
    },

    /** Throws the unique violation invites_pkey when an invite for the handle exists. */
    async insertInvite(row: NewInvite): Promise<void> {
      await db
        .insertInto('invites')
        .values({
          handle: row.handle,
          email: row.email,
          display_name: row.displayName,
          phone: row.phone ?? null,
          socials: row.socials ?? null,
          links: row.links ?? null,
          description: row.description ?? null,
          questions: row.questions ?? null,
          created_by: row.createdBy,
          created_at: row.now,
        })
        .execute();
    },

    /** A used invite whose handle its acceptor no longer holds: the record of who invited whom lives on in users.invited_by. */
    async deleteUsedInvite(handle: string): Promise<void> {
      await db.deleteFrom('invites').where('handle', '=', handle).where('used', '=', true).execute();
    },

    async markUsed(handle: string, userId: string, now: number): Promise<void> {
      await db
        .updateTable('invites')
        .set({ used: true, accepted_at: now, accepted_user_id: userId })
        .where('handle', '=', handle)
        .execute();
    },

    async setSent(handle: string, sent: boolean): Promise<boolean> {
      const row = await db
        .updateTable('invites')
        .set({ sent })
        .where('handle', '=', handle)
        .where('used', '=', false)
        .returning('handle')
        .executeTakeFirst();
      return row !== undefined;
    },

    async deleteUnusedInvite(handle: string) {
      return db
        .deleteFrom('invites')
        .where('handle', '=', handle)
        .where('used', '=', false)
        .returning(['handle', 'email'])
        .executeTakeFirst();
    },

    async pendingInvites() {
      return db
        .selectFrom('invites as i')
        .leftJoin('users as c', 'c.id', 'i.created_by')
        .select([
          'i.handle',
          'i.email',
          'i.display_name as displayName',
          'i.sent',
          'i.created_at as createdAt',
          'c.id as creatorId',
          'c.email as creatorEmail',
          'c.display_name as creatorName',
        ])
        .where('i.used', '=', false)
        .orderBy('i.created_at', 'desc')
        .orderBy('i.handle')
        .execute();
    },

    async counts(): Promise<{ pending: number; accepted: number; inviteRequests: number }> {
      const invites = await db
        .selectFrom('invites')
        .select((eb) => [
          eb.fn.countAll<string>().filterWhere('used', '=', false).as('pending'),
          eb.fn.countAll<string>().filterWhere('used', '=', true).as('accepted'),
        ])
        .executeTakeFirstOrThrow();
      const requests = await db
        .selectFrom('invite_requests')
        .select((eb) => eb.fn.countAll<string>().as('count'))
        .executeTakeFirstOrThrow();
      return { pending: Number(invites.pending), accepted: Number(invites.accepted), inviteRequests: Number(requests.count) };
    },

    async hasInviteRequest(userId: string): Promise<boolean> {
      const row = await db.selectFrom('invite_requests').select('user_id').where('user_id', '=', userId).executeTakeFirst();
      return row !== undefined;
    },

    /** Returns false when the user already has one (primary key on user_id). */
    async insertInviteRequest(row: {
      userId: string;
      email: string;
      name: string;
      handle: string;
      phone: string | null;
      description: string | null;
      socials: string | null;
      links: string | null;
      questions: string | null;
      now: number;
    }): Promise<boolean> {
      const inserted = await db
        .insertInto('invite_requests')
        .values({
          user_id: row.userId,
          email: row.email,
          name: row.name,
          handle: row.handle,
          phone: row.phone,
          description: row.description,
          socials: row.socials,
          links: row.links,
          questions: row.questions,
          created_at: row.now,
        })
        .onConflict((oc) => oc.column('user_id').doNothing())
        .returning('user_id')
        .executeTakeFirst();
      return inserted !== undefined;
    },

    async lockInviteRequest(userId: string) {
      return db.selectFrom('invite_requests').selectAll().where('user_id', '=', userId).forUpdate().executeTakeFirst();
    },

    async deleteInviteRequest(userId: string) {
      return db
        .deleteFrom('invite_requests')
        .where('user_id', '=', userId)
        .returning(['user_id', 'email', 'handle'])
        .executeTakeFirst();
    },

    async inviteRequests() {
      return db
        .selectFrom('invite_requests')
        .select([
          'user_id as userId',
          'name',
          'email',
          'handle',
          'phone',
          'description',
          'socials',
          'links',
          'questions',
          'created_at as createdAt',
        ])
        .orderBy('created_at', 'asc')
        .orderBy('user_id')
        .execute();
    },
  };
}
