import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  deletedUsersListSchema,
  deleteUserResponseSchema,
  restoreBodySchema,
  restoreResponseSchema,
  userIdParamsSchema,
} from '../../../core/admin';
import { apiErrorSchema } from '../../../core/api';
import type { Config } from '../../config';
import { requireAdmin } from '../../plugins/session';
import { accountsService } from './service';

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema };
const writeLimit = { rateLimit: { max: 60, timeWindow: '1 minute' } };

/** Accounts as a whole (admins only for now): deleting a person with a backup, the backups, restore. */
export async function accountsRoutes(app: FastifyInstance, { config }: { config: Config }) {
  const service = accountsService(app.db, { ownerEmail: config.ownerEmail });
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });

  r.delete(
    '/api/admin/users/:id',
    {
      schema: { params: userIdParamsSchema, response: { 200: deleteUserResponseSchema, 409: apiErrorSchema, ...errors } },
      config: writeLimit,
    },
    async (request) => service.deleteUser(requireAdmin(request), request.params.id),
  );

  r.get('/api/admin/deleted-users', { schema: { response: { 200: deletedUsersListSchema, ...errors } } }, async (request) => {
    requireAdmin(request);
    return service.deletedUsers();
  });

  r.post(
    '/api/admin/deleted-users/:id/restore',
    {
      schema: {
        params: userIdParamsSchema,
        body: restoreBodySchema,
        response: { 200: restoreResponseSchema, 409: apiErrorSchema, ...errors },
      },
      config: writeLimit,
    },
    async (request) => service.restore(requireAdmin(request), request.params.id, request.body.overwrite === true),
  );
}
