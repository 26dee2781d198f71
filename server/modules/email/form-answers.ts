import type { DB } from '../../plugins/db';
import type { FormResponses } from './form-templates';
import { emailRepository } from './repository';

/** Responses shown with their answers in one form's part of a mail; the rest are counted. */
const RESPONSES_A_MAIL = 5;

/** Each form's newest responses with their answers, in its questions' order (issue 31). */
export async function withAnswers(
  db: DB,
  forms: Array<{ formId: string; title: string; count: number }>,
  after: number,
  upTo: number,
): Promise<FormResponses[]> {
  const repo = emailRepository(db);
  return Promise.all(
    forms.map(async (form) => {
      const { questions, rows } = await repo.latestResponses(form.formId, after, upTo, RESPONSES_A_MAIL);
      const latest = rows.map((row) => ({
        submittedAt: row.submittedAt,
        answers: questions.map((q) => ({ field: q.field, type: q.type, answer: row.answers[q.field] ?? null })),
      }));
      return { ...form, latest };
    }),
  );
}
