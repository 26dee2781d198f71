import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as m1400 from '../../../db/migrations/1400-chat-form-closing';
import { buildTestApp, type TestApp } from '../../../tests/fixtures/app';
import { as, aUser, type TestUser } from '../../../tests/fixtures/factories';
import { readXlsx } from '../../../tests/fixtures/xlsx';

/**
 * A form and responses written before migration 1400 (issue 19) still open, take answers and
 * export after it: the rows are made on the schema as it was, then the migration runs.
 */
let t: TestApp;
let owner: TestUser;
const FORM = 'old-form-1400';

beforeAll(async () => {
  t = await buildTestApp();
  owner = await aUser(t.db, { name: 'Old Owner' });
  await m1400.down(t.db);
  await sql`
    insert into chat_forms (id, owner_id, title, questions, created_at, updated_at)
    values (${FORM}, ${owner.id}, 'Old form', ${JSON.stringify([
      { field: 'name', lines: ['Name?'] },
      { field: 'order', lines: ['Order?'], long: true },
    ])}::jsonb, 1, 1)`.execute(t.db);
  await sql`
    insert into chat_form_submissions (form_id, answers, idempotency_key, submitted_at)
    values (${FORM}, ${JSON.stringify({ name: 'Ada', order: 'Rye\nSpelt' })}::jsonb, 'old-key-000000000000', 1000)`.execute(t.db);
  await m1400.up(t.db);
});
afterAll(() => t.close());

describe('a form saved before migration 1400', () => {
  it('opens as short- and long-text questions, open, without a limit', async () => {
    const form = (await t.app.inject(as(undefined, { url: `/api/forms/${FORM}` }))).json().form;
    expect(form).toMatchObject({
      closed: null,
      closesAt: null,
      questions: [
        { field: 'name', type: 'text', required: true, options: [] },
        { field: 'order', type: 'long-text', required: true, options: [] },
      ],
    });
  });

  it('takes a new response, and lists it with the old one in every view', async () => {
    const res = await t.app.inject(
      as(undefined, {
        method: 'POST',
        url: `/api/forms/${FORM}/submissions`,
        payload: { answers: { name: 'Bo', order: 'Rye' }, idempotencyKey: `new-key-${crypto.randomUUID()}` },
      }),
    );
    expect(res.statusCode).toBe(201);
    const table = (await t.app.inject(as(owner, { url: `/api/forms/${FORM}/responses` }))).json();
    expect(table.responses.map((r: { answers: unknown }) => r.answers)).toEqual([
      { name: 'Bo', order: 'Rye' },
      { name: 'Ada', order: 'Rye\nSpelt' },
    ]);
    const csv = (await t.app.inject(as(owner, { url: `/api/forms/${FORM}/responses.csv` }))).body;
    expect(csv).toContain('1970-01-01 00:00,Ada,"Rye\nSpelt"\r\n');
    const xlsx = await t.app.inject(as(owner, { url: `/api/forms/${FORM}/responses.xlsx` }));
    expect(
      readXlsx(xlsx.rawPayload)
        .rows.at(-1)
        ?.slice(1)
        .map((c) => c.value),
    ).toEqual(['Ada', 'Rye\nSpelt']);
  });

  it('lets the owner edit it and close it', async () => {
    const payload = { title: 'Old form', questions: [{ field: 'name', lines: ['Name?'] }], maxResponses: 2 };
    const res = await t.app.inject(as(owner, { method: 'PUT', url: `/api/forms/${FORM}`, payload }));
    expect(res.json().form).toMatchObject({ maxResponses: 2, closed: 'full' });
  });
});
