import { type ApiRow, signedIn } from './roles';

/** API rows: a person's own account (#15 §6). Keep rows sorted by path within a section. */
export const accountRows: ApiRow[] = [
  // ── account (#15 §6) ──
  {
    method: 'DELETE',
    path: '/api/account',
    expect: { ...signedIn(200), owner: 403 },
    request: ({ actor }) => ({ payload: { email: actor?.email ?? 'nobody@example.com' } }),
    why: 'each actor deletes their own account, confirmed with their email; the owner account (OWNER_EMAIL) cannot delete itself',
  },
  { method: 'GET', path: '/api/account/export', expect: signedIn(200) },
  { method: 'GET', path: '/api/account/export.zip', expect: signedIn(200) },
];
