import { sql } from 'kysely';
import { aPost, aUser } from '../../fixtures/factories';
import { type ApiExpectation, type ApiRow, everyone, type MatrixContext } from './roles';

/** A list of someone else's (or of the actor, when `own` and they hold a handle) with two versions read. */
async function listRead({ db, actor, unique }: MatrixContext, own = false) {
  const author = own && actor?.handle ? actor : await aUser(db, { handle: `grocer-${unique}`.replace(/[^a-z0-9-]/g, '') });
  const post = await aPost(db, { id: author.id, handle: author.handle });
  const ids: number[] = [];
  for (const i of [0, 1]) {
    const { rows } = await sql<{ id: number }>`
      insert into list_snapshots (list_id, user_id, post_id, seen_at, checked_at, state, line_ids)
      values (${post.listId}, ${author.id}, ${post.id}, ${1_700_000_000_000 + i}, ${1_700_000_000_000 + i}, 'read', '{}')
      returning id`.execute(db);
    ids.push(Number(rows[0]?.id));
  }
  return { base: `/api/contents/${post.handle}/${post.listSlug}`, ids, listId: post.listId };
}

/** Only the list's owner (an approved handle holder here) removes its versions. */
const ownerOfList = (status: number): ApiExpectation => ({ visitor: 401, user: 403, approved: status, admin: 403, owner: 403 });

/** API rows: what Freshlist read in lists' files (#30). Sorted by path. */
export const contentsRows: ApiRow[] = [
  {
    method: 'GET',
    path: '/api/contents/:handle/:slug/as-of/:date',
    expect: everyone(200),
    request: async (ctx) => ({ url: `${(await listRead(ctx)).base}/as-of/2026-10-03` }),
    why: 'a public list’s earlier contents are as public as the list',
  },
  {
    method: 'GET',
    path: '/api/contents/:handle/:slug/changes',
    expect: everyone(200),
    request: async (ctx) => ({ url: `${(await listRead(ctx)).base}/changes` }),
    why: 'what changed in a public list is public',
  },
  {
    method: 'GET',
    path: '/api/contents/:handle/:slug/compare',
    expect: everyone(200),
    request: async (ctx) => {
      const { base, ids } = await listRead(ctx);
      return { url: `${base}/compare?from=${ids[0]}&to=${ids[1]}` };
    },
    why: 'anyone who can see the list compares two of its versions',
  },
  {
    method: 'GET',
    path: '/api/contents/:handle/:slug/summary',
    expect: everyone(200),
    request: async (ctx) => ({ url: `${(await listRead(ctx)).base}/summary` }),
    why: 'what a public list’s own page says of its newest version',
  },
  {
    method: 'GET',
    path: '/api/contents/summaries',
    expect: everyone(200),
    request: async (ctx) => {
      const { listId } = await listRead(ctx);
      return { url: `/api/contents/summaries?lists=${listId}` };
    },
    why: 'what a public list’s card says of its newest version',
  },
  {
    method: 'DELETE',
    path: '/api/contents/:handle/:slug/versions/:versionId',
    expect: ownerOfList(200),
    request: async (ctx) => {
      const { base, ids } = await listRead(ctx, true);
      return { url: `${base}/versions/${ids[0]}` };
    },
    why: 'the list’s owner removes a version; the others here ask about someone else’s list (admins remove accounts, not versions)',
  },
  {
    method: 'GET',
    path: '/api/contents/:handle/:slug/versions/:versionId',
    expect: everyone(200),
    request: async (ctx) => {
      const { base, ids } = await listRead(ctx);
      return { url: `${base}/versions/${ids[1]}` };
    },
    why: 'one version of a public list as text',
  },
];
