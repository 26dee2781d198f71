import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiErrorSchema } from '../../../core/api';
import { adminJobsSchema } from '../../../core/jobs';
import { requireAdmin } from '../../plugins/session';
import { jobsService } from './service';

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema };

/** /admin/jobs's API (admins only): the queue's backlog and failed jobs, and running one again (ADR 0203). */
export async function jobsRoutes(app: FastifyInstance) {
  const service = jobsService(app.db, app.jobs);
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });

  r.get('/api/admin/jobs', { schema: { response: { 200: adminJobsSchema, ...errors } } }, async (request) => {
    requireAdmin(request);
    return service.view();
  });

  r.post(
    '/api/admin/jobs/:name/:id/retry',
    {
      config: { rateLimit: { max: 60, timeWindow: '1 minute' } },
      schema: {
        params: z.object({ name: z.string().max(100), id: z.uuid('That is not a job id.') }),
        response: { 200: z.object({ ok: z.literal(true) }), ...errors },
      },
    },
    async (request) => {
      requireAdmin(request);
      await service.retry(request.params.name, request.params.id);
      return { ok: true as const };
    },
  );
}
