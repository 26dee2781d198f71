/** The roles, what each expects, and the row shapes of the access matrix (tests/access/matrix.ts). */
import type { DB } from '../../../server/plugins/db';
import type { TestUser } from '../../fixtures/factories';

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
  /** A list of the approved handle's (its description 'Weekly prices' names it), for its own page. */
  listSlug: 'weekly-prices',
  ownerEmail: 'owner@example.com',
} as const;
