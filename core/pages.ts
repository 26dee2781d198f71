import { NOTE_PAGES, NOTE_SLUGS, type NoteSlug } from './note-pages';

/**
 * The route table of spec section 2, in one place (ADR 0080): the web router maps every key to a
 * component, links are built from it (`pagePath`), the reserved handles take its first path
 * segments (core/handle.ts) and the access matrix derives its page rows from it. Pure data, no
 * React and no zod (ADR 0062: the public profile's first visit reads it).
 */

/**
 * Who may see a page; anyone else is sent on by the page's guard:
 * - public: everyone.
 * - visitor: people not signed in (landing, login); signed-in people go to /dashboard.
 * - signed-in: anyone signed in; visitors go to /login with a way back.
 * - approved: holders of an approved handle; other signed-in people go to /dashboard.
 * - admin: admins (the owner is one); anyone else goes to /login.
 * - owner: only the OWNER_EMAIL account; anyone else goes to /.
 */
export type PageAccess = 'public' | 'visitor' | 'signed-in' | 'approved' | 'admin' | 'owner';

export interface PageEntry {
  /** The route pattern, parameters as `:name`. */
  readonly path: string;
  readonly access: PageAccess;
  /** A short title (for document titles; not shown yet). */
  readonly title: string;
  /**
   * Rendered on the server as a visitor sees it, then hydrated (docs/decisions/0108): its content
   * shows before any JavaScript runs. Public pages only; the others stay client-rendered.
   */
  readonly rendered?: true;
}

const SITE_PAGES = {
  home: { path: '/', access: 'visitor', title: 'Freshlist', rendered: true },
  login: { path: '/login', access: 'visitor', title: 'Sign in' },
  loginComplete: { path: '/login/complete', access: 'visitor', title: 'Signing in' },
  dashboard: { path: '/dashboard', access: 'signed-in', title: 'Dashboard' },
  // the person's own account and email (#15 §6, #18)
  settings: { path: '/settings', access: 'signed-in', title: 'Settings' },

  // handles and invites (#4)
  requestHandle: { path: '/request-handle', access: 'public', title: 'Request a handle' },
  requestInvite: { path: '/request-invite', access: 'public', title: 'Request an invite' },
  inviteWithoutHandle: { path: '/invite', access: 'public', title: 'Invite' },
  invite: { path: '/invite/:handle', access: 'public', title: 'Invite' },
  adminHandles: { path: '/admin/handles', access: 'owner', title: 'Handles' },
  adminInvite: { path: '/admin/invite', access: 'admin', title: 'Invite' },
  adminInviteRequests: { path: '/admin/invite-requests', access: 'admin', title: 'Invite requests' },
  adminInvitesPending: { path: '/admin/invites-pending', access: 'admin', title: 'Pending invites' },

  // posts, feed and follows (#5)
  upload: { path: '/upload', access: 'approved', title: 'Upload' },
  feed: { path: '/feed', access: 'signed-in', title: 'Feed' },
  followers: { path: '/followers', access: 'signed-in', title: 'Followers' },
  following: { path: '/following', access: 'signed-in', title: 'Following' },

  // sharing (#6)
  follow: { path: '/follow/:handle', access: 'public', title: 'Connect', rendered: true },
  tellYourFriends: { path: '/tell-your-friends', access: 'public', title: 'Tell your friends', rendered: true },

  // forms (#7)
  form: { path: '/form/:formId', access: 'public', title: 'Form' },
  chatFormCreator: { path: '/chat-form-creator', access: 'signed-in', title: 'Chat forms' },
  chatFormNew: { path: '/chat-form-creator/new', access: 'signed-in', title: 'New form' },
  chatFormEdit: { path: '/chat-form-creator/:formId', access: 'signed-in', title: 'Edit form' },
  chatFormResponses: { path: '/chat-form-creator/:formId/responses', access: 'signed-in', title: 'Form responses' },

  // find and be found (#15 §3, §4)
  explore: { path: '/explore', access: 'public', title: 'Explore', rendered: true },
  // one item across suppliers (#39 §3)
  compare: { path: '/compare', access: 'public', title: 'Compare', rendered: true },
  settingsProfile: { path: '/settings/profile', access: 'approved', title: 'Business profile' },

  // orders from a list and the order desk (#40 §2-3)
  orders: { path: '/orders', access: 'signed-in', title: 'Orders' },
  order: { path: '/orders/:id', access: 'signed-in', title: 'Order' },
  // the order mail's one-time answer link (docs/decisions/0210): the token is the authority
  orderAnswer: { path: '/orders/answer/:token', access: 'public', title: 'Answer an order' },

  // admin (#8) and analytics; the notes pages follow from NOTE_PAGES
  admin: { path: '/admin/', access: 'admin', title: 'Admin' },
  adminUsers: { path: '/admin/users-overview', access: 'admin', title: 'Users' },
  adminDeletedUsers: { path: '/admin/deleted-users', access: 'admin', title: 'Deleted users' },
  adminIndexCheck: { path: '/admin/test-firestore-indexes', access: 'admin', title: 'Index check' },
  adminAuditLog: { path: '/admin/audit-log', access: 'admin', title: 'Audit log' },
  adminAnalytics: { path: '/admin/analytics', access: 'admin', title: 'Analytics' },
  adminEmail: { path: '/admin/email', access: 'admin', title: 'Email' },
  adminLinkChecks: { path: '/admin/link-checks', access: 'admin', title: 'Link checks' },
  adminJobs: { path: '/admin/jobs', access: 'admin', title: 'Background jobs' },
} as const satisfies Record<string, PageEntry>;

export type NotePageKey = `note-${NoteSlug}`;
type NotePages = { readonly [S in NoteSlug as `note-${S}`]: { path: `/admin/${S}`; access: 'admin'; title: string } };

const NOTE_PAGE_ENTRIES = Object.fromEntries(
  NOTE_SLUGS.map((slug) => [`note-${slug}`, { path: `/admin/${slug}`, access: 'admin', title: NOTE_PAGES[slug] }]),
) as NotePages;

export const notePageKey = (slug: NoteSlug): NotePageKey => `note-${slug}`;

/**
 * Every page. The public profile comes last as a reminder that it only gets what no fixed route
 * claims: React Router ranks fixed segments before `/:handle` whatever the order, and every first
 * segment here is a reserved handle. Any other path goes to / (the router's catch-all).
 */
export const PAGES = {
  ...SITE_PAGES,
  ...NOTE_PAGE_ENTRIES,
  // What changed in a list's file, version by version, and one version as text (#30).
  listChanges: { path: '/:handle/lists/:slug/changes', access: 'public', title: 'What changed', rendered: true },
  listVersion: { path: '/:handle/lists/:slug/versions/:version', access: 'public', title: 'Earlier version' },
  // A list's printable QR card with Download, Print and Share (issue 43: it was a bare PNG in a new tab).
  listCard: { path: '/:handle/lists/:slug/card', access: 'public', title: 'QR card' },
  // A list's own page (#31): the stable address on its QR card. After every fixed route.
  list: { path: '/:handle/lists/:slug', access: 'public', title: 'List', rendered: true },
  profile: { path: '/:handle', access: 'public', title: 'Profile', rendered: true },
} as const;

export type PageKey = keyof typeof PAGES;
export const PAGE_KEYS = Object.keys(PAGES) as PageKey[];

/** The `:name` parameters of a path pattern. */
type ParamNames<P extends string> = P extends `${string}:${infer Name}/${infer Rest}`
  ? Name | ParamNames<`/${Rest}`>
  : P extends `${string}:${infer Name}`
    ? Name
    : never;

export type PageParams<K extends PageKey> = { readonly [N in ParamNames<(typeof PAGES)[K]['path']>]: string };

/** The arguments after the key: the parameters when the path has any, nothing otherwise. */
export type PageParamArgs<K extends PageKey> = [ParamNames<(typeof PAGES)[K]['path']>] extends [never]
  ? []
  : [params: PageParams<K>];

/** A link to a page of the table: `:params` filled in, each encoded as one path segment. */
export function pagePath<K extends PageKey>(key: K, ...[params]: PageParamArgs<K>): string {
  const values = (params ?? {}) as Record<string, string>;
  return PAGES[key].path.replace(/:([A-Za-z]+)/g, (_, name: string) => encodeURIComponent(values[name] ?? ''));
}

/** The first path segments of the pages (no parameters): what a handle must not shadow. */
export function pageFirstSegments(): string[] {
  const segments = Object.values(PAGES).map((page: PageEntry) => page.path.split('/')[1] ?? '');
  return [...new Set(segments.filter((s) => s !== '' && !s.startsWith(':')))].sort();
}
