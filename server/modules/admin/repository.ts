import { sql } from 'kysely';
import type { AdminOverview, AdminUser, UserHandleState } from '../../../core/admin';
import type { DB } from '../../plugins/db';

/** A users row as stored; the deletion backup keeps it whole. */
export interface UserRecord {
  id: string;
  email: string;
  display_name: string;
  oidc_subject: string | null;
  admin: boolean;
  rejected: boolean;
  handle_revoked: boolean;
  admin_created: boolean;
  phone: string | null;
  socials: string | null;
  links: string | null;
  description: string | null;
  questions: string | null;
  usage_description: string | null;
  invited_by: string | null;
  created_at: number;
  restored_at: number | null;
}

export interface PostRecord {
  id: number;
  handle: string;
  url: string;
  description: string;
  created_at: number;
  open_count: number;
}

/**
 * The spec's three upload queries (section 7) as the index check asks the planner about them. Fixed
 * text with a sample value: nothing a person types reaches it.
 */
export const INDEX_CHECK_SQL = {
  handle: "select id, url, description, created_at from posts where handle = 'sample-handle' order by created_at desc limit 5",
  uid: "select id, url, description, created_at from posts where user_id = '00000000-0000-0000-0000-000000000000' order by created_at desc limit 5",
  likes: 'select id, url, description, created_at from posts order by likes desc, created_at desc limit 5',
} as const;
export type IndexCheckQuery = keyof typeof INDEX_CHECK_SQL;

/** SQL LIKE pattern that matches `text` literally anywhere. */
const containing = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * All SQL of the admin area's own reads and writes (overview, users, deletion backups, index check).
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
    async users(search: string | undefined, limit: number): Promise<AdminUser[]> {
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

    async findUser(id: string): Promise<UserRecord | undefined> {
      return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
    },

    async setAdmin(id: string, admin: boolean): Promise<boolean> {
      const result = await db.updateTable('users').set({ admin }).where('id', '=', id).executeTakeFirst();
      return result.numUpdatedRows > 0n;
    },

    // Deletion: the reads that make the backup, then the removals.

    async lockUser(id: string): Promise<UserRecord | undefined> {
      return db.selectFrom('users').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
    },

    async handleOf(userId: string) {
      return db.selectFrom('handles').select(['handle', 'created_at']).where('user_id', '=', userId).executeTakeFirst();
    },

    async postsOf(userId: string): Promise<PostRecord[]> {
      const rows = await db
        .selectFrom('posts')
        .select(['id', 'handle', 'url', 'description', 'created_at', 'open_count'])
        .where('user_id', '=', userId)
        .orderBy('created_at')
        .orderBy('id')
        .execute();
      return rows.map((r) => ({ ...r, id: Number(r.id) }));
    },

    async followsBy(userId: string) {
      return db
        .selectFrom('follows')
        .select(['handle', 'followed_user_id', 'followed_at'])
        .where('follower_id', '=', userId)
        .orderBy('handle')
        .execute();
    },

    /** Follows of the person: of their handle now, or of them under a handle they held before. */
    async followersOf(userId: string, handle: string | null) {
      return db
        .selectFrom('follows')
        .select(['follower_id', 'handle', 'followed_at'])
        .where((eb) => eb.or([eb('followed_user_id', '=', userId), ...(handle ? [eb('handle', '=', handle)] : [])]))
        .orderBy('follower_id')
        .orderBy('handle')
        .execute();
    },

    /** The invites this person accepted or was sent (by email). */
    async invitesOf(userId: string, email: string) {
      return db
        .selectFrom('invites')
        .selectAll()
        .where((eb) => eb.or([eb('accepted_user_id', '=', userId), eb('email', '=', email)]))
        .orderBy('handle')
        .execute();
    },

    async inviteRequestOf(userId: string) {
      return db.selectFrom('invite_requests').selectAll().where('user_id', '=', userId).executeTakeFirst();
    },

    async handleRequestOf(userId: string) {
      return db.selectFrom('handle_requests').selectAll().where('user_id', '=', userId).executeTakeFirst();
    },

    /** One backup per user id: deleting a restored user again replaces the older backup. */
    async saveBackup(row: { userId: string; backup: object; deletedBy: string; deletedAt: number }): Promise<void> {
      const values = {
        user_id: row.userId,
        backup: JSON.stringify(row.backup),
        deleted_by: row.deletedBy,
        deleted_at: row.deletedAt,
        restored_at: null,
      };
      await db
        .insertInto('deleted_users')
        .values(values)
        .onConflict((oc) =>
          oc.column('user_id').doUpdateSet({
            backup: values.backup,
            deleted_by: values.deleted_by,
            deleted_at: values.deleted_at,
            restored_at: null,
          }),
        )
        .execute();
    },

    /** Removes the person and everything the backup holds; the order keeps each step's meaning plain. */
    async removeUser(user: { id: string; email: string }, handle: string | null): Promise<void> {
      await db
        .deleteFrom('follows')
        .where((eb) =>
          eb.or([
            eb('follower_id', '=', user.id),
            eb('followed_user_id', '=', user.id),
            ...(handle ? [eb('handle', '=', handle)] : []),
          ]),
        )
        .execute();
      await db.deleteFrom('posts').where('user_id', '=', user.id).execute();
      await db.deleteFrom('handles').where('user_id', '=', user.id).execute();
      await db
        .deleteFrom('invites')
        .where((eb) => eb.or([eb('accepted_user_id', '=', user.id), eb('email', '=', user.email)]))
        .execute();
      await db.deleteFrom('invite_requests').where('user_id', '=', user.id).execute();
      await db.deleteFrom('handle_requests').where('user_id', '=', user.id).execute();
      await db.deleteFrom('users').where('id', '=', user.id).execute();
    },

    // Deleted users and restore.

    async deletedUsers() {
      return db
        .selectFrom('deleted_users as d')
        .leftJoin('users as by', 'by.id', 'd.deleted_by')
        .select((eb) => [
          'd.user_id as userId',
          'd.backup',
          'd.deleted_at as deletedAt',
          'd.restored_at as restoredAt',
          'by.email as deletedBy',
          eb
            .exists(
              eb
                .selectFrom('users as u')
                .select('u.id')
                .where((w) =>
                  w.or([w('u.id', '=', w.ref('d.user_id')), w('u.email', '=', sql<string>`d.backup -> 'profile' ->> 'email'`)]),
                ),
            )
            .as('conflict'),
        ])
        .orderBy('d.deleted_at', 'desc')
        .execute();
    },

    async lockBackup(userId: string) {
      return db
        .selectFrom('deleted_users')
        .select(['backup', 'restored_at'])
        .where('user_id', '=', userId)
        .forUpdate()
        .executeTakeFirst();
    },

    /** Current users that are the backed-up person: the same id, email or provider identity. */
    async usersMatching(profile: { id: string; email: string; oidc_subject: string | null }) {
      return db
        .selectFrom('users')
        .select(['id'])
        .where((eb) =>
          eb.or([
            eb('id', '=', profile.id),
            eb('email', '=', profile.email),
            ...(profile.oidc_subject ? [eb('oidc_subject', '=', profile.oidc_subject)] : []),
          ]),
        )
        .forUpdate()
        .execute();
    },

    async insertUser(profile: UserRecord): Promise<void> {
      await db.insertInto('users').values(profile).execute();
    },

    /** Writes the backed-up profile over a current row, keeping that row's id and sign-in identity. */
    async overwriteUser(id: string, profile: UserRecord): Promise<void> {
      const { id: _id, oidc_subject, ...fields } = profile;
      await db
        .updateTable('users')
        .set((eb) => ({ ...fields, oidc_subject: eb.fn.coalesce('oidc_subject', sql<string | null>`${oidc_subject}`) }))
        .where('id', '=', id)
        .execute();
    },

    async handleHolder(handle: string): Promise<string | undefined> {
      const row = await db.selectFrom('handles').select('user_id').where('handle', '=', handle).executeTakeFirst();
      return row?.user_id;
    },

    /** False when the handle or the user got one in the meantime (both are unique). */
    async insertHandle(row: { handle: string; userId: string; createdAt: number }): Promise<boolean> {
      const result = await db
        .insertInto('handles')
        .values({ handle: row.handle, user_id: row.userId, created_at: row.createdAt })
        .onConflict((oc) => oc.doNothing())
        .executeTakeFirst();
      return Number(result.numInsertedOrUpdatedRows ?? 0n) > 0;
    },

    async postKeys(userId: string): Promise<Set<string>> {
      const rows = await db.selectFrom('posts').select(['url', 'created_at']).where('user_id', '=', userId).execute();
      return new Set(rows.map((r) => `${r.created_at} ${r.url}`));
    },

    async insertPosts(userId: string, posts: PostRecord[]): Promise<void> {
      if (posts.length === 0) return;
      await db
        .insertInto('posts')
        .values(
          posts.map((p) => ({
            user_id: userId,
            handle: p.handle,
            url: p.url,
            description: p.description,
            created_at: p.created_at,
            open_count: p.open_count,
          })),
        )
        .execute();
    },

    async existingUsers(ids: string[]): Promise<Set<string>> {
      if (ids.length === 0) return new Set();
      const rows = await db.selectFrom('users').select('id').where('id', 'in', ids).execute();
      return new Set(rows.map((r) => r.id));
    },

    /** Returns how many were new (a follow that exists again already is kept as it is). */
    async insertFollows(
      rows: { follower_id: string; handle: string; followed_user_id: string; followed_at: number }[],
    ): Promise<number> {
      if (rows.length === 0) return 0;
      const result = await db
        .insertInto('follows')
        .values(rows)
        .onConflict((oc) => oc.columns(['follower_id', 'handle']).doNothing())
        .executeTakeFirst();
      return Number(result.numInsertedOrUpdatedRows ?? 0n);
    },

    async markRestored(userId: string, now: number): Promise<void> {
      await db.updateTable('deleted_users').set({ restored_at: now }).where('user_id', '=', userId).execute();
    },

    // The index check of /admin/test-firestore-indexes.

    async postsHasColumn(column: string): Promise<boolean> {
      const row = await db
        .selectFrom('information_schema.columns' as never)
        .select(sql<number>`1`.as('one'))
        .where(sql<boolean>`table_schema = current_schema() and table_name = 'posts' and column_name = ${column}`)
        .executeTakeFirst();
      return row !== undefined;
    },

    /**
     * The planner's JSON plan for a query, asked with table scans, bitmap scans and explicit sorts
     * priced out of reach. On a small table PostgreSQL rightly prefers those, which says nothing
     * about whether an index could serve the query at scale; with them disabled it picks an ordered
     * index scan whenever one exists, and a plan that still scans or sorts has no index that fits.
     */
    async planPreferringIndexes(query: IndexCheckQuery): Promise<unknown> {
      return db.transaction().execute(async (trx) => {
        await sql`set local enable_seqscan = off`.execute(trx);
        await sql`set local enable_bitmapscan = off`.execute(trx);
        await sql`set local enable_sort = off`.execute(trx);
        const result = await sql<{ 'QUERY PLAN': unknown }>`explain (format json) ${sql.raw(INDEX_CHECK_SQL[query])}`.execute(
          trx,
        );
        const plan = result.rows[0]?.['QUERY PLAN'];
        return typeof plan === 'string' ? JSON.parse(plan) : plan;
      });
    },
  };
}

export type AdminRepository = ReturnType<typeof adminRepository>;
