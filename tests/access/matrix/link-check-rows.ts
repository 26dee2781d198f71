import { type ApiRow, adminOnly, approvedOnly, signedIn } from './roles';

/** API rows: the link check and watcher (#29). Sorted by path. */
export const linkCheckRows: ApiRow[] = [
  { method: 'GET', path: '/api/admin/link-checks', expect: adminOnly(200) },
  {
    method: 'POST',
    path: '/api/link-check',
    expect: approvedOnly(200),
    request: () => ({ payload: { url: 'https://localhost/lists' } }),
    why: 'only people who can post check links; a link to the site itself is answered without fetching anything',
  },
  { method: 'GET', path: '/api/link-checks/mine', expect: signedIn(200), why: 'the signed-in person’s own broken links' },
];
