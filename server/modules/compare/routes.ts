import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { apiErrorSchema } from '../../../core/api';
import { compareAnswerSchema, compareApiPath, compareQuerySchema } from '../../../core/compare';
import { badRequest } from '../../http-errors';
import { answerOf } from '../../plugins/pages';
import { tableTags } from '../../read-cache/read-tags';
import { compareService } from './service';

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 429: apiErrorSchema };
const COMPARE_LIMIT = { max: 120, timeWindow: '1 minute' };
/**
 * How long a rendered comparison is kept: its lines' changes send no notice of their own (list_search,
 * as /explore's word search) and its ages ("checked 5 minutes ago") move.
 */
const COMPARISON_KEPT_MS = 10_000;
const COMPARISON_TABLES = tableTags('list_snapshots', 'lists', 'handles', 'users');

/** GET /api/compare and the /compare page: one item across suppliers (issue 39 §3, docs/decisions/0205). */
export async function compareRoutes(app: FastifyInstance) {
  const comparisons = compareService(app.db);
  const r = app.withTypeProvider<ZodTypeProvider>();

  // /compare rendered on the server as a visitor sees it (public lists only): the same page for
  // everyone, so nothing a signed-in viewer may read is ever in it or in the read cache; a signed-in
  // viewer's browser asks the API for their own answer. `following` is theirs alone: not read here.
  const compareLimit = app.createRateLimit(COMPARE_LIMIT);
  app.addPageData(
    'compare',
    async (_params, search, request) => {
      const item = search.get('item') ?? '';
      if (item === '') return { answers: {}, tags: [] };
      const limit = await compareLimit(request);
      if (!limit.isAllowed && limit.isExceeded) return null;
      const checked = compareQuerySchema.safeParse({ item });
      const answer = await answerOf(compareAnswerSchema, async () => {
        if (!checked.success) throw badRequest(checked.error.issues[0]?.message ?? 'Invalid item.');
        return comparisons.compare(checked.data, null);
      });
      return {
        answers: { [compareApiPath({ item })]: answer },
        status: answer.ok ? 200 : answer.status,
        tags: COMPARISON_TABLES,
        ttlMs: COMPARISON_KEPT_MS,
      };
    },
    { query: ['item'] },
  );

  r.get(
    '/api/compare',
    {
      config: { rateLimit: COMPARE_LIMIT },
      schema: { querystring: compareQuerySchema, response: { 200: compareAnswerSchema, ...errors } },
    },
    async (request, reply) => {
      // A signed-in viewer's answer holds the trade-only lines they were approved for: no cache keeps it.
      reply.header('cache-control', request.user ? 'private, no-store' : 'no-cache').header('vary', 'cookie');
      return comparisons.compare(request.query, request.user?.id ?? null);
    },
  );
}
