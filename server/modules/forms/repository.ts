import { sql } from 'kysely';
import type { ChatQuestion, StoredAnswer } from '../../../db/schema';
import { type DB, olderThan } from '../../plugins/db';

export interface FormRow {
  id: string;
  ownerId: string | null;
  title: string;
  description: string;
  questions: ChatQuestion[];
  thankYouMessage: string;
  closesAt: number | null;
  maxResponses: number | null;
  createdAt: number;
  updatedAt: number;
}

/** Who made a form, as a visitor may see it: the public name and the handle they hold now. */
export interface OwnerRow {
  displayName: string;
  handle: string | null;
  logoVersion: string | null;
}

export interface FormListRow {
  id: string;
  ownerId: string | null;
  ownerName: string | null;
  title: string;
  questions: ChatQuestion[];
  closesAt: number | null;
  maxResponses: number | null;
  updatedAt: number;
  responseCount: number;
}

export interface SubmissionRow {
  id: number;
  answers: Record<string, StoredAnswer>;
  submittedAt: number;
}

export interface FormFields {
  title: string;
  description: string;
  questions: ChatQuestion[];
  thankYouMessage: string;
  closesAt: number | null;
  maxResponses: number | null;
}

const formColumns = [
  'id',
  'owner_id as ownerId',
  'title',
  'description',
  'questions',
  'thank_you_message as thankYouMessage',
  'closes_at as closesAt',
  'max_responses as maxResponses',
  'created_at as createdAt',
  'updated_at as updatedAt',
] as const;

/** All SQL of chat forms and their submissions. */
export function formsRepository(db: DB) {
  const responseCount = sql<number>`(select count(*)::int from chat_form_submissions s where s.form_id = f.id)`;

  return {
    async findForm(id: string): Promise<FormRow | undefined> {
      return db.selectFrom('chat_forms').select(formColumns).where('id', '=', id).executeTakeFirst();
    },

    async insertForm(id: string, ownerId: string, fields: FormFields, now: number): Promise<FormRow> {
      return db
        .insertInto('chat_forms')
        .values({
          id,
          owner_id: ownerId,
          title: fields.title,
          description: fields.description,
          questions: JSON.stringify(fields.questions),
          thank_you_message: fields.thankYouMessage,
          closes_at: fields.closesAt,
          max_responses: fields.maxResponses,
          created_at: now,
          updated_at: now,
        })
        .returning(formColumns)
        .executeTakeFirstOrThrow();
    },

    /** Replaces a form's content; `ownerId` limits it to that owner's form (null: any form, for admins). */
    async updateForm(id: string, ownerId: string | null, fields: FormFields, now: number): Promise<FormRow | undefined> {
      let query = db
        .updateTable('chat_forms')
        .set({
          title: fields.title,
          description: fields.description,
          questions: JSON.stringify(fields.questions),
          thank_you_message: fields.thankYouMessage,
          closes_at: fields.closesAt,
          max_responses: fields.maxResponses,
          updated_at: now,
        })
        .where('id', '=', id);
      if (ownerId !== null) query = query.where('owner_id', '=', ownerId);
      return query.returning(formColumns).executeTakeFirst();
    },

    /** Deletes a form and (by cascade) its submissions; `ownerId` as in updateForm. */
    async deleteForm(id: string, ownerId: string | null): Promise<boolean> {
      let query = db.deleteFrom('chat_forms').where('id', '=', id);
      if (ownerId !== null) query = query.where('owner_id', '=', ownerId);
      const result = await query.executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },

    /** Forms newest-edited first: one owner's, or every form when ownerId is null. */
    async listForms(ownerId: string | null): Promise<FormListRow[]> {
      let query = db
        .selectFrom('chat_forms as f')
        .leftJoin('users as u', 'u.id', 'f.owner_id')
        .select([
          'f.id',
          'f.owner_id as ownerId',
          sql<string | null>`nullif(u.display_name, '')`.as('displayName'),
          'u.email',
          'f.title',
          'f.questions',
          'f.closes_at as closesAt',
          'f.max_responses as maxResponses',
          'f.updated_at as updatedAt',
          responseCount.as('responseCount'),
        ])
        .orderBy('f.updated_at', 'desc')
        .orderBy('f.id');
      if (ownerId !== null) query = query.where('f.owner_id', '=', ownerId);
      const rows = await query.execute();
      return rows.map(({ displayName, email, ...row }) => ({ ...row, ownerName: displayName ?? email ?? null }));
    },

    /** The owner's public name (empty when they never gave one), the handle they hold now and their logo's version; undefined once they are gone. */
    async ownerOf(ownerId: string): Promise<OwnerRow | undefined> {
      return db
        .selectFrom('users as u')
        .leftJoin('handles as h', 'h.user_id', 'u.id')
        .leftJoin('profile_logos as l', 'l.user_id', 'u.id')
        .select(['u.display_name as displayName', 'h.handle', 'l.version as logoVersion'])
        .where('u.id', '=', ownerId)
        .executeTakeFirst();
    },

    /** Holds the form's row until the transaction ends: submissions to one form take turns, so a maximum is never passed. */
    async lockForm(id: string): Promise<Pick<FormRow, 'closesAt' | 'maxResponses'> | undefined> {
      return db
        .selectFrom('chat_forms')
        .select(['closes_at as closesAt', 'max_responses as maxResponses'])
        .where('id', '=', id)
        .forUpdate()
        .executeTakeFirst();
    },

    async submissionByKey(formId: string, idempotencyKey: string): Promise<SubmissionRow | undefined> {
      return db
        .selectFrom('chat_form_submissions')
        .select(['id', 'answers', 'submitted_at as submittedAt'])
        .where('form_id', '=', formId)
        .where('idempotency_key', '=', idempotencyKey)
        .executeTakeFirst();
    },

    async countSubmissions(formId: string): Promise<number> {
      const row = await db
        .selectFrom('chat_form_submissions')
        .select(sql<number>`count(*)::int`.as('count'))
        .where('form_id', '=', formId)
        .executeTakeFirstOrThrow();
      return row.count;
    },

    /**
     * Stores a submission once per (form, idempotency key): the unique constraint decides, so two
     * concurrent submits of the same key leave one row. Returns the stored row and whether it is new.
     */
    async insertSubmission(
      formId: string,
      answers: Record<string, StoredAnswer>,
      idempotencyKey: string,
      now: number,
    ): Promise<{ row: SubmissionRow; created: boolean }> {
      const inserted = await db
        .insertInto('chat_form_submissions')
        .values({ form_id: formId, answers: JSON.stringify(answers), idempotency_key: idempotencyKey, submitted_at: now })
        .onConflict((oc) => oc.columns(['form_id', 'idempotency_key']).doNothing())
        .returning(['id', 'answers', 'submitted_at as submittedAt'])
        .executeTakeFirst();
      if (inserted) return { row: inserted, created: true };
      const existing = await db
        .selectFrom('chat_form_submissions')
        .select(['id', 'answers', 'submitted_at as submittedAt'])
        .where('form_id', '=', formId)
        .where('idempotency_key', '=', idempotencyKey)
        .executeTakeFirstOrThrow();
      return { row: existing, created: false };
    },

    /** Newest first, after an optional (submittedAt, id) cursor. */
    async submissionsPage(formId: string, limit: number, after?: { submittedAt: number; id: number }): Promise<SubmissionRow[]> {
      return db
        .selectFrom('chat_form_submissions')
        .select(['id', 'answers', 'submitted_at as submittedAt'])
        .where('form_id', '=', formId)
        .where(olderThan(['submitted_at', 'id'], after ? [after.submittedAt, after.id] : null))
        .orderBy('submitted_at', 'desc')
        .orderBy('id', 'desc')
        .limit(limit)
        .execute();
    },

    /** Every answer key any submission of the form holds (older ones may predate an edit); kept on the form by a trigger. */
    async answerFields(formId: string): Promise<string[]> {
      const row = await db.selectFrom('chat_forms').select('answer_fields').where('id', '=', formId).executeTakeFirst();
      return row?.answer_fields ?? [];
    },
  };
}

export type FormsRepository = ReturnType<typeof formsRepository>;
