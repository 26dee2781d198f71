import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../tests/fixtures/app';
import { as, aUser, type TestUser } from '../../../tests/fixtures/factories';

/** Every admin API of the admin, accounts, index-check, notes and audit modules, tried as each role of spec section 6. */
let t: TestApp;
const roles: Record<string, TestUser | undefined> = {};
let victim: TestUser;
/** Made an admin by the admin: a different account from the victim, whom only the owner could delete once an admin. */
let grantee: TestUser;

beforeAll(async () => {
  t = await buildTestApp({ OWNER_EMAIL: 'owner@example.com' });
  roles.visitor = undefined;
  roles.user = await aUser(t.db);
  roles['handle owner'] = await aUser(t.db, { handle: 'fresh-farm' });
  roles.owner = await aUser(t.db, { email: 'owner@example.com' });
  roles.admin = await aUser(t.db, { admin: true });
  victim = await aUser(t.db, { handle: 'victim' });
  grantee = await aUser(t.db);
});
afterAll(() => t.close());

const endpoints = () => [
  { method: 'GET', url: '/api/admin/overview' },
  { method: 'GET', url: '/api/admin/users?q=a' },
  { method: 'PUT', url: `/api/admin/users/${grantee.id}/admin`, payload: { admin: true } },
  { method: 'DELETE', url: `/api/admin/users/${victim.id}` },
  { method: 'GET', url: '/api/admin/deleted-users' },
  { method: 'POST', url: `/api/admin/deleted-users/${victim.id}/restore`, payload: { overwrite: true } },
  { method: 'GET', url: '/api/admin/index-check' },
  { method: 'GET', url: '/api/admin/notes/monetization-roadmap' },
  { method: 'PUT', url: '/api/admin/notes/monetization-roadmap', payload: { body: 'Plan' } },
  { method: 'GET', url: '/api/admin/audit-log' },
];

describe('admin APIs refuse everyone but admins', () => {
  for (const [role, status, message] of [
    ['visitor', 401, 'Please sign in.'],
    ['user', 403, 'Only admins can do that.'],
    ['handle owner', 403, 'Only admins can do that.'],
    ['owner', 403, 'Only admins can do that.'],
  ] as const) {
    it(`${role}: ${status} on every admin API, and nothing changes`, async () => {
      for (const endpoint of endpoints()) {
        const res = await t.app.inject(as(roles[role], endpoint));
        expect([endpoint.method, endpoint.url, res.statusCode, res.json().message]).toEqual([
          endpoint.method,
          endpoint.url,
          status,
          message,
        ]);
      }
      const still = await t.db.selectFrom('users').select(['admin']).where('id', '=', grantee.id).executeTakeFirst();
      expect(still).toEqual({ admin: false });
    });
  }

  it('admin: allowed on every admin API (in this order: grant, delete, restore)', async () => {
    for (const endpoint of endpoints()) {
      const res = await t.app.inject(as(roles.admin, endpoint));
      expect([endpoint.method, endpoint.url, res.statusCode]).toEqual([endpoint.method, endpoint.url, 200]);
    }
  });
});
