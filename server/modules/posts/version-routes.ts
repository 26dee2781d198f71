import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiErrorSchema } from '../../../core/api';
import { cursorParamSchema } from '../../../core/feed';
import { normalizeHandle } from '../../../core/handle';
import { listIdParamSchema, listVersionsPageSchema } from '../../../core/list';
import { listPaths } from '../../../core/list-text';
import type { Config } from '../../config';
import { HttpError } from '../../http-errors';
import { listsService } from '../lists/service';
import { openVisitor } from './open-once';
import { postsService } from './service';

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 404: apiErrorSchema, 429: apiErrorSchema };

/**
 * A list's versions and its direct address (docs/decisions/0102): both are its posts. Here rather
 * than in the lists module, so that posts use lists and lists use nothing of posts (issue 28).
 */
export async function listVersionRoutes(app: FastifyInstance, { config }: { config: Config }) {
  const lists = listsService(app.db);
  const posts = postsService(app.db, config.linkPolicy);
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/lists/:id/versions',
    {
      schema: {
        params: z.object({ id: listIdParamSchema }),
        querystring: z.object({ cursor: cursorParamSchema }),
        response: { 200: listVersionsPageSchema, ...errors },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      return posts.earlierVersions(request.params.id, request.query.cursor, request.user);
    },
  );

  /**
   * The direct address: always the newest version's file, as a 302 that no one may cache, counted
   * like an open (docs/decisions/0102). When it cannot lead to a file (the list or the business is
   * gone, or the link breaks today's rules), the list's own page says why.
   */
  r.get(
    '/:handle/lists/:slug/open',
    {
      // Who asks decides whether a trade-only list's file opens (docs/decisions/0180).
      config: { rateLimit: { max: 120, timeWindow: '1 minute' }, withSession: true },
      schema: {
        params: z.object({ handle: z.string().max(200), slug: z.string().max(200) }),
        response: { 302: z.null(), 400: apiErrorSchema, 429: apiErrorSchema },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      reply.header('referrer-policy', 'no-referrer');
      const handle = normalizeHandle(request.params.handle);
      const list = await lists.atAddress(handle, request.params.slug.toLowerCase());
      if (list) {
        try {
          const target = await posts.open(list.postId, request.user, openVisitor(request));
          if (target.kind === 'link') return reply.redirect(target.url, 302);
        } catch (error) {
          if (!(error instanceof HttpError && error.statusCode === 404)) throw error;
        }
      }
      return reply.redirect(listPaths.stable(handle, request.params.slug), 302);
    },
  );
}
