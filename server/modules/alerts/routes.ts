import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiErrorSchema } from '../../../core/api';
import { itemAlertIdSchema, itemAlertPatchSchema, itemAlertsSchema, newItemAlertSchema } from '../../../core/item-alert';
import { perPersonLimit } from '../../plugins/rate-limit';
import { requireUser } from '../../plugins/session';
import { lineCache } from './line-cache';
import { evaluateAccess, evaluateListAlerts } from './list-evaluation';
import { alertsService } from './service';

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 404: apiErrorSchema, 409: apiErrorSchema, 429: apiErrorSchema };
const idParams = z.object({ id: itemAlertIdSchema });
const writeLimit = { rateLimit: perPersonLimit(60, '1 minute') };

/** A person's item alerts (issue 41 §3, docs/decisions/0209), and the job that evaluates them. */
export async function alertsRoutes(app: FastifyInstance) {
  const alerts = alertsService(app.db);
  // The lines this app last evaluated, so a list's next version reads only its new ones (docs/decisions/0226).
  const kept = lineCache();
  app.jobs.handle('item-alerts', async (job, trx) => {
    await evaluateListAlerts(trx, job, { kept });
  });
  app.jobs.handle('item-alerts-access', async (change, trx) => {
    await evaluateAccess(trx, change, { kept });
  });
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/api/alerts', { schema: { response: { 200: itemAlertsSchema, ...errors } } }, async (request, reply) => {
    const user = requireUser(request);
    reply.header('cache-control', 'private, no-store');
    return alerts.list(user.id);
  });

  r.post(
    '/api/alerts',
    {
      config: writeLimit,
      schema: { body: newItemAlertSchema, response: { 201: z.object({ id: z.number(), fired: z.number() }), ...errors } },
    },
    async (request, reply) => {
      const user = requireUser(request);
      return reply.code(201).send(await alerts.create(user.id, request.body));
    },
  );

  r.patch(
    '/api/alerts/:id',
    {
      config: writeLimit,
      schema: { params: idParams, body: itemAlertPatchSchema, response: { 200: itemAlertPatchSchema, ...errors } },
    },
    async (request) => alerts.setPaused(requireUser(request).id, request.params.id, request.body.paused),
  );

  r.delete(
    '/api/alerts/:id',
    { config: writeLimit, schema: { params: idParams, response: { 200: z.object({ removed: z.literal(true) }), ...errors } } },
    async (request) => {
      await alerts.remove(requireUser(request).id, request.params.id);
      return { removed: true as const };
    },
  );
}
