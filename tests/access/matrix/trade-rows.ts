import { aPost, aUser } from '../../fixtures/factories';
import { type ApiExpectation, type ApiRow, approvedOnly, type MatrixContext, signedIn } from './roles';

/** Only a list's owner (an approved handle holder here) changes its audience. */
const ownerOfList = (status: number): ApiExpectation => ({ visitor: 401, user: 403, approved: status, admin: 403, owner: 403 });

const clean = (s: string) => s.replace(/[^a-z0-9-]/g, '');

/** A supplier with one trade-only list, for the actor to ask. */
async function supplier({ db, unique }: MatrixContext) {
  const owner = await aUser(db, { handle: clean(`supplier-${unique}`) });
  await aPost(db, owner, { audience: 'trade' });
  return owner;
}

/** A list of the actor when they hold a handle, else of someone else. */
async function listOfActorOrOther(ctx: MatrixContext) {
  if (ctx.actor?.handle) return aPost(ctx.db, { id: ctx.actor.id, handle: ctx.actor.handle });
  return aPost(ctx.db, await aUser(ctx.db, { handle: clean(`lister-${ctx.unique}`) }));
}

/** API rows: trade-only lists (#32): audiences, access requests, trade settings. Sorted by path. */
export const tradeRows: ApiRow[] = [
  {
    method: 'PUT',
    path: '/api/lists/:id/audience',
    expect: ownerOfList(200),
    request: async (ctx) => ({
      url: `/api/lists/${(await listOfActorOrOther(ctx)).listId}/audience`,
      payload: { audience: 'trade' },
    }),
    why: 'the owner chooses who sees a list; anyone else here asks about someone else’s list',
  },
  {
    method: 'GET',
    path: '/api/trade/access/:handle',
    expect: signedIn(200),
    request: async (ctx) => ({ url: `/api/trade/access/${(await supplier(ctx)).handle}` }),
    why: 'a signed-in person’s own standing with a supplier',
  },
  {
    method: 'POST',
    path: '/api/trade/access/:handle',
    expect: signedIn(200),
    request: async (ctx) => ({
      url: `/api/trade/access/${(await supplier(ctx)).handle}`,
      payload: { businessName: 'Matrix Bistro' },
    }),
    why: 'any signed-in person may ask a supplier for access; the supplier decides',
  },
  {
    method: 'GET',
    path: '/api/trade/requests',
    expect: approvedOnly(200),
    why: 'the requests to a handle’s holder, and the members they approved',
  },
  {
    method: 'POST',
    path: '/api/trade/requests/:memberId',
    expect: approvedOnly(200),
    request: async (ctx) => {
      const member = await aUser(ctx.db);
      if (ctx.actor?.handle) {
        await aPost(ctx.db, { id: ctx.actor.id, handle: ctx.actor.handle }, { audience: 'trade' });
        await ctx.db
          .insertInto('trade_requests')
          .values({
            owner_id: ctx.actor.id,
            member_id: member.id,
            business_name: 'Cafe',
            state: 'pending',
            created_at: Date.now(),
          })
          .execute();
      }
      return { url: `/api/trade/requests/${member.id}`, payload: { decision: 'approve' } };
    },
    why: 'only the supplier answers the requests made to them',
  },
  { method: 'GET', path: '/api/trade/settings', expect: signedIn(200), why: 'the person’s own trade settings' },
  {
    method: 'PUT',
    path: '/api/trade/settings',
    expect: signedIn(200),
    request: () => ({ payload: { shownToFollowed: true } }),
    why: 'the person’s own trade settings',
  },
];
