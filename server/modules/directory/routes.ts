import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { apiErrorSchema } from '../../../core/api';
import { directoryPageSchema, directoryQuerySchema } from '../../../core/directory';
import { directoryService } from './service';

const errors = { 400: apiErrorSchema, 429: apiErrorSchema };

/** GET /api/directory: the public directory behind /explore. */
export async function directoryRoutes(app: FastifyInstance) {
  const directory = directoryService(app.db);
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/directory',
    {
      config: { rateLimit: { max: 120, timeWindow: '1 minute' } },
      schema: { querystring: directoryQuerySchema, response: { 200: directoryPageSchema, ...errors } },
    },
    async (request, reply) => {
      // The Follow states depend on who asks.
      reply.header('cache-control', 'private, no-cache');
      return directory.search(request.query, request.user?.id ?? null);
    },
  );
}
