import { aChatForm, aUser } from '../../fixtures/factories';
import { type ApiRow, adminOnly, everyone, signedIn } from './roles';

/** API rows: forms (#7, #19). Keep rows sorted by path within a section. */
export const formsRows: ApiRow[] = [
  // ── forms (#7) ──
  { method: 'GET', path: '/api/forms', expect: signedIn(200), why: "the user's own forms (?scope=all is for admins)" },
  {
    method: 'POST',
    path: '/api/forms',
    expect: signedIn(201),
    request: ({ unique }) => ({ payload: { title: `Form ${unique}`, questions: [{ field: 'name', lines: ['Your name?'] }] } }),
  },
  {
    method: 'DELETE',
    path: '/api/forms/:formId',
    expect: adminOnly(204),
    request: async ({ db }) => ({ url: `/api/forms/${await aChatForm(db, await aUser(db))}` }),
    why: "the form's owner or an admin; the seeded form belongs to someone else",
  },
  {
    method: 'GET',
    path: '/api/forms/:formId',
    expect: everyone(200),
    request: async ({ db }) => ({ url: `/api/forms/${await aChatForm(db, await aUser(db))}` }),
    why: 'the public form',
  },
  {
    method: 'PUT',
    path: '/api/forms/:formId',
    expect: adminOnly(200),
    request: async ({ db, unique }) => ({
      url: `/api/forms/${await aChatForm(db, await aUser(db))}`,
      payload: { title: `Edited ${unique}`, questions: [{ field: 'name', lines: ['Your name?'] }] },
    }),
    why: "the form's owner or an admin; the seeded form belongs to someone else",
  },
  {
    method: 'GET',
    path: '/api/forms/:formId/manage',
    expect: adminOnly(200),
    request: async ({ db }) => ({ url: `/api/forms/${await aChatForm(db, await aUser(db))}/manage` }),
    why: "the form's owner or an admin; the seeded form belongs to someone else",
  },
  {
    method: 'GET',
    path: '/api/forms/:formId/responses',
    expect: adminOnly(200),
    request: async ({ db }) => ({ url: `/api/forms/${await aChatForm(db, await aUser(db))}/responses` }),
    why: "the form's owner or an admin; the seeded form belongs to someone else",
  },
  {
    method: 'GET',
    path: '/api/forms/:formId/responses.csv',
    expect: adminOnly(200),
    request: async ({ db }) => ({ url: `/api/forms/${await aChatForm(db, await aUser(db))}/responses.csv` }),
    why: "the form's owner or an admin; the seeded form belongs to someone else",
  },
  {
    method: 'GET',
    path: '/api/forms/:formId/responses.xlsx',
    expect: adminOnly(200),
    request: async ({ db }) => ({ url: `/api/forms/${await aChatForm(db, await aUser(db))}/responses.xlsx` }),
    why: "the form's owner or an admin; the seeded form belongs to someone else (issue 19)",
  },
  {
    method: 'POST',
    path: '/api/forms/:formId/submissions',
    expect: everyone(201),
    request: async ({ db, unique }) => ({
      url: `/api/forms/${await aChatForm(db, await aUser(db))}/submissions`,
      payload: { answers: { name: 'Ada', order: 'Rye' }, idempotencyKey: `matrix-key-${unique}-0000000000` },
    }),
    why: 'anyone may answer a public form (10 a minute per visitor)',
  },
];
