import { sql } from 'kysely';
import type { UserRow } from '../../../db/schema';
import { readableContents } from '../../../db/sealed-contents';
import type { DB } from '../../plugins/db';
import {
  type BackedUpFollow,
  type BackedUpFollower,
  type BackedUpForm,
  type BackedUpList,
  type BackedUpLogo,
  type BackedUpPost,
  type BackedUpRemovedPost,
  REMEMBERED_REFERENCES,
  type Reference,
} from './backup-rows';

export * from './backup-rows';

/** A follow's bell columns (migration 2910): they go into the backup with the follow. */
const BELLS = ['bell', 'move_percent', 'cadence', 'instant_at'] as const;

/**
 * The SQL of deleting a person with a backup, and of the backups list. It writes the tables of several
 * domains on purpose: a person leaves in one transaction (docs/decisions/0082); restore-repository.ts
 * brings them back. Every function runs on `db`, which is a transaction when the service opened one.
 */
export function accountsRepository(db: DB) {
  return {
    // Deletion: the reads that make the backup, then the removals.
    async lockUser(id: string): Promise<UserRow | undefined> {
      return db.selectFrom('users').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
    },

    async displayNameOf(id: string): Promise<string | undefined> {
      return (await db.selectFrom('users').select('display_name').where('id', '=', id).executeTakeFirst())?.display_name;
    },

    async handleOf(userId: string) {
      return db.selectFrom('handles').select(['handle', 'created_at']).where('user_id', '=', userId).executeTakeFirst();
    },

    /** The person's posts with their own trade-only contents unsealed: the backup is theirs (docs/decisions/0180). */
    async postsOf(userId: string): Promise<BackedUpPost[]> {
      const rows = await db
        .selectFrom('posts as p')
        .leftJoin(readableContents(userId), 'tc.post_id', 'p.id')
        .select((eb) => [
          'p.id',
          'p.handle',
          eb.fn.coalesce('tc.url', 'p.url').as('url'),
          eb.fn.coalesce('tc.description', 'p.description').as('description'),
          'p.created_at',
          'p.open_count',
          'p.idempotency_key',
          'p.list_id',
          'p.newest',
          'p.edited_at',
          eb.fn.coalesce('tc.valid_from', 'p.valid_from').as('valid_from'),
          eb.fn.coalesce('tc.valid_until', 'p.valid_until').as('valid_until'),
          'p.moved_at',
        ])
        .where('p.user_id', '=', userId)
        .orderBy('p.created_at')
        .orderBy('p.id')
        .execute();
      return rows.map((r) => ({ ...r, id: Number(r.id) }));
    },

    async listsOf(userId: string): Promise<BackedUpList[]> {
      return db
        .selectFrom('lists')
        .select(['id', 'slug', 'name', 'created_at', 'audience'])
        .where('user_id', '=', userId)
        .orderBy('id')
        .execute();
    },

    /** Requests for trade access the person made, or that were made to them. */
    async tradeRequestsOf(userId: string) {
      return db
        .selectFrom('trade_requests')
        .selectAll()
        .where((eb) => eb.or([eb('owner_id', '=', userId), eb('member_id', '=', userId)]))
        .orderBy('owner_id')
        .orderBy('member_id')
        .execute();
    },

    async removedPostsOf(userId: string): Promise<BackedUpRemovedPost[]> {
      return db
        .selectFrom('removed_posts')
        .select(['id', 'handle', 'removed_at'])
        .where('user_id', '=', userId)
        .orderBy('id')
        .execute();
    },

    async followsBy(userId: string): Promise<BackedUpFollow[]> {
      return db
        .selectFrom('follows')
        .select(['handle', 'followed_user_id', 'followed_at', ...BELLS])
        .where('follower_id', '=', userId)
        .orderBy('handle')
        .execute();
    },

    /** Follows of the person: of their handle now, or of them under a handle they held before. */
    async followersOf(userId: string, handle: string | null): Promise<BackedUpFollower[]> {
      return db
        .selectFrom('follows')
        .select(['follower_id', 'handle', 'followed_user_id', 'followed_at', ...BELLS])
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

    async logoOf(userId: string): Promise<BackedUpLogo | null> {
      const row = await db.selectFrom('profile_logos').selectAll().where('user_id', '=', userId).executeTakeFirst();
      if (!row) return null;
      const { image, user_id: _, ...rest } = row;
      return { image_base64: Buffer.from(image).toString('base64'), ...rest };
    },

    async handleRequestOf(userId: string) {
      return db.selectFrom('handle_requests').selectAll().where('user_id', '=', userId).executeTakeFirst();
    },

    /** The person's chat forms, each with its responses (oldest first). */
    async formsOf(userId: string): Promise<BackedUpForm[]> {
      const forms = await db
        .selectFrom('chat_forms')
        .select([
          'id',
          'title',
          'description',
          'questions',
          'thank_you_message',
          'closes_at',
          'max_responses',
          'created_at',
          'updated_at',
        ])
        .where('owner_id', '=', userId)
        .orderBy('id')
        .execute();
      if (forms.length === 0) return [];
      const responses = await db
        .selectFrom('chat_form_submissions')
        .select(['id', 'form_id', 'answers', 'idempotency_key', 'submitted_at'])
        .where(
          'form_id',
          'in',
          forms.map((f) => f.id),
        )
        .orderBy('id')
        .execute();
      return forms.map((form) => ({
        ...form,
        responses: responses.filter((r) => r.form_id === form.id).map(({ form_id: _, ...r }) => ({ ...r, id: Number(r.id) })),
      }));
    },

    /** What still points at the person once their own rows are gone: the rows ON DELETE SET NULL would make forget them. */
    async referencesTo(userId: string): Promise<Reference[]> {
      const found: Reference[] = [];
      for (const { table, key, column } of REMEMBERED_REFERENCES) {
        const rows = await sql<{ key: string }>`
          select ${sql.ref(key)}::text as key from ${sql.table(table)} where ${sql.ref(column)} = ${userId} order by 1`.execute(
          db,
        );
        if (rows.rows.length > 0) found.push({ table, column, keys: rows.rows.map((r) => r.key) });
      }
      return found;
    },

    /** One backup per user id: deleting a restored user again replaces the older backup. */
    async saveBackup(row: {
      userId: string;
      backup: object;
      deletedBy: string;
      deletedAt: number;
      selfDeleted: boolean;
    }): Promise<void> {
      const values = {
        user_id: row.userId,
        backup: JSON.stringify(row.backup),
        deleted_by: row.deletedBy,
        deleted_at: row.deletedAt,
        restored_at: null,
        self_deleted: row.selfDeleted,
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
            self_deleted: values.self_deleted,
          }),
        )
        .execute();
    },

    /** Removes everything of the person's that the backup holds, but not the person (the order keeps each step plain). */
    async removeOwnRows(user: { id: string; email: string }, handle: string | null): Promise<void> {
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
      await db.deleteFrom('lists').where('user_id', '=', user.id).execute();
      await db.deleteFrom('removed_posts').where('user_id', '=', user.id).execute();
      await db.deleteFrom('handles').where('user_id', '=', user.id).execute();
      await db
        .deleteFrom('invites')
        .where((eb) => eb.or([eb('accepted_user_id', '=', user.id), eb('email', '=', user.email)]))
        .execute();
      await db.deleteFrom('invite_requests').where('user_id', '=', user.id).execute();
      await db.deleteFrom('handle_requests').where('user_id', '=', user.id).execute();
      // Their responses go with them (on delete cascade), in the backup with their form.
      await db.deleteFrom('chat_forms').where('owner_id', '=', user.id).execute();
    },

    /** The last step: what still points at the person forgets them (ON DELETE SET NULL); sessions end. */
    async removeProfile(id: string): Promise<void> {
      await db.deleteFrom('users').where('id', '=', id).execute();
    },

    // The backups list.

    async deletedUsers() {
      return db
        .selectFrom('deleted_users as d')
        .leftJoin('users as by', 'by.id', 'd.deleted_by')
        .select((eb) => [
          'd.user_id as userId',
          'd.backup',
          'd.deleted_at as deletedAt',
          'd.restored_at as restoredAt',
          'd.self_deleted as selfDeleted',
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
  };
}

export type AccountsRepository = ReturnType<typeof accountsRepository>;
