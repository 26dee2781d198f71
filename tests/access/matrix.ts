/**
 * The access matrix: every API route and every page, with what each role gets (spec section 6 and
 * decisions.md). `access-matrix.test.ts` walks the API rows through fastify.inject and fails when
 * a registered route has no row (or a row names a route that no longer exists);
 * `tests/e2e/access-pages.test.ts` walks the page rows in a real browser.
 *
 * Adding a route? Add its row in its domain's file under tests/access/matrix/ (keep rows sorted by
 * path there). Page rows follow from the route table (core/pages.ts): see matrix/pages.ts.
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
import { accountRows } from './matrix/account-rows';
import { adminRows } from './matrix/admin-rows';
import { alertsRows } from './matrix/alerts-rows';
import { authRows } from './matrix/auth-rows';
import { compareRows } from './matrix/compare-rows';
import { contentsRows } from './matrix/contents-rows';
import { directoryRows } from './matrix/directory-rows';
import { emailRows } from './matrix/email-rows';
import { formsRows } from './matrix/forms-rows';
import { handlesRows } from './matrix/handles-rows';
import { linkCheckRows } from './matrix/link-check-rows';
import { listsRows } from './matrix/lists-rows';
import { ordersRows } from './matrix/orders-rows';
import { postsRows } from './matrix/posts-rows';
import { pushRows } from './matrix/push-rows';
import type { ApiRow, RouteGroup } from './matrix/roles';
import { tradeRows } from './matrix/trade-rows';

// The names the access tests and tests/e2e/access-pages.test.ts import from here.
export { type PageRow, pages } from './matrix/pages';
export { type ApiRow, PAGE_SEED, ROLES, type Role } from './matrix/roles';

export const apiRoutes: ApiRow[] = [
  ...authRows,
  ...handlesRows,
  ...postsRows,
  ...listsRows,
  ...contentsRows,
  ...formsRows,
  ...adminRows,
  ...emailRows,
  ...directoryRows,
  ...compareRows,
  ...alertsRows,
  ...pushRows,
  ...accountRows,
  ...linkCheckRows,
  ...tradeRows,
  ...ordersRows,
];

/** Routes covered as a group. */
export const routeGroups: RouteGroup[] = [
  {
    name: 'built web app files',
    why: 'public static files of the production build (scripts, styles, images), the same for everyone',
    covers: (method, path) => (method === 'GET' || method === 'HEAD') && /^\/(assets\/|[^/]+\.[a-z0-9]+$)/i.test(path),
  },
];
