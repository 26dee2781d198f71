import { aPost, aUser } from '../../fixtures/factories';
import { type ApiExpectation, type ApiRow, adminOnly, approvedOnly, type MatrixContext, signedIn } from './roles';

/** Only a list's owner (an approved handle holder here) has its file checked now. */
const ownerOfList = (status: number): ApiExpectation => ({ visitor: 401, user: 403, approved: status, admin: 403, owner: 403 });

/** A list of the actor when they hold a handle, else of someone else. */
async function listOfActorOrOther(ctx: MatrixContext): Promise<number> {
  if (ctx.actor?.handle) return (await aPost(ctx.db, { id: ctx.actor.id, handle: ctx.actor.handle })).listId;
  const other = await aUser(ctx.db, { handle: `checker-${ctx.unique}`.replace(/[^a-z0-9-]/g, '') });
  return (await aPost(ctx.db, other)).listId;
}

/** That list with one press of "check now" on it, still checking. */
async function pressOfActorOrOther(ctx: MatrixContext): Promise<string> {
  const listId = await listOfActorOrOther(ctx);
  const press = await ctx.db
    .insertInto('check_now_presses')
    .values({ list_id: listId, pressed_at: Date.now() })
    .returning('id')
    .executeTakeFirstOrThrow();
  return `/api/lists/${listId}/check-now/${press.id}`;
}

/** API rows: the link check and watcher (#29), and the owner's "check now" (#41). Sorted by path. */
export const linkCheckRows: ApiRow[] = [
  { method: 'GET', path: '/api/admin/link-checks', expect: adminOnly(200) },
  {
    method: 'POST',
    path: '/api/link-check',
    expect: approvedOnly(200),
    request: () => ({ payload: { url: 'https://localhost/lists' } }),
    why: 'only people who can post check links; a link to the site itself is answered without fetching anything',
  },
  { method: 'GET', path: '/api/link-checks/mine', expect: signedIn(200), why: 'the signed-in person’s own broken links' },
  {
    method: 'POST',
    path: '/api/lists/:id/check-now',
    expect: ownerOfList(202),
    request: async (ctx) => ({ url: `/api/lists/${await listOfActorOrOther(ctx)}/check-now` }),
    why: 'the owner has the file checked at once (queued for a worker); anyone else here asks about someone else’s list',
  },
  {
    method: 'GET',
    path: '/api/lists/:id/check-now/:checkId',
    expect: ownerOfList(200),
    request: async (ctx) => ({ url: await pressOfActorOrOther(ctx) }),
    why: 'what the owner’s check found; anyone else here asks about someone else’s list',
  },
];
