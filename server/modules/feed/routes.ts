import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiErrorSchema } from '../../../core/api';
import { cursorParamSchema, encodeCursor, feedPageSchema } from '../../../core/feed';
import { requireUser } from '../../plugins/session';
import { feedService } from './service';

export async function feedRoutes(app: FastifyInstance) {
  const feed = feedService(app.db);
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/feed',
    {
      schema: {
        querystring: z.object({ cursor: cursorParamSchema }),
        response: { 200: feedPageSchema, 400: apiErrorSchema, 401: apiErrorSchema },
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      reply.header('cache-control', 'private, no-store');
      const { cursor } = request.query;
      return app.reads.get(`feed:${user.id}:${cursor ? encodeCursor(cursor) : ''}`, () => feed.page(user.id, cursor));
    },
  );
}
