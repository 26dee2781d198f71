import { sql } from 'kysely';
import { aPost, aUser } from '../../fixtures/factories';
import { type ApiExpectation, type ApiRow, everyone, type MatrixContext, signedIn } from './roles';

/** Only the post's author (an approved handle holder here); everyone else signed in is refused. */
const authorOnly = (status: number): ApiExpectation => ({ visitor: 401, user: 403, approved: status, admin: 403, owner: 403 });
/** Nobody may change a post or list of someone else's. */
const nobody: ApiExpectation = { visitor: 401, user: 403, approved: 403, admin: 403, owner: 403 };

/** A post of the actor when they hold a handle, else of someone else (so the row asks as a stranger). */
async function postOfActorOrOther({ db, actor, unique }: MatrixContext) {
  if (actor?.handle) return aPost(db, { id: actor.id, handle: actor.handle });
  return aPost(db, await aUser(db, { handle: `other-${unique}`.replace(/[^a-z0-9-]/g, '') }));
}
async function postOfOther({ db, unique }: MatrixContext, audience: 'public' | 'trade' = 'public') {
  return aPost(db, await aUser(db, { handle: `stranger-${unique}`.replace(/[^a-z0-9-]/g, '') }), { audience });
}

/** The prices' path of a version read of someone else's list (issue 39). */
async function pricesOfOther(ctx: MatrixContext, audience: 'public' | 'trade') {
  const post = await postOfOther(ctx, audience);
  const { rows } = await sql<{ id: number }>`
    insert into list_snapshots (list_id, user_id, post_id, seen_at, checked_at, state, line_ids)
    select ${post.listId}, user_id, ${post.id}, 1700000000000, 1700000000000, 'read', '{}' from lists where id = ${post.listId}
    returning id`.execute(ctx.db);
  return { url: `/api/profiles/${post.handle}/lists/${post.listSlug}/prices?version=${rows[0]?.id}&from=0` };
}

/** API rows: living lists (#17): editing, removing and versioning posts, stable addresses. Sorted by path. */
export const listsRows: ApiRow[] = [
  {
    method: 'PATCH',
    path: '/api/posts/:id',
    expect: authorOnly(200),
    request: async (ctx) => ({ url: `/api/posts/${(await postOfActorOrOther(ctx)).id}`, payload: { description: 'Edited' } }),
    why: 'the author edits their own post; the others here ask about someone else’s',
  },
  {
    method: 'PATCH',
    path: '/api/posts/:id',
    expect: nobody,
    request: async (ctx) => ({ url: `/api/posts/${(await postOfOther(ctx)).id}`, payload: { description: 'Not mine' } }),
    why: 'nobody edits another’s post, admins included',
  },
  {
    method: 'DELETE',
    path: '/api/posts/:id',
    expect: authorOnly(200),
    request: async (ctx) => ({ url: `/api/posts/${(await postOfActorOrOther(ctx)).id}` }),
    why: 'the author removes their own post',
  },
  {
    method: 'DELETE',
    path: '/api/posts/:id',
    expect: nobody,
    request: async (ctx) => ({ url: `/api/posts/${(await postOfOther(ctx)).id}` }),
    why: 'nobody removes another’s post (admins remove whole accounts instead)',
  },
  {
    method: 'POST',
    path: '/api/posts',
    expect: nobody,
    request: async (ctx) => ({
      payload: { url: 'https://drive.google.com/file/d/hijack', listId: (await postOfOther(ctx)).listId },
    }),
    why: 'nobody adds a version to another’s list',
  },
  { method: 'GET', path: '/api/lists/mine', expect: signedIn(200), why: 'the person’s own lists (empty without any)' },
  {
    method: 'GET',
    path: '/api/lists/:id/versions',
    expect: everyone(200),
    request: async (ctx) => ({ url: `/api/lists/${(await postOfOther(ctx)).listId}/versions` }),
    why: 'earlier versions are as public as the list on the profile',
  },
  {
    method: 'GET',
    path: '/:handle/lists/:slug/open',
    expect: everyone(302),
    request: async (ctx) => {
      const post = await postOfOther(ctx);
      return { url: `/${post.handle}/lists/${post.listSlug}/open` };
    },
    why: 'a list’s direct address sends anyone to its newest file',
  },
  {
    method: 'GET',
    path: '/api/profiles/:handle/lists/:slug',
    expect: everyone(200),
    request: async (ctx) => {
      const post = await postOfOther(ctx);
      return { url: `/api/profiles/${post.handle}/lists/${post.listSlug}` };
    },
    why: 'a list’s own page is as public as the profile (the viewer’s Follow state is their own)',
  },
  {
    method: 'GET',
    path: '/api/profiles/:handle/lists/:slug/prices',
    expect: everyone(200),
    request: (ctx) => pricesOfOther(ctx, 'public'),
    why: 'the prices Freshlist read in a public list are as public as the list',
  },
  {
    method: 'GET',
    path: '/api/profiles/:handle/lists/:slug/prices',
    expect: { visitor: 403, user: 403, approved: 403, admin: 403, owner: 403 },
    request: (ctx) => pricesOfOther(ctx, 'trade'),
    why: 'a trade-only list’s prices reach only its owner’s trade customers (ADR 0180), admins included',
  },
  {
    method: 'GET',
    path: '/qr/:handle/lists/:file',
    expect: everyone(200),
    request: () => ({ url: '/qr/matrix-shop/lists/weekly-prices.svg' }),
    why: 'the QR code of a stable address is public, like the address',
  },
  {
    method: 'GET',
    path: '/qr/:handle/lists/:slug/card.png',
    expect: everyone(200),
    request: async (ctx) => {
      const post = await postOfOther(ctx);
      return { url: `/qr/${post.handle}/lists/${post.listSlug}/card.png` };
    },
    why: 'the printable card of a list is public',
  },
];
