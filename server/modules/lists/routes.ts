import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiErrorSchema } from '../../../core/api';
import { cursorParamSchema } from '../../../core/feed';
import { normalizeHandle } from '../../../core/handle';
import { listIdParamSchema, listVersionsPageSchema, ownListsSchema } from '../../../core/list';
import { pagePath } from '../../../core/pages';
import type { Config } from '../../config';
import { HttpError } from '../../http-errors';
import { requireUser } from '../../plugins/session';
import { handlesService } from '../handles/service';
import { postsService } from '../posts/service';
import { listsService } from './service';

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 404: apiErrorSchema, 429: apiErrorSchema };

/** The owner's lists, a list's earlier versions, and each list's stable address (docs/decisions/0102). */
export async function listsRoutes(app: FastifyInstance, { config }: { config: Config }) {
  const lists = listsService(app.db);
  const posts = postsService(app.db, config.linkPolicy);
  const handles = handlesService(app.db);
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/api/lists/mine', { schema: { response: { 200: ownListsSchema, ...errors } } }, async (request, reply) => {
    const user = requireUser(request);
    reply.header('cache-control', 'private, no-store');
    return lists.ownLists(user.id);
  });

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
   * The stable address: always the newest version's file, as a 302 that no one may cache, counted
   * like an open. A list that is gone (or a link that breaks the rules now) leads to the profile,
   * where the newest lists are; a handle no one holds leads to /.
   */
  r.get(
    '/:handle/lists/:slug',
    {
      config: { rateLimit: { max: 120, timeWindow: '1 minute' } },
      schema: {
        params: z.object({ handle: z.string().max(200), slug: z.string().max(200) }),
        response: { 302: z.null(), 400: apiErrorSchema, 429: apiErrorSchema },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      reply.header('referrer-policy', 'no-referrer');
      const handle = normalizeHandle(request.params.handle);
      const list = await lists.atAddress(handle, request.params.slug);
      if (list) {
        try {
          const target = await posts.open(list.postId);
          if (target.kind === 'link') return reply.redirect(target.url, 302);
        } catch (error) {
          if (!(error instanceof HttpError && error.statusCode === 404)) throw error;
        }
      }
      const holder = await handles.holder(handle);
      return reply.redirect(holder ? pagePath('profile', { handle: holder.handle }) : pagePath('home'), 302);
    },
  );
}
