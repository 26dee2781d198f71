import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiErrorSchema } from '../../../core/api';
import { cursorParamSchema, encodeCursor, feedPageSchema } from '../../../core/feed';
import { fastSerializer } from '../../fast-serializer';
import { requireUser } from '../../plugins/session';
import { feedService } from './service';

export async function feedRoutes(app: FastifyInstance) {
  const feed = feedService(app.db);
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/feed',
    {
      config: { sessionInQuery: true },
      serializerCompiler: fastSerializer,
      schema: {
        querystring: z.object({ cursor: cursorParamSchema }),
        response: { 200: feedPageSchema, 400: apiErrorSchema, 401: apiErrorSchema },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      const { cursor } = request.query;
      const key = (userId: string) => `feed:${userId}:${cursor ? encodeCursor(cursor) : ''}`;
      // No session in memory: the page's own query checks it, one round trip (docs/decisions/0107).
      if (request.sessionLookup) {
        const since = app.reads.generation;
        const { session, page } = await feed.pageWithSession(request.sessionLookup, cursor);
        app.sessions.adopt(request, session, since);
        const user = requireUser(request);
        app.reads.keep(key(user.id), page, since);
        return page!;
      }
      const user = requireUser(request);
      return app.reads.get(key(user.id), () => feed.page(user.id, cursor));
    },
  );
}
