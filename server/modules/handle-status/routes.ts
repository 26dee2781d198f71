import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { apiErrorSchema } from '../../../core/api';
import { handleStatusSchema } from '../../../core/handle';
import { requireUser } from '../../plugins/session';
import { handleStatus } from './service';

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
}
