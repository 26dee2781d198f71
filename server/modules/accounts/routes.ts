import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { accountExportSchema, deleteAccountBodySchema, deleteAccountResponseSchema, exportFileName } from '../../../core/account';
import {
  deletedUsersListSchema,
  deleteUserResponseSchema,
  restoreBodySchema,
  restoreResponseSchema,
  userIdParamsSchema,
} from '../../../core/admin';
import { apiErrorSchema } from '../../../core/api';
import type { Config } from '../../config';
import { runsBackground } from '../../config-roles';
import { perPersonLimit } from '../../plugins/rate-limit';
import { requireAdmin, requireUser } from '../../plugins/session';
import { exportAccount, exportAccountDownload } from './export';
import { accountsService } from './service';

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema };
const writeLimit = { rateLimit: { max: 60, timeWindow: '1 minute' } };
/** How often each process looks for backups past their 30 days (the purge only deletes: any process may run it). */
const PURGE_EVERY_MS = 60 * 60 * 1000;

/**
 * Accounts as a whole: an admin deletes a person with a backup, lists the backups, restores one;
 * a person downloads their data or deletes their own account (same backup); old backups are purged.
 */
export async function accountsRoutes(app: FastifyInstance, { config }: { config: Config }) {
  const service = accountsService(app.db, { ownerEmail: config.ownerEmail });
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });

  // Tests purge by hand with a chosen clock (service.purgeExpiredBackups).
  if (config.env !== 'test' && runsBackground(config.jobs.role)) {
    let timer: NodeJS.Timeout | undefined;
    const purge = () => {
      service
        .purgeExpiredBackups()
        .then((purged) => purged > 0 && app.log.info({ purged }, 'accounts: purged deletion backups older than 30 days'))
        .catch((err) => app.log.warn({ err }, 'accounts: purging old backups failed'));
    };
    app.addHook('onReady', async () => {
      timer = setInterval(purge, PURGE_EVERY_MS);
      timer.unref();
      setTimeout(purge, 10_000).unref();
    });
    app.addHook('onClose', async () => clearInterval(timer));
  }

  r.get(
    '/api/account/export',
    {
      schema: { response: { 200: accountExportSchema, ...errors } },
      config: { rateLimit: perPersonLimit(10, '1 minute') },
    },
    async (request, reply) => {
      const user = requireUser(request);
      const data = await exportAccount(app.db, user);
      reply.header(
        'content-disposition',
        `attachment; filename="${exportFileName(data.handle?.handle ?? null, data.exportedAt)}"`,
      );
      return data;
    },
  );

  r.get(
    '/api/account/export.zip',
    {
      // 200 is the zip's bytes; only the errors are JSON.
      schema: { response: { 200: z.instanceof(Buffer), ...errors } },
      config: { rateLimit: perPersonLimit(10, '1 minute') },
    },
    async (request, reply) => {
      const { data, zip } = await exportAccountDownload(app.db, requireUser(request));
      return reply
        .type('application/zip')
        .header(
          'content-disposition',
          `attachment; filename="${exportFileName(data.handle?.handle ?? null, data.exportedAt, 'zip')}"`,
        )
        .send(Buffer.from(zip.buffer, zip.byteOffset, zip.byteLength));
    },
  );

  r.delete(
    '/api/account',
    {
      schema: { body: deleteAccountBodySchema, response: { 200: deleteAccountResponseSchema, 409: apiErrorSchema, ...errors } },
      config: { rateLimit: perPersonLimit(10, '1 minute') },
    },
    async (request, reply) => {
      const result = await service.deleteOwnAccount(requireUser(request), request.body.email);
      // The sessions went with the account; the cookie goes too.
      await app.sessions.end(request, reply);
      request.log.info('accounts: a person deleted their own account');
      return result;
    },
  );

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
