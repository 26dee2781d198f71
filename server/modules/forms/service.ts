import { randomBytes } from 'node:crypto';
import { setImmediate as nextTurn } from 'node:timers/promises';
import type { SessionUser } from '../../../core/api';
import { logoPath } from '../../../core/business-profile';
import {
  CHAT_FORM_MESSAGES,
  type ChatFormInput,
  closedReason,
  FORM_ID_PATTERN,
  RESPONSES_PAGE_MAX,
  responseColumns,
  type SubmissionInput,
} from '../../../core/chat-form';
import { checkSubmission } from '../../../core/chat-form-answers';
import type {
  ChatFormList,
  ChatFormResponses,
  FormOwner,
  ManagedChatForm,
  PublicChatForm,
  SubmissionResult,
} from '../../../core/chat-form-api';
import { type ChatQuestion, normalizeQuestion } from '../../../core/chat-form-questions';
import { CHAT_FORM_TEXT } from '../../../core/chat-form-visitor';
import { badRequest, conflict, forbidden, notFound } from '../../http-errors';
import type { DB } from '../../plugins/db';
import { mailFormResponse } from '../email/service';
import { type FormRow, type FormsRepository, formsRepository } from './repository';

/**
 * A download reads and writes about this many answers at a time (docs/decisions/0132): each page
 * is a short turn of the event loop and a bounded piece of memory, however wide the form.
 */
const EXPORT_CELLS_PER_PAGE = 500;
const exportPageSize = (columns: number) => Math.max(10, Math.min(500, Math.floor(EXPORT_CELLS_PER_PAGE / (columns + 1))));

/** Rows written before question kinds (migration 1400) read as required short or long text questions. */
export function questionsOf(row: Pick<FormRow, 'questions'>): ChatQuestion[] {
  return row.questions.map(normalizeQuestion);
}

async function ownerOf(repo: FormsRepository, row: FormRow): Promise<FormOwner | null> {
  if (row.ownerId === null) return null;
  const owner = await repo.ownerOf(row.ownerId);
  if (!owner) return null;
  // A logo is shown only beside a handle: its address is the handle's (the header shows initials otherwise).
  const logoUrl = owner.handle && owner.logoVersion ? logoPath(owner.handle, owner.logoVersion) : null;
  return { displayName: owner.displayName, handle: owner.handle, logoUrl };
}

function toPublic(row: FormRow, owner: FormOwner | null, responseCount: number, now: number): PublicChatForm {
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    questions: questionsOf(row),
    thankYouMessage: row.thankYouMessage,
    owner,
    closed: closedReason(row, responseCount, now),
    closesAt: row.closesAt,
  };
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

  async function toManaged(row: FormRow): Promise<ManagedChatForm> {
    const responseCount = await repo.countSubmissions(row.id);
    return {
      ...toPublic(row, await ownerOf(repo, row), responseCount, Date.now()),
      ownerId: row.ownerId,
      maxResponses: row.maxResponses,
      createdAt: row.createdAt,
      updatedAt: row.updatedAt,
      responseCount,
    };
  }

  /** After a scoped write touched no row: tell "no such form" from "not yours". */
  async function refusal(formId: string): Promise<never> {
    await findForm(formId);
    throw forbidden(CHAT_FORM_MESSAGES.notManager);
  }

  async function* submissionPages(formId: string, columns: number) {
    const size = exportPageSize(columns);
    let after: { submittedAt: number; id: number } | undefined;
    for (;;) {
      const page = await repo.submissionsPage(formId, size, after);
      yield page;
      // PGlite answers on this thread, often without a turn of the event loop: give other requests theirs.
      await nextTurn();
      const last = page.at(-1);
      if (!last || page.length < size) return;
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
      const row = await findForm(formId);
      const count = row.maxResponses === null ? 0 : await repo.countSubmissions(row.id);
      return toPublic(row, await ownerOf(repo, row), count, Date.now());
    },

    async submit(formId: string, input: SubmissionInput): Promise<{ result: SubmissionResult; created: boolean }> {
      const form = await findForm(formId);
      const checked = checkSubmission(questionsOf(form), input.answers);
      if ('problem' in checked) throw badRequest(checked.problem);
      const { row, created } = await db.transaction().execute(async (trx) => {
        const tx = formsRepository(trx);
        const limits = await tx.lockForm(form.id);
        if (!limits) throw formNotFound();
        // A retry of a response stored before the form closed still gets its answer.
        const earlier = await tx.submissionByKey(form.id, input.idempotencyKey);
        if (earlier) return { row: earlier, created: false };
        const now = Date.now();
        const count = limits.maxResponses === null ? 0 : await tx.countSubmissions(form.id);
        if (closedReason(limits, count, now)) throw conflict(CHAT_FORM_TEXT.closedSubmit);
        const result = await tx.insertSubmission(form.id, checked.answers, input.idempotencyKey, now);
        if (result.created) await mailFormResponse(trx, { formId: form.id, submittedAt: result.row.submittedAt });
        return result;
      });
      return { result: { id: row.id, submittedAt: row.submittedAt }, created };
    },

    /** The user's own forms, or every form (`all`, for admins: the route guards it). */
    async list(user: SessionUser, all: boolean): Promise<ChatFormList> {
      const rows = await repo.listForms(all ? null : user.id);
      const now = Date.now();
      return {
        forms: rows.map((row) => ({
          id: row.id,
          title: row.title,
          questionCount: row.questions.length,
          responseCount: row.responseCount,
          updatedAt: row.updatedAt,
          closed: closedReason(row, row.responseCount, now),
          ownerName: row.ownerName,
          mine: row.ownerId === user.id,
        })),
      };
    },

    async create(user: SessionUser, input: ChatFormInput): Promise<ManagedChatForm> {
      // 72 random bits: unguessable enough that a form is only found through its link.
      const id = randomBytes(9).toString('base64url');
      return toManaged(await repo.insertForm(id, user.id, input, Date.now()));
    },

    async manage(user: SessionUser, formId: string): Promise<ManagedChatForm> {
      return toManaged(await managedForm(user, formId));
    },

    async update(user: SessionUser, formId: string, input: ChatFormInput): Promise<ManagedChatForm> {
      if (!FORM_ID_PATTERN.test(formId)) throw formNotFound();
      const row = await repo.updateForm(formId, ownerScope(user), input, Date.now());
      if (!row) return refusal(formId);
      return toManaged(row);
    },

    async remove(user: SessionUser, formId: string): Promise<void> {
      if (!FORM_ID_PATTERN.test(formId)) throw formNotFound();
      if (!(await repo.deleteForm(formId, ownerScope(user)))) await refusal(formId);
    },

    async responses(user: SessionUser, formId: string): Promise<ChatFormResponses> {
      const row = await managedForm(user, formId);
      const form = await toManaged(row);
      return {
        form,
        columns: await columnsOf(row),
        total: form.responseCount,
        responses: await repo.submissionsPage(row.id, RESPONSES_PAGE_MAX),
      };
    },

    /** What a download needs: the form's questions, the columns and every response, page by page. */
    async exportSource(user: SessionUser, formId: string) {
      const row = await managedForm(user, formId);
      const columns = await columnsOf(row);
      return { id: row.id, questions: questionsOf(row), columns, pages: submissionPages(row.id, columns.length) };
    },
  };
}
