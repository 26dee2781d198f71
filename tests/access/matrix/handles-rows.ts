import { aHandleRequest, anInvite, anInviteRequest, aUser } from '../../fixtures/factories';
import { type ApiRow, adminOnly, everyone, ownerOnly, signedIn } from './roles';

/** API rows: handles, handle requests, invites and invite requests (#4). Keep rows sorted by path within a section. */
export const handlesRows: ApiRow[] = [
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
    method: 'DELETE',
    path: '/api/admin/handle-holds/:handle',
    expect: ownerOnly(200),
    request: async ({ db, unique }) => {
      // A released handle is held (migration 2300); the owner may free it at once.
      const held = await aUser(db, { handle: `hold-${unique}` });
      await db.deleteFrom('handles').where('user_id', '=', held.id).execute();
      return { url: `/api/admin/handle-holds/hold-${unique}` };
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
  {
    method: 'POST',
    path: '/api/handle-status/removed-notice/seen',
    expect: signedIn(204),
    request: () => ({ payload: {} }),
    why: 'each person acknowledges only their own notice',
  },

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
];
