import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PAGE_KEYS, PAGES } from '../../core/pages';
import { WEB_ROOT } from '../../server/plugins/web';
import { buildTestApp, type TestApp } from '../fixtures/app';
import { aPost, aSessionFor, as, aUser, type TestUser } from '../fixtures/factories';
import { type ApiRow, apiRoutes, PAGE_SEED, pages, ROLES, type Role, routeGroups } from './matrix';
import { type RegisteredRoute, routeCollector } from './routes';

const registered = routeCollector();
let t: TestApp;
let owner: TestUser;

beforeAll(async () => {
  t = await buildTestApp({ OWNER_EMAIL: PAGE_SEED.ownerEmail }, { onRoute: registered.onRoute });
  owner = await aUser(t.db, { email: PAGE_SEED.ownerEmail, admin: true, name: 'The Owner' });
});
afterAll(() => t.close());

const rowMatches = (row: ApiRow, route: RegisteredRoute) =>
  row.path === route.path && (row.method === '*' ? route.methods.length > 1 : route.methods.includes(row.method));

let counter = 0;
async function actorFor(role: Role, unique: string): Promise<TestUser | undefined> {
  switch (role) {
    case 'visitor':
      return undefined;
    case 'user':
      return aUser(t.db);
    case 'approved':
      return aUser(t.db, { handle: `matrix-${unique}` });
    case 'admin':
      return aUser(t.db, { admin: true });
    case 'owner':
      // One owner account (OWNER_EMAIL), a fresh session per row: a sign-out row must not end the next row's.
      return aSessionFor(t.db, owner);
  }
}

describe('the access matrix', () => {
  it('lists every registered API route, and no route that does not exist', () => {
    const routes = registered.routes();
    expect(routes.length).toBeGreaterThan(5);
    const missing = routes
      .filter((r) => !apiRoutes.some((row) => rowMatches(row, r)))
      .filter((r) => !r.methods.every((m) => routeGroups.some((g) => g.covers(m, r.path))))
      .map((r) => `${r.methods.join(',')} ${r.path}`);
    expect(missing, 'routes without a row in tests/access/matrix.ts').toEqual([]);
    const stale = apiRoutes.filter((row) => !routes.some((r) => rowMatches(row, r))).map((row) => `${row.method} ${row.path}`);
    expect(stale, 'rows in tests/access/matrix.ts for routes that are not registered').toEqual([]);
  });

  it.each(apiRoutes.map((row) => [`${row.method} ${row.path}`, row] as const))('%s', async (_name, row) => {
    const got: Record<string, number> = {};
    for (const role of ROLES) {
      counter += 1;
      const unique = `${counter}-${role}`;
      const actor = await actorFor(role, String(counter));
      const request = (await row.request?.({ role, actor, db: t.db, unique })) ?? {};
      // Bytes (an uploaded logo) go as they are; anything else as JSON.
      const bytes = Buffer.isBuffer(request.payload) ? request.payload : undefined;
      const init = as(actor, {
        method: row.method === '*' ? 'GET' : row.method,
        url: request.url ?? row.path,
        payload: bytes ? undefined : request.payload,
      });
      const response = await t.app.inject({
        ...init,
        ...(bytes ? { payload: bytes } : {}),
        headers: { ...init.headers, ...request.headers },
      });
      got[role] = response.statusCode;
      if (response.statusCode >= 400 && String(response.headers['content-type']).includes('json')) {
        expect(typeof response.json().message, `${role}: a ${response.statusCode} says why`).toBe('string');
      }
    }
    expect(got).toEqual(row.expect);
  });
});

describe('the page matrix', () => {
  it('lists every page of the route table, and the catch-all', () => {
    expect(pages.map((p) => p.path)).toEqual([...PAGE_KEYS.map((key) => PAGES[key].path), '*']);
    const needUrl = pages.filter((p) => /[:*]/.test(p.path) && !p.url).map((p) => p.path);
    expect(needUrl, 'page rows with parameters need a concrete url').toEqual([]);
  });

  it('serves the web app for every page to every role (the browser then applies the page rules)', async () => {
    const built = existsSync(join(WEB_ROOT, 'index.html'));
    // Public pages about a handle are rendered on the server (issue 20): the seeded handle must exist.
    const shop = await aUser(t.db, { handle: PAGE_SEED.approvedHandle });
    await aPost(t.db, shop, { description: 'Weekly prices' });
    for (const page of pages) {
      const response = await t.app.inject({ method: 'GET', url: page.url ?? page.path, headers: { cookie: owner.cookie } });
      expect(response.statusCode, page.path).toBe(built ? 200 : 503);
      expect(response.headers['content-type'], page.path).toMatch(built ? /text\/html/ : /text\/plain/);
    }
  });
});
