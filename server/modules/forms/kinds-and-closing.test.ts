import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHAT_FORM_MESSAGES } from '../../../core/chat-form';
import { ANSWER_MESSAGES } from '../../../core/chat-form-answers';
import { CHAT_FORM_TEXT } from '../../../core/chat-form-visitor';
import type { ChatQuestion } from '../../../db/schema';
import { buildTestApp, type TestApp } from '../../../tests/fixtures/app';
import { aChatForm, aSubmission, as, aUser, type TestUser } from '../../../tests/fixtures/factories';
import { readXlsx, serialToMillis } from '../../../tests/fixtures/xlsx';

/** Issue 19: question kinds, closing a form, who asks, and the .xlsx download. */
let t: TestApp;
let owner: TestUser;
let other: TestUser;

beforeAll(async () => {
  t = await buildTestApp();
  owner = await aUser(t.db, { name: 'Bakery Bea', handle: 'bea-bakes', email: 'bea@example.com' });
  other = await aUser(t.db);
});
afterAll(() => t.close());

let visitor = 0;
const fromVisitor = () => `10.9.${Math.floor(++visitor / 250)}.${visitor % 250}`;
const key = () => `key-${crypto.randomUUID()}`;
const submit = (formId: string, answers: Record<string, unknown>, idempotencyKey = key()) =>
  t.app.inject({
    ...as(undefined, { method: 'POST', url: `/api/forms/${formId}/submissions`, payload: { answers, idempotencyKey } }),
    remoteAddress: fromVisitor(),
  });
const responses = async (formId: string) => (await t.app.inject(as(owner, { url: `/api/forms/${formId}/responses` }))).json();

const kinds: ChatQuestion[] = [
  { field: 'name', lines: ['Your name?'], type: 'text' },
  { field: 'email', lines: ['Your email?'], type: 'email' },
  { field: 'phone', lines: ['Your phone?'], type: 'phone', required: false },
  { field: 'people', lines: ['How many?'], type: 'number', min: 1, max: 12 },
  { field: 'size', lines: ['Which size?'], type: 'choice', options: ['Small', 'Large'] },
  { field: 'breads', lines: ['Which breads?'], type: 'choices', options: ['Rye', 'Spelt', 'White'] },
  { field: 'day', lines: ['Which day?'], type: 'date' },
  { field: 'sliced', lines: ['Sliced?'], type: 'yes-no' },
];
const good = {
  name: 'Ada',
  email: 'ada@example.com',
  phone: null,
  people: '2,5',
  size: 'large',
  breads: ['White', 'Rye'],
  day: '2026-03-14',
  sliced: true,
};

describe('answers by question kind', () => {
  it('stores each answer as its kind: numbers, picked options, yes/no; a skipped optional one is left out', async () => {
    const id = await aChatForm(t.db, owner, { questions: kinds });
    expect((await submit(id, good)).statusCode).toBe(201);
    expect((await responses(id)).responses[0].answers).toEqual({
      name: 'Ada',
      email: 'ada@example.com',
      people: 2.5,
      size: 'Large',
      breads: ['Rye', 'White'],
      day: '2026-03-14',
      sliced: true,
    });
  });

  it.each([
    [{ email: 'not-an-email' }, ANSWER_MESSAGES.answerTo('email', ANSWER_MESSAGES.email)],
    [{ phone: 'call me' }, ANSWER_MESSAGES.answerTo('phone', ANSWER_MESSAGES.phone)],
    [{ people: '13' }, ANSWER_MESSAGES.answerTo('people', ANSWER_MESSAGES.numberBetween(1, 12))],
    [{ people: 'two' }, ANSWER_MESSAGES.answerTo('people', ANSWER_MESSAGES.number)],
    [{ size: 'Medium' }, ANSWER_MESSAGES.answerTo('size', ANSWER_MESSAGES.notAnOption)],
    [{ breads: ['Corn'] }, ANSWER_MESSAGES.answerTo('breads', ANSWER_MESSAGES.notOptions)],
    [{ breads: [] }, ANSWER_MESSAGES.missingAnswer('breads')],
    [{ day: '2026-02-30' }, ANSWER_MESSAGES.answerTo('day', ANSWER_MESSAGES.date)],
    [{ sliced: 'maybe' }, ANSWER_MESSAGES.answerTo('sliced', ANSWER_MESSAGES.yesOrNo)],
    [{ sliced: null }, ANSWER_MESSAGES.missingAnswer('sliced')],
  ])('refuses an answer that breaks its kind with a 400 naming the question (%#)', async (change, message) => {
    const id = await aChatForm(t.db, owner, { questions: kinds });
    const res = await submit(id, { ...good, ...change });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: 'Bad Request', message });
    expect((await responses(id)).total).toBe(0);
  });

  it('opens a form saved by an older version (field and lines only) as short-text questions, answers and all', async () => {
    const id = await aChatForm(t.db, owner, {
      questions: [
        { field: 'name', lines: ['Name?'] },
        { field: 'notes', lines: ['Notes?'], long: true },
      ],
    });
    await aSubmission(t.db, id, { name: 'Old answer', notes: 'kept' }, 1_000);
    const form = (await t.app.inject(as(undefined, { url: `/api/forms/${id}` }))).json().form;
    expect(form.questions.map((q: ChatQuestion) => [q.field, q.type, q.required])).toEqual([
      ['name', 'text', true],
      ['notes', 'long-text', true],
    ]);
    expect((await submit(id, { name: 'New', notes: 'Two\nlines' })).statusCode).toBe(201);
    expect((await responses(id)).responses.map((r: { answers: unknown }) => r.answers)).toEqual([
      { name: 'New', notes: 'Two\nlines' },
      { name: 'Old answer', notes: 'kept' },
    ]);
  });

  it('saves the kinds the owner picks, and refuses a choice question without options', async () => {
    const payload = {
      title: 'Kinds',
      questions: [
        { field: 'size', lines: ['Size?'], type: 'choice', options: ['S', 'L'] },
        { field: 'note', lines: ['Anything else?'], type: 'long-text', required: false },
      ],
      maxResponses: 40,
      closesAt: Date.UTC(2030, 0, 1),
    };
    const res = await t.app.inject(as(owner, { method: 'POST', url: '/api/forms', payload }));
    expect(res.statusCode).toBe(201);
    expect(res.json().form).toMatchObject({
      questions: [
        { field: 'size', type: 'choice', options: ['S', 'L'], required: true },
        { field: 'note', type: 'long-text', options: [], required: false },
      ],
      maxResponses: 40,
      closesAt: Date.UTC(2030, 0, 1),
      closed: null,
    });
    const broken = { ...payload, questions: [{ field: 'size', lines: ['Size?'], type: 'choice', options: ['S'] }] };
    const refused = await t.app.inject(as(owner, { method: 'POST', url: '/api/forms', payload: broken }));
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe('A choice question needs at least 2 options.');
    const zero = await t.app.inject(as(owner, { method: 'POST', url: '/api/forms', payload: { ...payload, maxResponses: 0 } }));
    expect(zero.json()).toEqual({ error: 'Bad Request', message: CHAT_FORM_MESSAGES.maxResponses });
  });
});

describe('who asks', () => {
  it("shows the owner's public name and handle, never their email", async () => {
    const id = await aChatForm(t.db, owner);
    const res = await t.app.inject(as(undefined, { url: `/api/forms/${id}` }));
    expect(res.json().form.owner).toEqual({ displayName: 'Bakery Bea', handle: 'bea-bakes', logoUrl: null });
    expect(res.body).not.toContain('bea@example.com');
  });

  it("shows the owner's logo once they have one, at the address that serves it", async () => {
    const id = await aChatForm(t.db, owner);
    await t.db
      .insertInto('profile_logos')
      .values({
        user_id: owner.id,
        image: new Uint8Array([1]),
        content_type: 'image/webp',
        width: 1,
        height: 1,
        version: 'v1',
        updated_at: Date.now(),
      })
      .execute();
    const res = await t.app.inject(as(undefined, { url: `/api/forms/${id}` }));
    expect(res.json().form.owner.logoUrl).toBe('/api/profiles/bea-bakes/logo?v=v1');
    await t.db.deleteFrom('profile_logos').where('user_id', '=', owner.id).execute();
  });

  it('shows nobody for a form whose owner is gone', async () => {
    const id = await aChatForm(t.db, null);
    expect((await t.app.inject(as(undefined, { url: `/api/forms/${id}` }))).json().form.owner).toBeNull();
  });
});

describe('closing a form', () => {
  it('says a form past its closing date is closed, and refuses new responses with a kind 409', async () => {
    const id = await aChatForm(t.db, owner, { closesAt: Date.now() - 1000 });
    expect((await t.app.inject(as(undefined, { url: `/api/forms/${id}` }))).json().form.closed).toBe('date');
    const res = await submit(id, { name: 'Late', order: 'Rye' });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ error: 'Conflict', message: CHAT_FORM_TEXT.closedSubmit });
  });

  it('still answers the retry of a response stored before the form closed', async () => {
    const id = await aChatForm(t.db, owner, { maxResponses: 1 });
    const sent = key();
    expect((await submit(id, { name: 'Ada', order: 'Rye' }, sent)).statusCode).toBe(201);
    expect((await submit(id, { name: 'Ada', order: 'Rye' }, sent)).statusCode).toBe(200);
    expect((await submit(id, { name: 'Bo', order: 'Rye' })).statusCode).toBe(409);
  });

  it('takes exactly its maximum of responses when many arrive at once', async () => {
    const id = await aChatForm(t.db, owner, { maxResponses: 3 });
    const results = await Promise.all(Array.from({ length: 8 }, (_, i) => submit(id, { name: `V${i}`, order: 'Rye' })));
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 201, 201, 409, 409, 409, 409, 409]);
    expect((await responses(id)).total).toBe(3);
    const form = (await t.app.inject(as(undefined, { url: `/api/forms/${id}` }))).json().form;
    expect(form.closed).toBe('full');
    const list = (await t.app.inject(as(owner, { url: '/api/forms' }))).json().forms;
    expect(list.find((f: { id: string }) => f.id === id).closed).toBe('full');
  });

  it('opens again when the owner raises the maximum or removes the date', async () => {
    const id = await aChatForm(t.db, owner, { closesAt: 1 });
    const payload = { title: 'Reopened', questions: [{ field: 'name', lines: ['?'] }], closesAt: null };
    expect((await t.app.inject(as(owner, { method: 'PUT', url: `/api/forms/${id}`, payload }))).json().form.closed).toBeNull();
    expect((await submit(id, { name: 'Ada' })).statusCode).toBe(201);
  });
});

describe('downloads', () => {
  it('marks the CSV as UTF-8 and writes each kind plainly', async () => {
    const id = await aChatForm(t.db, owner, { questions: kinds });
    await aSubmission(t.db, id, { name: 'Zoë', people: 3, breads: ['Rye', 'Spelt'], sliced: false }, Date.UTC(2026, 0, 1));
    const res = await t.app.inject(as(owner, { url: `/api/forms/${id}/responses.csv` }));
    expect(res.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    expect(res.body).toBe(
      '\ufeffSubmitted at,name,email,phone,people,size,breads,day,sliced\r\n2026-01-01 00:00,Zoë,,,3,,"Rye, Spelt",,No\r\n',
    );
  });

  it('writes Submitted at on the owner’s clock (?tz=), and a phone answer without an apostrophe (#31)', async () => {
    const id = await aChatForm(t.db, owner, { questions: kinds });
    await aSubmission(t.db, id, { name: 'Ada', phone: '+44 20 7946 0958' }, Date.UTC(2026, 5, 1, 9, 15));
    const res = await t.app.inject(as(owner, { url: `/api/forms/${id}/responses.csv?tz=Europe/Paris` }));
    expect(res.body.split('\r\n')[1]).toBe('2026-06-01 11:15,Ada,,+44 20 7946 0958,,,,,');
    const unknownZone = await t.app.inject(as(owner, { url: `/api/forms/${id}/responses.csv?tz=Mars/Olympus` }));
    expect(unknownZone.body.split('\r\n')[1]).toMatch(/^2026-06-01 09:15,/);
  });

  it('gives an .xlsx workbook that reads back with typed cells and no formulas', async () => {
    const id = await aChatForm(t.db, owner, { questions: kinds });
    await aSubmission(
      t.db,
      id,
      {
        name: '=HYPERLINK("http://evil")',
        email: 'zoë@example.com',
        people: 2.5,
        breads: ['Rye'],
        day: '2026-03-14',
        sliced: true,
      },
      Date.UTC(2026, 0, 2, 9, 30),
    );
    await aSubmission(t.db, id, { name: 'Ada', old: 'from before an edit' }, Date.UTC(2026, 0, 1));
    const res = await t.app.inject(as(owner, { url: `/api/forms/${id}/responses.xlsx` }));
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="chat-form-${id}-responses.xlsx"`);
    const { sheetNames, rows } = readXlsx(res.rawPayload);
    expect(sheetNames).toEqual(['Responses']);
    expect(rows[0]!.map((c) => c.value)).toEqual(['Submitted at', ...kinds.map((q) => q.field), 'old']);
    const newest = rows[1]!;
    expect(serialToMillis(newest[0]!.value as number)).toBe(Date.UTC(2026, 0, 2, 9, 30));
    expect(newest.slice(1).map((c) => c.value)).toEqual([
      '=HYPERLINK("http://evil")',
      'zoë@example.com',
      null,
      2.5,
      null,
      'Rye',
      serialToMillis(0) === 0 ? null : expect.any(Number),
      'Yes',
    ]);
    expect(serialToMillis(newest[7]!.value as number)).toBe(Date.UTC(2026, 2, 14));
    expect(rows.flat().some((c) => c.formula)).toBe(false);
    expect(rows[2]!.map((c) => c.value).at(-1)).toBe('from before an edit');
  });

  it('lets only the owner or an admin download', async () => {
    const id = await aChatForm(t.db, owner);
    expect((await t.app.inject(as(undefined, { url: `/api/forms/${id}/responses.xlsx` }))).statusCode).toBe(401);
    expect((await t.app.inject(as(other, { url: `/api/forms/${id}/responses.xlsx` }))).statusCode).toBe(403);
    expect((await t.app.inject(as(owner, { url: '/api/forms/missing/responses.xlsx' }))).statusCode).toBe(404);
  });
});
