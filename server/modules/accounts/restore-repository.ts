import { sql } from 'kysely';
import type { UserRow } from '../../../db/schema';
import type { DB } from '../../plugins/db';
import {
  type BackedUpFollow,
  type BackedUpForm,
  type BackedUpHandleRequest,
  type BackedUpInvite,
  type BackedUpInviteRequest,
  type BackedUpLogo,
  type BackedUpPost,
  REMEMBERED_REFERENCES,
  type Reference,
} from './repository';

/** Rows a statement, well under PostgreSQL's 65,535 parameters for the widest row. */
const CHUNK = 1000;

/** The row as a write takes it: the JSON column goes as text (a driver would send a bare object its own way). */
const asStored = (profile: UserRow) => ({
  ...profile,
  delivery_terms: profile.delivery_terms == null ? null : JSON.stringify(profile.delivery_terms),
});

function chunks<T>(rows: T[]): T[][] {
  const result: T[][] = [];
  for (let i = 0; i < rows.length; i += CHUNK) result.push(rows.slice(i, i + CHUNK));
  return result;
}

/**
 * Inserts rows with the ids they had, skipping any that exist (any unique key), and returns how many
 * went in. The id columns are GENERATED ALWAYS AS IDENTITY (migration 0001), hence OVERRIDING SYSTEM
 * VALUE; the sequence is then moved past the highest id, so a new row never collides with a restored one.
 */
export async function insertKeepingIds(
  db: DB,
  table:
    | 'posts'
    | 'chat_form_submissions'
    | 'lists'
    | 'list_lines'
    | 'list_snapshots'
    | 'orders'
    | 'item_alerts'
    | 'check_now_presses'
    | 'push_subscriptions',
  rows: Array<Record<string, unknown> & { id: number }>,
): Promise<number> {
  if (rows.length === 0) return 0;
  const columns = Object.keys(rows[0]!);
  let inserted = 0;
  for (const chunk of chunks(rows)) {
    const values = chunk.map((row) => sql`(${sql.join(columns.map((c) => row[c]))})`);
    const result = await sql`
      insert into ${sql.table(table)} (${sql.join(columns.map((c) => sql.ref(c)))}) overriding system value
      values ${sql.join(values)} on conflict do nothing`.execute(db);
    inserted += Number(result.numAffectedRows ?? 0n);
  }
  const sequence = sql`pg_get_serial_sequence(${table}, 'id')::regclass`;
  await sql`
    select setval(${sequence}, highest) from (select max(id) as highest from ${sql.table(table)}) m
    where highest > coalesce(pg_sequence_last_value(${sequence}), 0)`.execute(db);
  return inserted;
}

/**
 * The SQL of restoring a deleted person from their backup (docs/decisions/0051, 0089). Like the
 * deletion side (repository.ts) it writes the tables of several domains, for one person as a whole.
 */
export function restoreRepository(db: DB) {
  return {
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

    async existingUsers(ids: string[]): Promise<Set<string>> {
      if (ids.length === 0) return new Set();
      const rows = await db.selectFrom('users').select('id').where('id', 'in', ids).execute();
      return new Set(rows.map((r) => r.id));
    },

    async insertUser(profile: UserRow): Promise<void> {
      await db.insertInto('users').values(asStored(profile)).execute();
    },

    /** Writes the backed-up profile over a current row, keeping that row's id and sign-in identity. */
    async overwriteUser(id: string, profile: UserRow): Promise<void> {
      const { id: _id, oidc_subject, ...fields } = asStored(profile);
      await db
        .updateTable('users')
        .set((eb) => ({ ...fields, oidc_subject: eb.fn.coalesce('oidc_subject', sql<string | null>`${oidc_subject}`) }))
        .where('id', '=', id)
        .execute();
    },

    async handleOf(userId: string) {
      return db.selectFrom('handles').select('handle').where('user_id', '=', userId).executeTakeFirst();
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

    /** The user's posts by url and time: a post restored once before under another id is not doubled. */
    async postKeys(userId: string): Promise<Set<string>> {
      const rows = await db.selectFrom('posts').select(['url', 'created_at']).where('user_id', '=', userId).execute();
      return new Set(rows.map((r) => `${r.created_at} ${r.url}`));
    },

    /** With their ids: open links, feed entry ids and analytics keep pointing at them. */
    async insertPosts(userId: string, posts: BackedUpPost[]): Promise<number> {
      return insertKeepingIds(
        db,
        'posts',
        posts.map((p) => ({ ...p, user_id: userId })),
      );
    },

    /** Returns how many were new (a follow that exists again already is kept as it is). */
    async insertFollows(rows: Array<BackedUpFollow & { follower_id: string }>): Promise<number> {
      if (rows.length === 0) return 0;
      const result = await db
        .insertInto('follows')
        .values(rows)
        .onConflict((oc) => oc.columns(['follower_id', 'handle']).doNothing())
        .executeTakeFirst();
      return Number(result.numInsertedOrUpdatedRows ?? 0n);
    },

    /** The forms whose id is free, with their responses (ids kept); returns how many are someone else's form now. */
    async insertForms(ownerId: string, forms: BackedUpForm[]): Promise<number> {
      if (forms.length === 0) return 0;
      const inserted = await db
        .insertInto('chat_forms')
        .values(
          forms.map(({ responses: _, questions, ...form }) => ({
            ...form,
            owner_id: ownerId,
            questions: JSON.stringify(questions),
          })),
        )
        .onConflict((oc) => oc.column('id').doNothing())
        .returning('id')
        .execute();
      const ids = new Set(inserted.map((r) => r.id));
      const responses = forms
        .filter((form) => ids.has(form.id))
        .flatMap((form) => form.responses.map((r) => ({ ...r, form_id: form.id, answers: JSON.stringify(r.answers) })));
      await insertKeepingIds(db, 'chat_form_submissions', responses);
      const skipped = forms.map((f) => f.id).filter((id) => !ids.has(id));
      if (skipped.length === 0) return 0;
      // Restored once already, the form is there and theirs: not a loss.
      const others = await db
        .selectFrom('chat_forms')
        .select('id')
        .where('id', 'in', skipped)
        .where((eb) => eb.or([eb('owner_id', 'is', null), eb('owner_id', '!=', ownerId)]))
        .execute();
      return others.length;
    },

    /**
     * Returns how many did not come back because their handle has another invite now (kept as it is);
     * the same invite, there from an earlier restore, is not counted.
     */
    async insertInvites(invites: BackedUpInvite[]): Promise<number> {
      if (invites.length === 0) return 0;
      const inserted = await db
        .insertInto('invites')
        .values(invites)
        .onConflict((oc) => oc.column('handle').doNothing())
        .returning('handle')
        .execute();
      const done = new Set(inserted.map((r) => r.handle));
      const skipped = invites.filter((i) => !done.has(i.handle));
      if (skipped.length === 0) return 0;
      const there = await db
        .selectFrom('invites')
        .select(['handle', 'created_at'])
        .where(
          'handle',
          'in',
          skipped.map((i) => i.handle),
        )
        .execute();
      return skipped.filter((i) => !there.some((t) => t.handle === i.handle && t.created_at === i.created_at)).length;
    },

    /**
     * False when the user has made another request of that kind since (theirs now is kept); the same
     * request, there from an earlier restore, counts as restored.
     */
    async insertRequest(
      kind: 'invite_requests' | 'handle_requests',
      row: BackedUpInviteRequest | BackedUpHandleRequest,
    ): Promise<boolean> {
      const query =
        kind === 'invite_requests'
          ? db.insertInto('invite_requests').values(row as BackedUpInviteRequest)
          : db.insertInto('handle_requests').values(row as BackedUpHandleRequest);
      const result = await query.onConflict((oc) => oc.column('user_id').doNothing()).executeTakeFirst();
      if (Number(result.numInsertedOrUpdatedRows ?? 0n) > 0) return true;
      const there = await db.selectFrom(kind).select('created_at').where('user_id', '=', row.user_id).executeTakeFirst();
      return there?.created_at === row.created_at;
    },

    /**
     * Points the remembered rows back at the person, where they still exist and nobody set the column
     * since (it is still null). Only the columns REMEMBERED_REFERENCES names, whatever the backup says.
     */
    async restoreReferences(userId: string, references: Reference[]): Promise<void> {
      for (const ref of references) {
        const known = REMEMBERED_REFERENCES.find((r) => r.table === ref.table && r.column === ref.column);
        if (!known) continue;
        for (const keys of chunks(ref.keys)) {
          await sql`
            update ${sql.table(known.table)} set ${sql.ref(known.column)} = ${userId}
            where ${sql.ref(known.key)} in (${sql.join(keys)}) and ${sql.ref(known.column)} is null`.execute(db);
        }
      }
    },

    /** The logo, unless the person has put up another since (theirs is kept). */
    async insertLogo(userId: string, logo: BackedUpLogo): Promise<void> {
      const { image_base64, ...rest } = logo;
      await db
        .insertInto('profile_logos')
        .values({ user_id: userId, image: Buffer.from(image_base64, 'base64'), ...rest })
        .onConflict((oc) => oc.column('user_id').doNothing())
        .execute();
    },

    async markRestored(userId: string, now: number): Promise<void> {
      await db.updateTable('deleted_users').set({ restored_at: now }).where('user_id', '=', userId).execute();
    },
  };
}

export type RestoreRepository = ReturnType<typeof restoreRepository>;
