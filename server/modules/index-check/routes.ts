import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { indexCheckResponseSchema } from '../../../core/admin';
import { apiErrorSchema } from '../../../core/api';
import { requireAdmin } from '../../plugins/session';
import { indexCheckService } from './service';

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema };

/** The index check's API (admins only), behind the /admin/test-firestore-indexes page. */
export async function indexCheckRoutes(app: FastifyInstance) {
  const service = indexCheckService(app.db, app.dbKind);
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });

  r.get('/api/admin/index-check', { schema: { response: { 200: indexCheckResponseSchema, ...errors } } }, async (request) => {
    requireAdmin(request);
    return service.check();
  });
}
