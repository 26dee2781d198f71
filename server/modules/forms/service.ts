import { randomBytes } from 'node:crypto';
import type { Readable } from 'node:stream';
import type { SessionUser } from '../../../core/api';
import {
  CHAT_FORM_MESSAGES,
  CHAT_FORM_TEXT,
  type ChatFormInput,
  type ChatFormList,
  type ChatFormResponses,
  type ChatQuestion,
  checkSubmission,
  FORM_ID_PATTERN,
  type ManagedChatForm,
  type PublicChatForm,
  RESPONSES_PAGE_MAX,
  responseColumns,
  type SubmissionInput,
  type SubmissionResult,
} from '../../../core/chat-form';
import { badRequest, forbidden, notFound } from '../../http-errors';
import type { DB } from '../../plugins/db';
import { mailFormResponse } from '../email/service';
import { responsesCsvStream } from './csv';
import { type FormRow, formsRepository } from './repository';

const EXPORT_PAGE_SIZE = 500;

/** Rows written before the long flag existed have none: they are one-line questions. */
function questionsOf(row: Pick<FormRow, 'questions'>): ChatQuestion[] {
  return row.questions.map((q) => ({ field: q.field, lines: q.lines, long: q.long === true }));
}

function toPublic(row: FormRow): PublicChatForm {
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    questions: questionsOf(row),
    thankYouMessage: row.thankYouMessage,
  };
}

function toManaged(row: FormRow, responseCount: number): ManagedChatForm {
  return { ...toPublic(row), ownerId: row.ownerId, createdAt: row.createdAt, updatedAt: row.updatedAt, responseCount };
}

const formNotFound = () => notFound(CHAT_FORM_TEXT.notFound);

/** Admins manage any form (spec: forms are data); others only their own. */
const ownerScope = (user: SessionUser): string | null => (user.admin ? null : user.id);

export function formsService(db: DB) {
  const repo = formsRepository(db);

  async function findForm(formId: string): Promise<FormRow> {
    // An id the database could never hold is simply not found, like any unknown id.
    const row = FORM_ID_PATTERN.test(formId) ? await repo.findForm(formId) : undefined;
    if (!row) throw formNotFound();
    return row;
  }

  async function managedForm(user: SessionUser, formId: string): Promise<FormRow> {
    const row = await findForm(formId);
    if (!user.admin && row.ownerId !== user.id) throw forbidden(CHAT_FORM_MESSAGES.notManager);
    return row;
  }

  /** After a scoped write touched no row: tell "no such form" from "not yours". */
  async function refusal(formId: string): Promise<never> {
    await findForm(formId);
    throw forbidden(CHAT_FORM_MESSAGES.notManager);
  }

  async function* submissionPages(formId: string) {
    let after: { submittedAt: number; id: number } | undefined;
    for (;;) {
      const page = await repo.submissionsPage(formId, EXPORT_PAGE_SIZE, after);
      yield page;
      const last = page.at(-1);
      if (!last || page.length < EXPORT_PAGE_SIZE) return;
      after = { submittedAt: last.submittedAt, id: last.id };
    }
  }

  async function columnsOf(row: FormRow): Promise<string[]> {
    return responseColumns(
      questionsOf(row).map((q) => q.field),
      await repo.answerFields(row.id),
    );
  }

  return {
    async publicForm(formId: string): Promise<PublicChatForm> {
      return toPublic(await findForm(formId));
    },

    async submit(formId: string, input: SubmissionInput): Promise<{ result: SubmissionResult; created: boolean }> {
      const form = await findForm(formId);
      const checked = checkSubmission(questionsOf(form), input.answers);
      if ('problem' in checked) throw badRequest(checked.problem);
      const { row, created } = await db.transaction().execute(async (trx) => {
        const result = await formsRepository(trx).insertSubmission(form.id, checked.answers, input.idempotencyKey, Date.now());
        if (result.created) await mailFormResponse(trx, { formId: form.id, submittedAt: result.row.submittedAt });
        return result;
      });
      return { result: { id: row.id, submittedAt: row.submittedAt }, created };
    },

    /** The user's own forms, or every form (`all`, for admins: the route guards it). */
    async list(user: SessionUser, all: boolean): Promise<ChatFormList> {
      const rows = await repo.listForms(all ? null : user.id);
      return {
        forms: rows.map((row) => ({
          id: row.id,
          title: row.title,
          questionCount: row.questions.length,
          responseCount: row.responseCount,
          updatedAt: row.updatedAt,
          ownerName: row.ownerName,
          mine: row.ownerId === user.id,
        })),
      };
    },

    async create(user: SessionUser, input: ChatFormInput): Promise<ManagedChatForm> {
      // 72 random bits: unguessable enough that a form is only found through its link.
      const id = randomBytes(9).toString('base64url');
      return toManaged(await repo.insertForm(id, user.id, input, Date.now()), 0);
    },

    async manage(user: SessionUser, formId: string): Promise<ManagedChatForm> {
      const row = await managedForm(user, formId);
      return toManaged(row, await repo.countSubmissions(row.id));
    },

    async update(user: SessionUser, formId: string, input: ChatFormInput): Promise<ManagedChatForm> {
      if (!FORM_ID_PATTERN.test(formId)) throw formNotFound();
      const row = await repo.updateForm(formId, ownerScope(user), input, Date.now());
      if (!row) return refusal(formId);
      return toManaged(row, await repo.countSubmissions(row.id));
    },

    async remove(user: SessionUser, formId: string): Promise<void> {
      if (!FORM_ID_PATTERN.test(formId)) throw formNotFound();
      if (!(await repo.deleteForm(formId, ownerScope(user)))) await refusal(formId);
    },

    async responses(user: SessionUser, formId: string): Promise<ChatFormResponses> {
      const row = await managedForm(user, formId);
      const total = await repo.countSubmissions(row.id);
      return {
        form: toManaged(row, total),
        columns: await columnsOf(row),
        total,
        responses: await repo.submissionsPage(row.id, RESPONSES_PAGE_MAX),
      };
    },

    async exportCsv(user: SessionUser, formId: string): Promise<{ filename: string; stream: Readable }> {
      const row = await managedForm(user, formId);
      return {
        filename: `chat-form-${row.id}-responses.csv`,
        stream: responsesCsvStream(await columnsOf(row), submissionPages(row.id)),
      };
    },
  };
}
