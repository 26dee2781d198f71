import { aDeletedUser, aUser } from '../../fixtures/factories';
import { type ApiRow, adminOnly, everyone } from './roles';

/** API rows: admin (#8) and analytics. Keep rows sorted by path within a section. */
export const adminRows: ApiRow[] = [
  // ── admin (#8) ──
  { method: 'GET', path: '/api/admin/audit-log', expect: adminOnly(200) },
  {
    method: 'GET',
    path: '/api/admin/deleted-users',
    expect: adminOnly(200),
  },
  {
    method: 'POST',
    path: '/api/admin/deleted-users/:id/restore',
    expect: adminOnly(200),
    request: async ({ db, actor }) => {
      const deleter = actor ?? (await aUser(db, { admin: true }));
      const gone = await aDeletedUser(db, deleter);
      return { url: `/api/admin/deleted-users/${gone.id}/restore`, payload: {} };
    },
  },
  { method: 'GET', path: '/api/admin/index-check', expect: adminOnly(200) },
  { method: 'GET', path: '/api/admin/jobs', expect: adminOnly(200) },
  {
    method: 'POST',
    path: '/api/admin/jobs/:name/:id/retry',
    expect: adminOnly(404),
    request: () => ({ url: '/api/admin/jobs/list-changed/00000000-0000-4000-8000-000000000000/retry' }),
    why: 'no such failed job; running a failed one again answers 200 (server/modules/jobs/routes.test.ts)',
  },
  {
    method: 'GET',
    path: '/api/admin/notes/:slug',
    expect: adminOnly(200),
    request: () => ({ url: '/api/admin/notes/monetization-roadmap' }),
  },
  {
    method: 'PUT',
    path: '/api/admin/notes/:slug',
    expect: adminOnly(200),
    request: ({ unique }) => ({ url: '/api/admin/notes/instagram-promotion', payload: { body: `Idea ${unique}` } }),
  },
  { method: 'GET', path: '/api/admin/overview', expect: adminOnly(200) },
  { method: 'GET', path: '/api/admin/read-cache', expect: adminOnly(200) },
  { method: 'GET', path: '/api/admin/users', expect: adminOnly(200), request: () => ({ url: '/api/admin/users?q=example' }) },
  {
    method: 'DELETE',
    path: '/api/admin/users/:id',
    expect: adminOnly(200),
    request: async ({ db }) => ({ url: `/api/admin/users/${(await aUser(db)).id}` }),
  },
  {
    method: 'DELETE',
    path: '/api/admin/users/:id/sessions',
    expect: adminOnly(200),
    request: async ({ db }) => ({ url: `/api/admin/users/${(await aUser(db)).id}/sessions` }),
  },
  {
    method: 'PUT',
    path: '/api/admin/users/:id/admin',
    expect: adminOnly(200),
    request: async ({ db }) => ({ url: `/api/admin/users/${(await aUser(db)).id}/admin`, payload: { admin: true } }),
  },

  // ── analytics ──
  { method: 'GET', path: '/api/admin/analytics', expect: adminOnly(200) },
  {
    method: 'GET',
    path: '/api/analytics/config',
    expect: everyone(200),
    why: 'tells the browser whether a tag manager is configured',
  },
  {
    method: 'POST',
    path: '/api/analytics/events',
    expect: everyone(200),
    request: () => ({ payload: { events: [{ name: 'page_view', path: '/' }] } }),
    why: 'anyone may send events; they are kept only with the consent cookie, and anonymously',
  },
];
