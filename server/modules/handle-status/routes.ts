import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiErrorSchema } from '../../../core/api';
import { handleStatusSchema } from '../../../core/handle';
import { requireUser } from '../../plugins/session';
import { acknowledgeHandleRemoved, handleStatus } from './service';

export async function handleStatusRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/api/handle-status',
    { schema: { response: { 200: handleStatusSchema, 401: apiErrorSchema } } },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return handleStatus(app.db, requireUser(request));
    },
  );
  // Idempotent: acknowledging twice, or with nothing to acknowledge, changes nothing.
  r.post(
    '/api/handle-status/removed-notice/seen',
    { schema: { response: { 204: z.null(), 401: apiErrorSchema, 403: apiErrorSchema } } },
    async (request, reply) => {
      await acknowledgeHandleRemoved(app.db, requireUser(request));
      return reply.code(204).send(null);
    },
  );
}
