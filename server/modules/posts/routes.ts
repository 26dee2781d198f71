import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiErrorSchema } from '../../../core/api';
import { cursorParamSchema, publicPostSchema } from '../../../core/feed';
import { handleParamSchema, normalizeHandle } from '../../../core/handle';
import { editPostSchema, removedPostSchema, sharePostSchema } from '../../../core/list';
import { listPaths } from '../../../core/list-text';
import { linkPolicySchema, ownPostPageSchema, postIdParamSchema } from '../../../core/post';
import type { Config } from '../../config';
import { perPersonLimit } from '../../plugins/rate-limit';
import { requireApproved, requireUser } from '../../plugins/session';
import { openVisitor } from './open-once';
import { goneListPage, removedPostPage } from './removed-page';
import { postsService } from './service';

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema, 429: apiErrorSchema };
const _handleParams = z.object({ handle: handleParamSchema.transform(normalizeHandle) });
const pageQuery = z.object({ cursor: cursorParamSchema });
/** Abuse protection only: the planned per-tier upload limits are not enforced (decisions.md). */
export const UPLOADS_PER_WINDOW = 30;

export async function postsRoutes(app: FastifyInstance, { config }: { config: Config }) {
  const posts = postsService(app.db, config.linkPolicy);
  const r = app.withTypeProvider<ZodTypeProvider>();

  // The browser checks links by the same lists the server enforces.
  r.get('/api/link-policy', { schema: { response: { 200: linkPolicySchema } } }, async (_request, reply) => {
    reply.header('cache-control', 'public, max-age=300');
    return config.linkPolicy;
  });

  r.post(
    '/api/posts',
    {
      config: { rateLimit: perPersonLimit(UPLOADS_PER_WINDOW, '10 minutes') },
      schema: {
        body: sharePostSchema(config.linkPolicy),
        response: { 200: z.object({ post: publicPostSchema }), 201: z.object({ post: publicPostSchema }), ...errors },
      },
    },
    async (request, reply) => {
      const author = requireApproved(request);
      const { post, created } = await posts.create(author, request.body);
      // The same idempotency key again answers 200 with the post stored the first time.
      return reply.code(created ? 201 : 200).send({ post });
    },
  );

  r.patch(
    '/api/posts/:id',
    {
      config: { rateLimit: perPersonLimit(UPLOADS_PER_WINDOW, '10 minutes') },
      schema: {
        params: z.object({ id: postIdParamSchema }),
        body: editPostSchema(config.linkPolicy),
        response: { 200: z.object({ post: publicPostSchema }), ...errors },
      },
    },
    async (request) => {
      const user = requireUser(request);
      return { post: await posts.edit(user, request.params.id, request.body) };
    },
  );

  r.delete(
    '/api/posts/:id',
    {
      config: { rateLimit: perPersonLimit(UPLOADS_PER_WINDOW, '10 minutes') },
      schema: { params: z.object({ id: postIdParamSchema }), response: { 200: removedPostSchema, ...errors } },
    },
    async (request) => posts.remove(requireUser(request), request.params.id),
  );

  r.get(
    '/api/posts/mine',
    { schema: { querystring: pageQuery, response: { 200: ownPostPageSchema, ...errors } } },
    async (request, reply) => {
      const user = requireUser(request);
      reply.header('cache-control', 'private, no-store');
      return posts.ownPosts(user.id, request.query.cursor);
    },
  );

  // A plain link a new tab follows: counts the open, then redirects to the stored, still-allowed URL.
  r.get(
    '/api/posts/:id/open',
    {
      config: { rateLimit: { max: 120, timeWindow: '1 minute' } },
      schema: {
        params: z.object({ id: postIdParamSchema }),
        response: { 302: z.null(), 410: z.string(), ...errors },
      },
    },
    async (request, reply) => {
      const target = await posts.open(request.params.id, request.user, openVisitor(request));
      reply.header('cache-control', 'no-store');
      reply.header('referrer-policy', 'no-referrer');
      // The post was removed: the tab this link opened learns so, with the way to the profile.
      if (target.kind === 'removed') return reply.code(410).type('text/html; charset=utf-8').send(removedPostPage(target.handle));
      if (target.kind === 'gone') return reply.code(410).type('text/html; charset=utf-8').send(goneListPage());
      // Trade only and no access: the list's own address, which says so and offers to ask.
      if (target.kind === 'locked') return reply.redirect(listPaths.stable(target.handle, target.slug), 302);
      return reply.redirect(target.url, 302);
    },
  );
}
