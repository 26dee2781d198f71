import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../tests/fixtures/app';
import { aChatForm, as, aUser, manySubmissions, type TestUser } from '../../../tests/fixtures/factories';
import { EXPORT_MESSAGES } from './export-gate';
import { EXPORTS_AT_ONCE } from './routes';

/** Issue 33: downloads of responses run one per person and a few per process; the rest answer 429 at once. */
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

/**
 * An owner with a form whose download is still running when the next request comes: requests sent
 * together reach the gate one database round trip apart, and 500 answers take many more (3,000
 * made the file outlast its 30 s budget on a busy 2-core machine).
 */
async function anOwnerWithABigForm(): Promise<{ owner: TestUser; formId: string }> {
  const owner = await aUser(t.db);
  const questions = Array.from({ length: 10 }, (_, j) => ({ field: `q${j}`, lines: [`Question ${j}?`] }));
  const formId = await aChatForm(t.db, owner, { questions });
  await manySubmissions(t.db, formId, 500, (i) => Object.fromEntries(questions.map((q) => [q.field, `Answer ${i}`])));
  return { owner, formId };
}

describe('response downloads', () => {
  it('run one at a time for a person, CSV and .xlsx alike', async () => {
    const { owner, formId } = await anOwnerWithABigForm();
    const [one, two] = await Promise.all([
      t.app.inject(as(owner, { url: `/api/forms/${formId}/responses.xlsx` })),
      t.app.inject(as(owner, { url: `/api/forms/${formId}/responses.csv` })),
    ]);
    const refused = [one, two].filter((r) => r.statusCode === 429);
    expect([one, two].map((r) => r.statusCode).sort()).toEqual([200, 429]);
    expect(refused[0]!.json().message).toBe(EXPORT_MESSAGES.yours);
    // Once it has finished, the next one runs.
    expect((await t.app.inject(as(owner, { url: `/api/forms/${formId}/responses.csv` }))).statusCode).toBe(200);
  });

  it(`run ${EXPORTS_AT_ONCE} at a time in the process; one more is told to come back`, async () => {
    const owners = await Promise.all(Array.from({ length: EXPORTS_AT_ONCE + 1 }, anOwnerWithABigForm));
    const answers = await Promise.all(
      owners.map(({ owner, formId }) => t.app.inject(as(owner, { url: `/api/forms/${formId}/responses.xlsx` }))),
    );
    expect(answers.map((r) => r.statusCode).sort()).toEqual([...Array(EXPORTS_AT_ONCE).fill(200), 429]);
    expect(answers.find((r) => r.statusCode === 429)!.json().message).toBe(EXPORT_MESSAGES.busy);
  });
});
