import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiErrorSchema } from '../../../core/api';
import { pushEndpointSchema, pushSubscriptionSchema, quietHoursSchema, quietHoursUpdateSchema } from '../../../core/quiet-hours';
import type { Config } from '../../config';
import { perPersonLimit } from '../../plugins/rate-limit';
import { requireUser } from '../../plugins/session';
import { pushService } from './service';

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 429: apiErrorSchema };
const writeLimit = { rateLimit: perPersonLimit(30, '1 minute') };
const ok = z.object({ ok: z.literal(true) });

/** Quiet hours and a device's push opt-in (issue 41 §4, docs/decisions/0214). */
export async function pushRoutes(app: FastifyInstance, { config }: { config: Config }) {
  const push = pushService(app.db, config.push);
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/api/settings/quiet-hours', { schema: { response: { 200: quietHoursSchema, ...errors } } }, async (request, reply) => {
    reply.header('cache-control', 'private, no-store');
    return push.quietHours(requireUser(request).id, 'Europe/London');
  });

  r.put(
    '/api/settings/quiet-hours',
    { config: writeLimit, schema: { body: quietHoursUpdateSchema, response: { 200: quietHoursSchema, ...errors } } },
    async (request) => push.setQuietHours(requireUser(request).id, request.body),
  );

  // The server's VAPID public key: a browser subscribes with it (it is public by design).
  r.get('/api/push/key', { schema: { response: { 200: z.object({ publicKey: z.string().nullable() }) } } }, async () => ({
    publicKey: push.publicKey,
  }));

  r.post(
    '/api/push/subscriptions',
    { config: writeLimit, schema: { body: pushSubscriptionSchema, response: { 201: ok, ...errors } } },
    async (request, reply) => {
      await push.subscribe(requireUser(request).id, request.body);
      return reply.code(201).send({ ok: true as const });
    },
  );

  r.delete(
    '/api/push/subscriptions',
    { config: writeLimit, schema: { body: pushEndpointSchema, response: { 200: ok, ...errors } } },
    async (request) => {
      await push.unsubscribe(requireUser(request).id, request.body.endpoint);
      return { ok: true as const };
    },
  );
}
