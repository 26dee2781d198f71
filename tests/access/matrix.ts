/**
 * The access matrix: every API route and every page, with what each role gets (spec section 6 and
 * decisions.md). `access-matrix.test.ts` walks the API rows through fastify.inject and fails when
 * a registered route has no row (or a row names a route that no longer exists);
 * `tests/e2e/access-pages.test.ts` walks the page rows in a real browser.
 *
 * Adding a route? Add its row in its domain's section below (keep rows sorted by path there).
 *
 * The roles, as the tests make them:
 * - visitor: no session.
 * - user: signed in, no handle, not an admin.
 * - approved: signed in with an approved handle (`actor.handle`).
 * - admin: the admin flag, no handle.
 * - owner: OWNER_EMAIL (the spec's fixed admin user), also an admin, no handle.
 * Every API row gets fresh visitor/user/approved/admin actors for each role, so one row's writes
 * never change another row's outcome; the owner is one account (with a fresh session per row).
 */
import type { DB } from '../../server/plugins/db';
import {
  aChatForm,
  aDeletedUser,
  aHandleRequest,
  anInvite,
  anInviteRequest,
  aPost,
  aUser,
  type TestUser,
} from '../fixtures/factories';

export const ROLES = ['visitor', 'user', 'approved', 'admin', 'owner'] as const;
export type Role = (typeof ROLES)[number];

/** The HTTP status each role gets. */
export type ApiExpectation = Record<Role, number>;

export const everyone = (status: number): ApiExpectation => ({
  visitor: status,
  user: status,
  approved: status,
  admin: status,
  owner: status,
});
/** Any signed-in person; visitors get 401. */
export const signedIn = (status: number): ApiExpectation => ({ ...everyone(status), visitor: 401 });
/** Holders of an approved handle; other signed-in people get 403. */
export const approvedOnly = (status: number): ApiExpectation => ({
  visitor: 401,
  user: 403,
  approved: status,
  admin: 403,
  owner: 403,
});
/** Admins (the owner is one). */
export const adminOnly = (status: number): ApiExpectation => ({
  visitor: 401,
  user: 403,
  approved: 403,
  admin: status,
  owner: status,
});
/** Only the OWNER_EMAIL account (handle management). */
export const ownerOnly = (status: number): ApiExpectation => ({
  visitor: 401,
  user: 403,
  approved: 403,
  admin: 403,
  owner: status,
});

export interface MatrixContext {
  role: Role;
  /** The signed-in actor; undefined for the visitor. */
  actor: TestUser | undefined;
  db: DB;
  /** Unique per row and role: use it in handles and emails the request creates. */
  unique: string;
}

export interface MatrixRequest {
  /** Concrete URL (path parameters filled in, query string); default: the row's path. */
  url?: string;
  /** JSON body. */
  payload?: unknown;
  headers?: Record<string, string>;
}

export interface ApiRow {
  /** As registered; '*' for a route registered for every method. */
  method: string;
  /** The route pattern as registered, e.g. '/api/handles/:handle'. */
  path: string;
  expect: ApiExpectation;
  /** Builds the request for one role (seed what it needs through ctx.db and the factories). */
  request?: (ctx: MatrixContext) => MatrixRequest | Promise<MatrixRequest>;
  /** Why the outcome is what it is, when it is not obvious. */
  why?: string;
}

/** Routes listed as a group (for example, files of the built web app) instead of one row each. */
export interface RouteGroup {
  name: string;
  why: string;
  covers(method: string, path: string): boolean;
}

// Handles and names the page walk seeds (tests/e2e/access-pages.test.ts), usable in page URLs.
export const PAGE_SEED = {
  approvedHandle: 'matrix-shop',
  ownerEmail: 'owner@example.com',
} as const;

export const apiRoutes: ApiRow[] = [
  // ── health ──
  { method: 'GET', path: '/healthz', expect: everyone(200) },
  { method: 'GET', path: '/readyz', expect: everyone(200) },

  // ── auth ──
  {
    method: 'GET',
    path: '/api/auth/callback',
    expect: everyone(302),
    why: 'without the signed sign-in cookie it sends everyone to /login/complete?error=1',
  },
  { method: 'GET', path: '/api/auth/login', expect: everyone(302), why: 'redirects to the identity provider' },
  { method: 'POST', path: '/api/auth/logout', expect: everyone(204), why: 'signing out twice is harmless' },
  { method: 'GET', path: '/api/auth/me', expect: everyone(200), why: 'answers { user: null } to visitors' },
  {
    method: '*',
    path: '/oidc/*',
    expect: everyone(200),
    request: () => ({ url: '/oidc/.well-known/openid-configuration' }),
    why: 'the development identity provider (not mounted with OIDC_ISSUER or in production); it guards its own flow',
  },
  {
    method: 'GET',
    path: '/oidc/interaction/:uid',
    expect: everyone(400),
    request: () => ({ url: '/oidc/interaction/unknown' }),
    why: 'an unknown or expired sign-in interaction',
  },
  {
    method: 'POST',
    path: '/oidc/interaction/:uid',
    expect: everyone(400),
    request: () => ({ url: '/oidc/interaction/unknown', payload: { email: 'x@example.com', name: 'X' } }),
    why: 'an unknown or expired sign-in interaction',
  },
  { method: 'GET', path: '/oidc-assets/dev-sign-in.css', expect: everyone(200) },

  // ── handles and handle requests (#4) ──
  { method: 'GET', path: '/api/admin/handles', expect: ownerOnly(200) },
  {
    method: 'POST',
    path: '/api/admin/handles',
    expect: adminOnly(201),
    request: ({ unique }) => ({
      payload: { handle: `made-${unique}`, email: `made-${unique}@example.com`, displayName: 'Made By Admin' },
    }),
    why: 'an admin-created handle (/admin/invite); admins, not only the owner',
  },
  {
    method: 'DELETE',
    path: '/api/admin/handles/:handle',
    expect: ownerOnly(200),
    request: async ({ db, unique }) => {
      await aUser(db, { handle: `del-${unique}` });
      return { url: `/api/admin/handles/del-${unique}` };
    },
  },
  {
    method: 'POST',
    path: '/api/admin/handle-requests/:userId/approve',
    expect: ownerOnly(200),
    request: async ({ db, unique }) => {
      const requester = await aUser(db);
      await aHandleRequest(db, requester, `req-${unique}`);
      return { url: `/api/admin/handle-requests/${requester.id}/approve`, payload: {} };
    },
  },
  {
    method: 'POST',
    path: '/api/admin/handle-requests/:userId/reject',
    expect: ownerOnly(200),
    request: async ({ db, unique }) => {
      const requester = await aUser(db);
      await aHandleRequest(db, requester, `req-${unique}`);
      return { url: `/api/admin/handle-requests/${requester.id}/reject` };
    },
  },
  {
    method: 'POST',
    path: '/api/handle-requests',
    expect: { visitor: 401, user: 201, approved: 409, admin: 201, owner: 201 },
    request: ({ unique }) => ({
      payload: { handle: `want-${unique}`, displayName: 'Wanting', usageDescription: 'Price lists' },
    }),
    why: 'a holder of a handle cannot request another (409)',
  },
  { method: 'GET', path: '/api/handle-status', expect: signedIn(200) },

  // ── invites and invite requests ──
  {
    method: 'GET',
    path: '/api/admin/invite-requests',
    expect: adminOnly(200),
  },
  {
    method: 'DELETE',
    path: '/api/admin/invite-requests/:userId',
    expect: adminOnly(200),
    request: async ({ db, unique }) => {
      const requester = await aUser(db);
      await anInviteRequest(db, requester, `ask-${unique}`);
      return { url: `/api/admin/invite-requests/${requester.id}` };
    },
  },
  {
    method: 'POST',
    path: '/api/admin/invite-requests/:userId/convert',
    expect: adminOnly(200),
    request: async ({ db, unique }) => {
      const requester = await aUser(db);
      await anInviteRequest(db, requester, `ask-${unique}`);
      return { url: `/api/admin/invite-requests/${requester.id}/convert`, payload: {} };
    },
  },
  { method: 'GET', path: '/api/admin/invites', expect: adminOnly(200) },
  {
    method: 'POST',
    path: '/api/admin/invites',
    expect: adminOnly(201),
    request: ({ unique }) => ({
      payload: { handle: `inv-${unique}`, email: `inv-${unique}@example.com`, displayName: 'Invited' },
    }),
  },
  {
    method: 'DELETE',
    path: '/api/admin/invites/:handle',
    expect: adminOnly(200),
    request: async ({ db, unique }) => {
      await anInvite(db, { handle: `inv-${unique}`, email: `inv-${unique}@example.com` });
      return { url: `/api/admin/invites/inv-${unique}` };
    },
  },
  {
    method: 'PUT',
    path: '/api/admin/invites/:handle/sent',
    expect: adminOnly(200),
    request: async ({ db, unique }) => {
      await anInvite(db, { handle: `inv-${unique}`, email: `inv-${unique}@example.com` });
      return { url: `/api/admin/invites/inv-${unique}/sent`, payload: { sent: true } };
    },
  },
  {
    method: 'POST',
    path: '/api/invite-requests',
    expect: { visitor: 401, user: 201, approved: 409, admin: 201, owner: 201 },
    request: ({ unique }) => ({ payload: { name: 'Asking', handle: `ask-${unique}` } }),
    why: 'a holder of a handle needs no invite (409)',
  },
  {
    method: 'GET',
    path: '/api/invites/:handle',
    expect: everyone(200),
    request: async ({ db, unique }) => {
      await anInvite(db, { handle: `inv-${unique}`, email: `inv-${unique}@example.com` });
      return { url: `/api/invites/inv-${unique}` };
    },
    why: 'visitors learn only that they must sign in; others see the mismatch state',
  },
  {
    method: 'POST',
    path: '/api/invites/:handle/accept',
    expect: { visitor: 401, user: 200, approved: 409, admin: 200, owner: 403 },
    request: async ({ actor, db, role, unique }) => {
      // The owner is one shared account: its invite is for another email, so it never gets a handle here.
      const email = actor && role !== 'owner' ? actor.email : `inv-${unique}@example.com`;
      await anInvite(db, { handle: `inv-${unique}`, email });
      return { url: `/api/invites/inv-${unique}/accept`, payload: { displayName: 'Invitee' } };
    },
    why: 'only the invited email may accept (403 otherwise); a holder of a handle cannot take a second (409)',
  },

  // ── posts and feed (#5) ──
  { method: 'GET', path: '/api/feed', expect: signedIn(200), why: 'the reader’s own feed (empty when following no one)' },
  { method: 'GET', path: '/api/link-policy', expect: everyone(200), why: 'the link rules’ lists, for the /upload form' },
  {
    method: 'POST',
    path: '/api/posts',
    expect: approvedOnly(201),
    request: () => ({ payload: { url: 'https://drive.google.com/file/d/matrix', description: 'Matrix menu' } }),
  },
  {
    method: 'GET',
    path: '/api/posts/mine',
    expect: signedIn(200),
    why: 'the author’s posts with open counts (empty without any)',
  },
  {
    method: 'GET',
    path: '/api/posts/:id/open',
    expect: everyone(302),
    request: async ({ db, unique }) => {
      const author = await aUser(db, { handle: `open-${unique}` });
      const post = await aPost(db, author);
      return { url: `/api/posts/${post.id}/open` };
    },
    why: 'anyone who sees a post card may open its link; the open is counted',
  },
  {
    method: 'GET',
    path: '/api/profiles/:handle',
    expect: everyone(200),
    request: async ({ db, unique }) => {
      await aUser(db, { handle: `prof-${unique}` });
      return { url: `/api/profiles/prof-${unique}` };
    },
    why: 'public profiles (handle and display name only)',
  },
  {
    method: 'GET',
    path: '/api/profiles/:handle/posts',
    expect: everyone(200),
    request: async ({ db, unique }) => {
      await aUser(db, { handle: `profp-${unique}` });
      return { url: `/api/profiles/profp-${unique}/posts` };
    },
  },

  // ── follows ──
  {
    method: 'DELETE',
    path: '/api/follows/:handle',
    expect: signedIn(200),
    request: ({ unique }) => ({ url: `/api/follows/unf-${unique}` }),
    why: 'unfollowing is idempotent, also for a handle not followed',
  },
  {
    method: 'PUT',
    path: '/api/follows/:handle',
    expect: signedIn(200),
    request: async ({ db, unique }) => {
      await aUser(db, { handle: `fol-${unique}` });
      return { url: `/api/follows/fol-${unique}` };
    },
  },
  { method: 'GET', path: '/api/followers', expect: signedIn(200), why: 'empty without a handle' },
  { method: 'GET', path: '/api/following', expect: signedIn(200) },

  // ── sharing: QR, link previews, RSS (#6) ──
  {
    method: 'GET',
    path: '/:handle/feed.atom',
    expect: everyone(200),
    request: async ({ db, unique }) => {
      const handle = `feed-${unique}`.replace(/[^a-z0-9-]/g, '');
      await aUser(db, { handle });
      return { url: `/${handle}/feed.atom` };
    },
    why: "a handle's Atom feed is public, like its profile",
  },
  {
    method: 'GET',
    path: '/:handle/manifest.webmanifest',
    expect: everyone(200),
    request: async ({ db, unique }) => {
      const handle = `manifest-${unique}`.replace(/[^a-z0-9-]/g, '');
      await aUser(db, { handle });
      return { url: `/${handle}/manifest.webmanifest` };
    },
    why: "a profile's home-screen manifest is public",
  },
  {
    method: 'GET',
    path: '/api/connect/:handle',
    expect: everyone(200),
    request: async ({ db, unique }) => {
      const handle = `connect-${unique}`.replace(/[^a-z0-9-]/g, '');
      await aUser(db, { handle });
      return { url: `/api/connect/${handle}` };
    },
    why: 'the connect page of a handle is public',
  },
  {
    method: 'GET',
    path: '/qr',
    expect: everyone(200),
    request: () => ({ url: `/qr?data=${encodeURIComponent('http://localhost:3000/matrix-shop')}` }),
    why: 'public QR codes, for pages of this site only',
  },
  { method: 'GET', path: '/qr/:file', expect: everyone(200), request: () => ({ url: '/qr/matrix-shop.svg' }) },
  {
    method: 'GET',
    path: '/qr/:handle/card.png',
    expect: everyone(200),
    request: async ({ db, unique }) => {
      const handle = `card-${unique}`.replace(/[^a-z0-9-]/g, '');
      await aUser(db, { handle });
      return { url: `/qr/${handle}/card.png` };
    },
    why: 'the printable card of any handle someone holds is public',
  },

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
    method: 'POST',
    path: '/api/forms/:formId/submissions',
    expect: everyone(201),
    request: async ({ db, unique }) => ({
      url: `/api/forms/${await aChatForm(db, await aUser(db))}/submissions`,
      payload: { answers: { name: 'Ada', order: 'Rye' }, idempotencyKey: `matrix-key-${unique}-0000000000` },
    }),
    why: 'anyone may answer a public form (10 a minute per visitor)',
  },

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

/** Routes covered as a group. */
export const routeGroups: RouteGroup[] = [
  {
    name: 'built web app files',
    why: 'public static files of the production build (scripts, styles, images), the same for everyone',
    covers: (method, path) => (method === 'GET' || method === 'HEAD') && /^\/(assets\/|[^/]+\.[a-z0-9]+$)/i.test(path),
  },
];

/** Where a browser ends up: 'shown' (stays on the page) or the path it is sent to. */
export type PageOutcome = 'shown' | `/${string}`;
export type PageExpectation = Record<Role, PageOutcome>;

const pageFor = (visitor: PageOutcome, signedInOutcome: PageOutcome): PageExpectation => ({
  visitor,
  user: signedInOutcome,
  approved: signedInOutcome,
  admin: signedInOutcome,
  owner: signedInOutcome,
});
export const publicPage: PageExpectation = pageFor('shown', 'shown');
/** Protected: visitors go to /login (with a redirect back). */
export const signedInPage: PageExpectation = pageFor('/login', 'shown');
/** For visitors only (landing, login): signed-in people go to /dashboard. */
export const visitorPage: PageExpectation = pageFor('shown', '/dashboard');
/** Approved handle owners only; other signed-in people go to /dashboard. */
export const approvedPage: PageExpectation = { ...pageFor('/login', '/dashboard'), approved: 'shown' };
/**
 * Admin pages: everyone else goes to /login. Visitors stay there (with a redirect back); signed-in
 * non-admins are sent on by /login to /dashboard, which is where they end up.
 */
export const adminPage: PageExpectation = { ...pageFor('/login', '/dashboard'), admin: 'shown', owner: 'shown' };
/** /admin/handles: only the owner; anyone else goes to /. */
export const ownerPage: PageExpectation = { ...pageFor('/', '/'), owner: 'shown' };

export interface PageRow {
  /** The route pattern as written in web/app/router.tsx. */
  path: string;
  /** Concrete URL to open; default: the path. */
  url?: string;
  expect: PageExpectation;
  why?: string;
}

export const pages: PageRow[] = [
  { path: '/', expect: visitorPage },
  { path: '/login', expect: visitorPage, why: 'signed in: goes to ?redirect= or /dashboard' },
  {
    path: '/login/complete',
    expect: pageFor('/login', '/dashboard'),
    why: 'no popup: finishes the sign-in in place and moves on (to /login?error=1 when it failed)',
    url: '/login/complete?redirect=%2Fdashboard&error=1',
  },
  { path: '/dashboard', expect: signedInPage },

  // ── handles (#4) ──
  {
    path: '/request-handle',
    expect: { ...publicPage, approved: '/dashboard' },
    why: 'visitors may fill it in and sign in to submit; holders of a handle have nothing to request',
  },
  {
    path: '/request-invite',
    expect: { ...publicPage, approved: '/dashboard' },
    why: "visitors see 'Get Started'; holders of a handle (or an earlier request) go to /dashboard",
  },
  { path: '/invite', expect: publicPage, why: "'Invalid invite link.'" },
  {
    path: '/invite/:handle',
    url: '/invite/no-such-invite',
    expect: publicPage,
    why: "'Invite not found.' (every state is a page)",
  },
  { path: '/admin/handles', expect: ownerPage },
  { path: '/admin/invite', expect: adminPage },
  { path: '/admin/invite-requests', expect: adminPage },
  { path: '/admin/invites-pending', expect: adminPage },

  // ── posts and feed (#5) ──
  { path: '/upload', expect: approvedPage },
  { path: '/feed', expect: publicPage, why: "visitors see 'Please sign in to view your feed.' with a sign-in link" },
  { path: '/followers', expect: signedInPage },
  { path: '/following', expect: signedInPage },
  {
    path: '/:handle',
    url: `/${PAGE_SEED.approvedHandle}`,
    expect: publicPage,
    why: 'public profiles; an unknown handle goes to / (tests/e2e/posts-and-feed.test.ts)',
  },

  // ── sharing (#6) ──
  { path: '/follow/:handle', url: `/follow/${PAGE_SEED.approvedHandle}`, expect: publicPage },
  { path: '/tell-your-friends', expect: publicPage },

  // ── forms (#7) ──
  { path: '/chat-form-creator', expect: signedInPage },
  {
    path: '/chat-form-creator/:formId',
    url: '/chat-form-creator/no-such-form',
    expect: signedInPage,
    why: "signed in: the editor says 'Form not found' for an unknown id",
  },
  { path: '/chat-form-creator/:formId/responses', url: '/chat-form-creator/no-such-form/responses', expect: signedInPage },
  { path: '/chat-form-creator/new', expect: signedInPage },
  { path: '/form/:formId', url: '/form/no-such-form', expect: publicPage, why: "shows 'Form not found' to everyone" },

  // ── admin (#8) ──
  { path: '/admin/analytics', expect: adminPage },
  { path: '/admin', expect: adminPage },
  { path: '/admin/audit-log', expect: adminPage },
  { path: '/admin/deleted-users', expect: adminPage },
  { path: '/admin/digital-sticker-service', expect: adminPage },
  { path: '/admin/freshlist-farm-summary', expect: adminPage },
  { path: '/admin/instagram-community-spotlights', expect: adminPage },
  { path: '/admin/instagram-post-ideas', expect: adminPage },
  { path: '/admin/instagram-promotion', expect: adminPage },
  { path: '/admin/monetization-roadmap', expect: adminPage },
  { path: '/admin/test-firestore-indexes', expect: adminPage },
  { path: '/admin/tier-system-overview', expect: adminPage },
  { path: '/admin/users-overview', expect: adminPage },

  {
    path: '*',
    url: '/no/such/page',
    expect: pageFor('/', '/dashboard'),
    why: 'unknown paths go to / (then /dashboard when signed in)',
  },
];
