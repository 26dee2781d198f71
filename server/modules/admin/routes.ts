import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  adminOverviewSchema,
  endSessionsResponseSchema,
  setAdminBodySchema,
  userIdParamsSchema,
  usersListSchema,
  usersQuerySchema,
} from '../../../core/admin';
import { apiErrorSchema } from '../../../core/api';
import type { Config } from '../../config';
import { requireAdmin } from '../../plugins/session';
import { adminService } from './service';

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema };
const readCacheStats = z.object({ entries: z.number(), hits: z.number(), misses: z.number() });
const writeLimit = { rateLimit: { max: 60, timeWindow: '1 minute' } };

/** The admin area's API (admins only): overview, users, their admin flag, ending their sessions. */
export async function adminRoutes(app: FastifyInstance, { config }: { config: Config }) {
  const service = adminService(app.db, { adminEmails: config.adminEmails, ownerEmail: config.ownerEmail });
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });

  r.get('/api/admin/overview', { schema: { response: { 200: adminOverviewSchema, ...errors } } }, async (request) => {
    requireAdmin(request);
    return service.overview();
  });

  // How well the read cache answers (docs/decisions/0118): the bench's real-traffic row reads it.
  r.get('/api/admin/read-cache', { schema: { response: { 200: readCacheStats, ...errors } } }, async (request) => {
    requireAdmin(request);
    return { entries: app.reads.size, ...app.reads.stats };
  });

  r.get(
    '/api/admin/users',
    { schema: { querystring: usersQuerySchema, response: { 200: usersListSchema, ...errors } } },
    async (request) => {
      requireAdmin(request);
      return service.users(request.query.q);
    },
  );

  r.put(
    '/api/admin/users/:id/admin',
    {
      schema: {
        params: userIdParamsSchema,
        body: setAdminBodySchema,
        response: { 200: z.object({ admin: z.boolean() }), ...errors },
      },
      config: writeLimit,
    },
    async (request) => service.setAdmin(requireAdmin(request), request.params.id, request.body.admin),
  );

  r.delete(
    '/api/admin/users/:id/sessions',
    {
      schema: { params: userIdParamsSchema, response: { 200: endSessionsResponseSchema, ...errors } },
      config: writeLimit,
    },
    async (request) => service.endSessions(requireAdmin(request), request.params.id),
  );
}
