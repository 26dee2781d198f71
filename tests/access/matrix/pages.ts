import { PAGE_KEYS, PAGES, type PageAccess, type PageKey, pagePath } from '../../../core/pages';
import { PAGE_SEED, type Role } from './roles';

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
/** /admin/handles: only the owner; anyone else goes to /, where signed-in people move on to /dashboard. */
export const ownerPage: PageExpectation = { ...pageFor('/', '/dashboard'), owner: 'shown' };

/** What each access level of the route table means for each role. */
const BY_ACCESS: Record<PageAccess, PageExpectation> = {
  public: publicPage,
  visitor: visitorPage,
  'signed-in': signedInPage,
  approved: approvedPage,
  admin: adminPage,
  owner: ownerPage,
};

export interface PageRow {
  /** The route pattern of the route table (core/pages.ts); '*' for the catch-all. */
  path: string;
  /** Concrete URL to open; default: the path. */
  url?: string;
  expect: PageExpectation;
  why?: string;
}

type PageNote = Partial<Omit<PageRow, 'path'>>;

/**
 * Where a page differs from its access level, the URL a page with parameters is opened at, and
 * why a page does what it does when that is not obvious.
 */
const NOTES: Partial<Record<PageKey, PageNote>> = {
  login: { why: 'signed in: goes to ?redirect= or /dashboard' },
  loginComplete: {
    expect: pageFor('/login', '/dashboard'),
    why: 'no popup: finishes the sign-in in place and moves on (to /login?error=1 when it failed)',
    url: '/login/complete?redirect=%2Fdashboard&error=1',
  },
  requestHandle: {
    expect: { ...publicPage, approved: '/dashboard' },
    why: 'visitors may fill it in and sign in to submit; holders of a handle have nothing to request',
  },
  requestInvite: {
    expect: { ...publicPage, approved: '/dashboard' },
    why: "visitors see 'Get Started'; holders of a handle (or an earlier request) go to /dashboard",
  },
  inviteWithoutHandle: { why: "'Invalid invite link.'" },
  invite: { url: pagePath('invite', { handle: 'no-such-invite' }), why: "'Invite not found.' (every state is a page)" },
  feed: { expect: publicPage, why: "visitors see 'Please sign in to view your feed.' with a sign-in link" },
  profile: {
    url: pagePath('profile', { handle: PAGE_SEED.approvedHandle }),
    why: "public profiles; an unknown handle says 'No business called @…' with a 404 (server/plugins/pages.test.ts)",
  },
  follow: { url: pagePath('follow', { handle: PAGE_SEED.approvedHandle }) },
  list: {
    url: pagePath('list', { handle: PAGE_SEED.approvedHandle, slug: PAGE_SEED.listSlug }),
    why: "a list's own page; one that is gone says 'This list is no longer on Freshlist' (tests/e2e/list-page.test.ts)",
  },
  listCard: {
    url: pagePath('listCard', { handle: PAGE_SEED.approvedHandle, slug: PAGE_SEED.listSlug }),
    why: "a list's QR card with Download, Print and Share, as public as the list",
  },
  compare: {
    url: '/compare?item=burrata',
    why: 'one item across suppliers: public lists for everyone, trade-only lines only with access (tests/e2e/compare.test.ts)',
  },
  order: {
    url: pagePath('order', { id: '999999999' }),
    why: "signed in: 'No such order, or it is not yours to see.' for another's or an unknown id",
  },
  orderAnswer: {
    url: pagePath('orderAnswer', { token: 'A'.repeat(43) }),
    why: "the order mail's link: a made-up token says 'This link is not valid' (server/modules/orders/desk.test.ts)",
  },
  chatFormEdit: {
    url: pagePath('chatFormEdit', { formId: 'no-such-form' }),
    why: "signed in: the editor says 'Form not found' for an unknown id",
  },
  chatFormResponses: { url: pagePath('chatFormResponses', { formId: 'no-such-form' }) },
  form: { url: pagePath('form', { formId: 'no-such-form' }), why: "shows 'Form not found' to everyone" },
  listChanges: {
    url: pagePath('listChanges', { handle: PAGE_SEED.approvedHandle, slug: PAGE_SEED.listSlug }),
    why: "what changed in a public list, rendered on the server (issue 43); an unknown list says 'List not found.' with a 404",
  },
  listVersion: {
    url: pagePath('listVersion', { handle: PAGE_SEED.approvedHandle, slug: 'no-such-list', version: '2026-10-03' }),
    why: "a public list as of a day; an unknown list says 'List not found.'",
  },
};

/** Every page of the route table, then the catch-all. */
export const pages: PageRow[] = [
  ...PAGE_KEYS.map((key) => ({ path: PAGES[key].path, expect: BY_ACCESS[PAGES[key].access], ...NOTES[key] })),
  {
    path: '*',
    url: '/no/such/page',
    expect: pageFor('/', '/dashboard'),
    why: 'unknown paths go to / (then /dashboard when signed in)',
  },
];
