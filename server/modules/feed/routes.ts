import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiErrorSchema } from '../../../core/api';
import { cursorParamSchema, encodeCursor, type FeedPage, feedPageSchema } from '../../../core/feed';
import { fastSerializer } from '../../fast-serializer';
import { requireUser } from '../../plugins/session';
import { followerTag, handleTag, tableTags } from '../../read-cache/read-tags';
import { feedService } from './service';

/**
 * The tables of other people's rows a feed page shows; trade-only lists open by the reader's
 * access (trade_contents_for, docs/decisions/0180). A list's link health (link_checks) is filed by
 * the handles on the page instead: the watcher checks lists all day, and a check of one handle's
 * list would otherwise drop every reader's feed (issue 28).
 */
const FEED_TABLES = tableTags('posts', 'lists', 'handles', 'trade_contents', 'trade_requests');

/** Everything a reader's feed page shows: their follows, the tables above, the handles whose lists it holds. */
const feedTags = (userId: string) => (page: FeedPage | undefined) => [
  followerTag(userId),
  ...FEED_TABLES,
  ...new Set((page?.posts ?? []).map((post) => handleTag(post.handle))),
];

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
      const shows = (userId: string) => ({ tags: feedTags(userId) });
      // No session in memory: the page's own query checks it, one round trip (docs/decisions/0107).
      if (request.sessionLookup) {
        const since = app.reads.generation;
        const { session, page } = await feed.pageWithSession(request.sessionLookup, cursor);
        app.sessions.adopt(request, session, since);
        const user = requireUser(request);
        app.reads.keep(key(user.id), page, since, shows(user.id));
        return page!;
      }
      const user = requireUser(request);
      return app.reads.get(key(user.id), () => feed.page(user.id, cursor), shows(user.id));
    },
  );
}
