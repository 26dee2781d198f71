import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHAT_FORM_MESSAGES } from '../../../core/chat-form';
import { ANSWER_MESSAGES } from '../../../core/chat-form-answers';
import { buildTestApp, type TestApp } from '../../../tests/fixtures/app';
import { aChatForm, aSubmission, as, aUser, manySubmissions, type TestUser } from '../../../tests/fixtures/factories';

let t: TestApp;
let owner: TestUser;
let other: TestUser;
let admin: TestUser;

beforeAll(async () => {
  t = await buildTestApp();
  owner = await aUser(t.db, { name: 'Olive Owner' });
  other = await aUser(t.db);
  admin = await aUser(t.db, { admin: true });
});
afterAll(() => t.close());

let visitor = 0;
/** Each test submits from its own address, so the per-visitor rate limit counts only that test. */
const fromVisitor = () => `10.0.${Math.floor(++visitor / 250)}.${visitor % 250}`;
const key = () => `key-${crypto.randomUUID()}`;

const validForm = {
  title: 'Bakery order',
  description: 'Order bread for Saturday.',
  questions: [
    { field: 'name', lines: ['Hello!', 'What is your name?'] },
    { field: 'order', lines: ['What would you like?'], long: true },
  ],
  thankYouMessage: 'Thanks!\nSee you Saturday.',
};

function submit(formId: string, payload: unknown, remoteAddress = fromVisitor()) {
  return t.app.inject({ ...as(undefined, { method: 'POST', url: `/api/forms/${formId}/submissions`, payload }), remoteAddress });
}

describe('GET /api/forms/:formId (public)', () => {
  it('gives a visitor the form as data, without its owner', async () => {
    const id = await aChatForm(t.db, owner, { title: 'Feedback', thankYouMessage: 'Cheers' });
    const res = await t.app.inject(as(undefined, { url: `/api/forms/${id}` }));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      form: {
        id,
        title: 'Feedback',
        description: '',
        questions: [
          {
            field: 'name',
            lines: ['Hello!', 'What is your name?'],
            type: 'text',
            required: true,
            options: [],
            min: null,
            max: null,
          },
          {
            field: 'order',
            lines: ['What would you like to order?'],
            type: 'long-text',
            required: true,
            options: [],
            min: null,
            max: null,
          },
        ],
        thankYouMessage: 'Cheers',
        owner: { displayName: 'Olive Owner', handle: null, logoUrl: null },
        closed: null,
        closesAt: null,
      },
    });
  });

  it.each(['no-such-form', 'bad%20id', 'x'.repeat(65)])('answers 404 "Form not found." for %s', async (id) => {
    const res = await t.app.inject(as(undefined, { url: `/api/forms/${id}` }));
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: 'Not Found', message: 'Form not found.' });
  });
});

describe('POST /api/forms/:formId/submissions', () => {
  it('stores a response with its answers and time', async () => {
    const id = await aChatForm(t.db, owner);
    const before = Date.now();
    const res = await submit(id, { answers: { name: ' Ada ', order: 'Rye\nBaguette' }, idempotencyKey: key() });
    expect(res.statusCode).toBe(201);
    expect(res.json().submission.submittedAt).toBeGreaterThanOrEqual(before);
    const table = (await t.app.inject(as(owner, { url: `/api/forms/${id}/responses` }))).json();
    expect(table.total).toBe(1);
    expect(table.responses[0].answers).toEqual({ name: 'Ada', order: 'Rye\nBaguette' });
  });

  it('stores one response for a double submit with the same key', async () => {
    const id = await aChatForm(t.db, owner);
    const payload = { answers: { name: 'Ada', order: 'Rye' }, idempotencyKey: key() };
    const address = fromVisitor();
    const [a, b] = await Promise.all([submit(id, payload, address), submit(id, payload, address)]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 201]);
    expect(a.json().submission).toEqual(b.json().submission);
    const again = await submit(id, payload, address);
    expect(again.statusCode).toBe(200);
    expect(again.json().submission.id).toBe(a.json().submission.id);
    expect((await t.app.inject(as(owner, { url: `/api/forms/${id}/responses` }))).json().total).toBe(1);
  });

  it('stores two responses for two keys', async () => {
    const id = await aChatForm(t.db, owner);
    expect((await submit(id, { answers: { name: 'A', order: 'x' }, idempotencyKey: key() })).statusCode).toBe(201);
    expect((await submit(id, { answers: { name: 'A', order: 'x' }, idempotencyKey: key() })).statusCode).toBe(201);
    expect((await t.app.inject(as(owner, { url: `/api/forms/${id}/responses` }))).json().total).toBe(2);
  });

  it.each([
    [{ name: 'Ada', order: 'Rye', admin: 'true' }, ANSWER_MESSAGES.unknownField('admin')],
    [{ name: 'Ada' }, ANSWER_MESSAGES.missingAnswer('order')],
    [{ name: '   ', order: 'Rye' }, ANSWER_MESSAGES.missingAnswer('name')],
    [{ name: 'x'.repeat(501), order: 'Rye' }, ANSWER_MESSAGES.answerTo('name', ANSWER_MESSAGES.tooLong(500))],
    [{ name: 'Ada', order: 'x'.repeat(5001) }, ANSWER_MESSAGES.answerTo('order', ANSWER_MESSAGES.tooLong(5000))],
    [{ name: 'Ada\nLovelace', order: 'Rye' }, ANSWER_MESSAGES.answerTo('name', ANSWER_MESSAGES.oneLine)],
    [{ name: 1, order: 'Rye' }, ANSWER_MESSAGES.answerTo('name', ANSWER_MESSAGES.text)],
  ])('checks the answers against the form questions (%#)', async (answers, message) => {
    const id = await aChatForm(t.db, owner);
    const res = await submit(id, { answers, idempotencyKey: key() });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: 'Bad Request', message });
    expect((await t.app.inject(as(owner, { url: `/api/forms/${id}/responses` }))).json().total).toBe(0);
  });

  it('refuses a missing or malformed idempotency key, and answers of no kind', async () => {
    const id = await aChatForm(t.db, owner);
    const noKey = await submit(id, { answers: { name: 'A', order: 'B' } });
    expect(noKey.statusCode).toBe(400);
    const badKey = await submit(id, { answers: { name: 'A', order: 'B' }, idempotencyKey: 'short' });
    expect(badKey.json()).toEqual({ error: 'Bad Request', message: CHAT_FORM_MESSAGES.idempotencyKey });
    const notAnAnswer = await submit(id, { answers: { name: { nested: 'x' }, order: 'B' }, idempotencyKey: key() });
    expect(notAnAnswer.statusCode).toBe(400);
  });

  it('answers 404 for an unknown form', async () => {
    const res = await submit('missing', { answers: { name: 'A' }, idempotencyKey: key() });
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe('Form not found.');
  });

  it('limits each visitor to 10 responses a minute; another visitor is not affected', async () => {
    const id = await aChatForm(t.db, owner);
    const address = fromVisitor();
    for (let i = 0; i < 10; i++) {
      expect((await submit(id, { answers: { name: 'A', order: 'B' }, idempotencyKey: key() }, address)).statusCode).toBe(201);
    }
    const limited = await submit(id, { answers: { name: 'A', order: 'B' }, idempotencyKey: key() }, address);
    expect(limited.statusCode).toBe(429);
    expect(limited.json().message).toMatch(/^Too many requests\. Please wait/);
    expect((await submit(id, { answers: { name: 'A', order: 'B' }, idempotencyKey: key() })).statusCode).toBe(201);
  });
});

describe('creating and editing forms', () => {
  it('creates a form the owner can manage and a visitor can open', async () => {
    const res = await t.app.inject(as(owner, { method: 'POST', url: '/api/forms', payload: validForm }));
    expect(res.statusCode).toBe(201);
    const { form } = res.json();
    expect(form).toMatchObject({
      title: 'Bakery order',
      ownerId: owner.id,
      responseCount: 0,
      questions: [
        { field: 'name', lines: ['Hello!', 'What is your name?'], type: 'text', required: true },
        { field: 'order', lines: ['What would you like?'], type: 'long-text', required: true },
      ],
    });
    expect(form.id).toMatch(/^[A-Za-z0-9_-]{12}$/);
    expect((await t.app.inject(as(undefined, { url: `/api/forms/${form.id}` }))).statusCode).toBe(200);
    expect((await t.app.inject(as(owner, { url: `/api/forms/${form.id}/manage` }))).json().form.id).toBe(form.id);
  });

  it.each([
    [{ ...validForm, title: '  ' }, CHAT_FORM_MESSAGES.titleRequired],
    [{ ...validForm, questions: [] }, CHAT_FORM_MESSAGES.questionsRequired],
    [
      {
        ...validForm,
        questions: [
          { field: 'Name', lines: ['a'] },
          { field: 'name', lines: ['b'] },
        ],
      },
      CHAT_FORM_MESSAGES.fieldDuplicate('name'),
    ],
    [{ ...validForm, questions: [{ field: 'name', lines: [' ', ''] }] }, CHAT_FORM_MESSAGES.linesRequired],
  ])('refuses a form that breaks a rule (%#)', async (payload, message) => {
    const res = await t.app.inject(as(owner, { method: 'POST', url: '/api/forms', payload }));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: 'Bad Request', message });
  });

  it('lets the owner and an admin edit (reorder) a form, and nobody else', async () => {
    const id = await aChatForm(t.db, owner);
    const reordered = { ...validForm, questions: [...validForm.questions].reverse() };
    const byOther = await t.app.inject(as(other, { method: 'PUT', url: `/api/forms/${id}`, payload: reordered }));
    expect(byOther.statusCode).toBe(403);
    expect(byOther.json().message).toBe(CHAT_FORM_MESSAGES.notManager);
    const byOwner = await t.app.inject(as(owner, { method: 'PUT', url: `/api/forms/${id}`, payload: reordered }));
    expect(byOwner.statusCode).toBe(200);
    expect(byOwner.json().form.questions.map((q: { field: string }) => q.field)).toEqual(['order', 'name']);
    const byAdmin = await t.app.inject(
      as(admin, { method: 'PUT', url: `/api/forms/${id}`, payload: { ...validForm, title: 'Fixed by admin' } }),
    );
    expect(byAdmin.statusCode).toBe(200);
    const visible = (await t.app.inject(as(undefined, { url: `/api/forms/${id}` }))).json().form;
    expect(visible.title).toBe('Fixed by admin');
    expect(byAdmin.json().form.ownerId).toBe(owner.id);
  });

  it('answers 404 when editing or deleting an unknown form', async () => {
    expect((await t.app.inject(as(owner, { method: 'PUT', url: '/api/forms/missing', payload: validForm }))).statusCode).toBe(
      404,
    );
    expect((await t.app.inject(as(admin, { method: 'DELETE', url: '/api/forms/missing' }))).statusCode).toBe(404);
  });

  it('lets only the owner or an admin delete a form, with its responses', async () => {
    const id = await aChatForm(t.db, owner);
    await aSubmission(t.db, id, { name: 'A', order: 'B' });
    expect((await t.app.inject(as(other, { method: 'DELETE', url: `/api/forms/${id}` }))).statusCode).toBe(403);
    expect((await t.app.inject(as(owner, { method: 'DELETE', url: `/api/forms/${id}` }))).statusCode).toBe(204);
    expect((await t.app.inject(as(undefined, { url: `/api/forms/${id}` }))).statusCode).toBe(404);

    const second = await aChatForm(t.db, owner);
    expect((await t.app.inject(as(admin, { method: 'DELETE', url: `/api/forms/${second}` }))).statusCode).toBe(204);
  });

  it('lists the user’s own forms with counts; admins can list every form', async () => {
    const lister = await aUser(t.db, { name: 'Lena Lister' });
    const mine = await aChatForm(t.db, lister, { title: 'Mine' });
    await aSubmission(t.db, mine, { name: 'A', order: 'B' });
    const theirs = await aChatForm(t.db, other, { title: 'Theirs' });
    const orphan = await aChatForm(t.db, null, { title: 'Orphan' });

    const list = (await t.app.inject(as(lister, { url: '/api/forms' }))).json().forms;
    expect(list).toEqual([
      expect.objectContaining({
        id: mine,
        title: 'Mine',
        questionCount: 2,
        responseCount: 1,
        mine: true,
        ownerName: 'Lena Lister',
      }),
    ]);
    expect((await t.app.inject(as(lister, { url: '/api/forms?scope=all' }))).statusCode).toBe(403);

    const all = (await t.app.inject(as(admin, { url: '/api/forms?scope=all' }))).json().forms;
    const ids = all.map((f: { id: string }) => f.id);
    expect(ids).toEqual(expect.arrayContaining([mine, theirs, orphan]));
    expect(all.find((f: { id: string }) => f.id === orphan)).toMatchObject({ ownerName: null, mine: false });
  });

  it('lets an admin manage a form whose owner is gone', async () => {
    const orphan = await aChatForm(t.db, null);
    expect((await t.app.inject(as(admin, { url: `/api/forms/${orphan}/manage` }))).statusCode).toBe(200);
    expect((await t.app.inject(as(owner, { url: `/api/forms/${orphan}/manage` }))).statusCode).toBe(403);
  });
});

describe("the owner's responses and CSV export", () => {
  it('shows the newest responses first, with columns for fields only older responses have', async () => {
    const id = await aChatForm(t.db, owner);
    await aSubmission(t.db, id, { name: 'Old', city: 'Ghent' }, 1_000);
    await aSubmission(t.db, id, { name: 'New', order: 'Rye' }, 2_000);
    const res = await t.app.inject(as(owner, { url: `/api/forms/${id}/responses` }));
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.columns).toEqual(['name', 'order', 'city']);
    expect(body.total).toBe(2);
    expect(body.form.responseCount).toBe(2);
    expect(body.responses.map((r: { answers: { name: string } }) => r.answers.name)).toEqual(['New', 'Old']);
  });

  it('keeps responses from visitors, other users and admins-only views apart', async () => {
    const id = await aChatForm(t.db, owner);
    expect((await t.app.inject(as(undefined, { url: `/api/forms/${id}/responses` }))).statusCode).toBe(401);
    expect((await t.app.inject(as(other, { url: `/api/forms/${id}/responses` }))).statusCode).toBe(403);
    expect((await t.app.inject(as(other, { url: `/api/forms/${id}/responses.csv` }))).statusCode).toBe(403);
    expect((await t.app.inject(as(admin, { url: `/api/forms/${id}/responses` }))).statusCode).toBe(200);
    expect((await t.app.inject(as(owner, { url: '/api/forms/missing/responses.csv' }))).statusCode).toBe(404);
  });

  it('exports every response as an RFC 4180 CSV attachment with formulas escaped', async () => {
    const id = await aChatForm(t.db, owner, {
      questions: [
        { field: 'name', lines: ['?'] },
        { field: 'notes', lines: ['?'], long: true },
      ],
    });
    await aSubmission(t.db, id, { name: '=HYPERLINK("http://x")', notes: 'two\nlines, "quoted"' }, Date.UTC(2026, 0, 1));
    await aSubmission(t.db, id, { name: '@Ada', notes: '-1' }, Date.UTC(2026, 0, 2));
    const res = await t.app.inject(as(owner, { url: `/api/forms/${id}/responses.csv` }));
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/csv; charset=utf-8/);
    expect(res.headers['content-disposition']).toBe(`attachment; filename="chat-form-${id}-responses.csv"`);
    expect(res.body).toBe(
      '\ufeffSubmitted at,name,notes\r\n' +
        "2026-01-02 00:00,'@Ada,'-1\r\n" +
        `2026-01-01 00:00,"'=HYPERLINK(""http://x"")","two\nlines, ""quoted"""\r\n`,
    );
  });

  it('exports more responses than one page holds', async () => {
    const id = await aChatForm(t.db, owner, { questions: [{ field: 'n', lines: ['?'] }] });
    // Equal times across the page boundary: the (time, id) cursor must neither skip nor repeat a row.
    await manySubmissions(
      t.db,
      id,
      501,
      (i) => ({ n: String(i) }),
      (i) => 1_000 + (i % 7),
    );
    const res = await t.app.inject(as(owner, { url: `/api/forms/${id}/responses.csv` }));
    const lines = res.body.trimEnd().split('\r\n');
    expect(lines).toHaveLength(502);
    expect(new Set(lines.slice(1).map((line) => line.split(',')[1])).size).toBe(501);
  });
});
