import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { apiErrorSchema } from '../../../core/api';
import { directoryApiPath, directoryPageSchema, directoryQuerySchema, exploreSearchOf } from '../../../core/directory';
import { badRequest } from '../../http-errors';
import { answerOf } from '../../plugins/pages';
import { tableTags } from '../../read-cache/read-tags';
import { directoryService } from './service';

const errors = { 400: apiErrorSchema, 429: apiErrorSchema };
const SEARCH_LIMIT = { max: 120, timeWindow: '1 minute' };
/** What a directory page shows, for the page cache: entries are kept by triggers from handles, profiles, follows and posts. */
/** How long a word search's page is kept, its items' changes being unheard (list_search has no notices yet). */
const WORD_SEARCH_KEPT_MS = 10_000;
const DIRECTORY_TABLES = tableTags('directory_entries', 'directory_words', 'users', 'profile_logos', 'link_checks');

/** GET /api/directory: the public directory behind /explore. */
export async function directoryRoutes(app: FastifyInstance) {
  const directory = directoryService(app.db);
  const r = app.withTypeProvider<ZodTypeProvider>();

  // /explore rendered on the server for a visitor (docs/decisions/0108): the answer the page asks
  // for. A search counts against the API's own limit; over it, the browser renders the page and
  // asks the API, which says so.
  const searchLimit = app.createRateLimit(SEARCH_LIMIT);
  app.addPageData(
    'explore',
    async (_params, search, request) => {
      const query = exploreSearchOf(search);
      if (query.q || query.trade || query.area || query.deliversTo || query.day || query.page > 1) {
        const limit = await searchLimit(request);
        if (!limit.isAllowed && limit.isExceeded) return null;
      }
      const path = directoryApiPath(query);
      const checked = directoryQuerySchema.safeParse(Object.fromEntries(new URL(path, 'http://x').searchParams));
      const answer = await answerOf(directoryPageSchema, async () => {
        if (!checked.success) throw badRequest(checked.error.issues[0]?.message ?? 'Invalid search.');
        return directory.search(checked.data, null);
      });
      // A search by words also matches list items (list_search, migration 2201), whose changes send
      // no change notice yet: such a page is kept only WORD_SEARCH_KEPT_MS (docs/architecture.md).
      const kept = query.q ? { ttlMs: WORD_SEARCH_KEPT_MS } : {};
      return { answers: { [path]: answer }, status: answer.ok ? 200 : answer.status, tags: DIRECTORY_TABLES, ...kept };
    },
    { query: ['q', 'trade', 'area', 'deliversTo', 'day', 'page'] },
  );

  r.get(
    '/api/directory',
    {
      config: { rateLimit: SEARCH_LIMIT },
      schema: { querystring: directoryQuerySchema, response: { 200: directoryPageSchema, ...errors } },
    },
    async (request, reply) => {
      // The Follow states depend on who asks.
      reply.header('cache-control', 'private, no-cache');
      return directory.search(request.query, request.user?.id ?? null);
    },
  );
}
