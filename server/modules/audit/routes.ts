import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiErrorSchema } from '../../../core/api';
import { auditLogPageSchema } from '../../../core/audit';
import { requireAdmin } from '../../plugins/session';
import { auditService } from './service';

/** The admin audit log viewer's API (admins only). */
export async function auditRoutes(app: FastifyInstance) {
  const service = auditService(app.db);
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/admin/audit-log',
    {
      schema: {
        querystring: z.object({ before: z.coerce.number().int().positive().optional() }),
        response: { 200: auditLogPageSchema, 401: apiErrorSchema, 403: apiErrorSchema },
      },
    },
    async (request, reply) => {
      requireAdmin(request);
      reply.header('cache-control', 'no-store');
      return service.page(request.query.before);
    },
  );
}
