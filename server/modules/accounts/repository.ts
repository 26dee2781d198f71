import { type Selectable, sql } from 'kysely';
import type { PostsTable, UserRow } from '../../../db/schema';
import type { DB } from '../../plugins/db';

/** A post as the deletion backup keeps it (its author is the backed-up person). */
export type BackedUpPost = Pick<Selectable<PostsTable>, 'id' | 'handle' | 'url' | 'description' | 'created_at' | 'open_count'>;

/**
 * All SQL of deleting a person with a backup and restoring them. It writes the tables of several
 * domains on purpose: a person leaves and comes back in one transaction (docs/decisions/0082).
 * Every function runs on `db`, which is a transaction when the service opened one.
 */
export function accountsRepository(db: DB) {
  return {
    // Deletion: the reads that make the backup, then the removals.

    async lockUser(id: string): Promise<UserRow | undefined> {
      return db.selectFrom('users').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
    },

    async handleOf(userId: string) {
      return db.selectFrom('handles').select(['handle', 'created_at']).where('user_id', '=', userId).executeTakeFirst();
    },

    async postsOf(userId: string): Promise<BackedUpPost[]> {
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
    async usersMatching(profile: Pick<UserRow, 'id' | 'email' | 'oidc_subject'>) {
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

    async insertUser(profile: UserRow): Promise<void> {
      await db.insertInto('users').values(profile).execute();
    },

    /** Writes the backed-up profile over a current row, keeping that row's id and sign-in identity. */
    async overwriteUser(id: string, profile: UserRow): Promise<void> {
      const { id: _id, oidc_subject, ...fields } = profile;
      await db
        .updateTable('users')
        .set((eb) => ({ ...fields, oidc_subject: eb.fn.coalesce('oidc_subject', sql<string | null>`${oidc_subject}`) }))
        .where('id', '=', id)
        .execute();
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

    async insertPosts(userId: string, posts: BackedUpPost[]): Promise<void> {
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
  };
}

export type AccountsRepository = ReturnType<typeof accountsRepository>;
