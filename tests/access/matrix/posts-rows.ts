import { aFollow, aPost, aUser } from '../../fixtures/factories';
import { type ApiRow, approvedOnly, everyone, type MatrixContext, signedIn } from './roles';

/** A business the actor follows (for the visitor, one nobody follows: the request is refused anyway). */
async function followedBy(ctx: MatrixContext): Promise<string> {
  const handle = `bell-${ctx.unique}`.replace(/[^a-z0-9-]/g, '');
  await aUser(ctx.db, { handle });
  if (ctx.actor) await aFollow(ctx.db, ctx.actor, handle);
  return handle;
}

/** API rows: posts, feed, follows and sharing (#5, #6). Keep rows sorted by path within a section. */
export const postsRows: ApiRow[] = [
  // ── posts and feed (#5) ──
  { method: 'GET', path: '/api/feed', expect: signedIn(200), why: 'the reader’s own feed (empty when following no one)' },
  { method: 'GET', path: '/api/link-policy', expect: everyone(200), why: 'the link rules’ lists, for the /upload form' },
  {
    method: 'POST',
    path: '/api/posts',
    expect: approvedOnly(201),
    request: () => ({ payload: { url: 'https://drive.google.com/file/d/matrix', description: 'Matrix menu' } }),
  },
  {
    method: 'GET',
    path: '/api/posts/mine',
    expect: signedIn(200),
    why: 'the author’s posts with open counts (empty without any)',
  },
  {
    method: 'GET',
    path: '/api/posts/:id/open',
    expect: everyone(302),
    request: async ({ db, unique }) => {
      const author = await aUser(db, { handle: `open-${unique}` });
      const post = await aPost(db, author);
      return { url: `/api/posts/${post.id}/open` };
    },
    why: 'anyone who sees a post card may open its link; the open is counted',
  },
  {
    method: 'GET',
    path: '/api/profiles/:handle',
    expect: everyone(200),
    request: async ({ db, unique }) => {
      await aUser(db, { handle: `prof-${unique}` });
      return { url: `/api/profiles/prof-${unique}` };
    },
    why: 'public profiles (handle, display name and the business card the owner published)',
  },
  {
    method: 'GET',
    path: '/api/profiles/:handle/posts',
    expect: everyone(200),
    request: async ({ db, unique }) => {
      await aUser(db, { handle: `profp-${unique}` });
      return { url: `/api/profiles/profp-${unique}/posts` };
    },
  },

  // ── follows ──
  {
    method: 'DELETE',
    path: '/api/follows/:handle',
    expect: signedIn(200),
    request: ({ unique }) => ({ url: `/api/follows/unf-${unique}` }),
    why: 'unfollowing is idempotent, also for a handle not followed',
  },
  {
    method: 'PUT',
    path: '/api/follows/:handle',
    expect: signedIn(200),
    request: async ({ db, unique }) => {
      await aUser(db, { handle: `fol-${unique}` });
      return { url: `/api/follows/fol-${unique}` };
    },
  },
  {
    method: 'GET',
    path: '/api/follows/:handle/bell',
    expect: signedIn(200),
    request: async (ctx) => ({ url: `/api/follows/${await followedBy(ctx)}/bell` }),
    why: 'one’s own bell for a business one follows; not following it is a 404 (server/modules/email/bells.test.ts)',
  },
  {
    method: 'PUT',
    path: '/api/follows/:handle/bell',
    expect: signedIn(200),
    request: async (ctx) => ({
      url: `/api/follows/${await followedBy(ctx)}/bell`,
      payload: { bell: 'moves', movePercent: 10, cadence: 'daily' },
    }),
    why: 'what one hears of a business one follows, and how often (docs/decisions/0214)',
  },
  { method: 'GET', path: '/api/followers', expect: signedIn(200), why: 'empty without a handle' },
  { method: 'GET', path: '/api/following', expect: signedIn(200) },

  // ── sharing: QR, link previews, RSS (#6) ──
  {
    method: 'GET',
    path: '/:handle/feed.atom',
    expect: everyone(200),
    request: async ({ db, unique }) => {
      const handle = `feed-${unique}`.replace(/[^a-z0-9-]/g, '');
      await aUser(db, { handle });
      return { url: `/${handle}/feed.atom` };
    },
    why: "a handle's Atom feed is public, like its profile",
  },
  {
    method: 'GET',
    path: '/:handle/manifest.webmanifest',
    expect: everyone(200),
    request: async ({ db, unique }) => {
      const handle = `manifest-${unique}`.replace(/[^a-z0-9-]/g, '');
      await aUser(db, { handle });
      return { url: `/${handle}/manifest.webmanifest` };
    },
    why: "a profile's home-screen manifest is public",
  },
  {
    method: 'GET',
    path: '/api/connect/:handle',
    expect: everyone(200),
    request: async ({ db, unique }) => {
      const handle = `connect-${unique}`.replace(/[^a-z0-9-]/g, '');
      await aUser(db, { handle });
      return { url: `/api/connect/${handle}` };
    },
    why: 'the connect page of a handle is public',
  },
  {
    method: 'GET',
    path: '/qr',
    expect: everyone(200),
    request: () => ({ url: `/qr?data=${encodeURIComponent('http://localhost:3000/matrix-shop')}` }),
    why: 'public QR codes, for pages of this site only',
  },
  { method: 'GET', path: '/qr/:file', expect: everyone(200), request: () => ({ url: '/qr/matrix-shop.svg' }) },
  {
    method: 'GET',
    path: '/qr/:handle/card.png',
    expect: everyone(200),
    request: async ({ db, unique }) => {
      const handle = `card-${unique}`.replace(/[^a-z0-9-]/g, '');
      await aUser(db, { handle });
      return { url: `/qr/${handle}/card.png` };
    },
    why: 'the printable card of any handle someone holds is public',
  },
];
