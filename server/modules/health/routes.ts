import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { pingDatabase } from '../../plugins/db';

const status = z.object({ status: z.string() });

/** Liveness (the process answers) and readiness (the database answers). */
export async function healthRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get('/healthz', { schema: { response: { 200: status } } }, async () => ({ status: 'ok' }));
  r.get('/readyz', { schema: { response: { 200: status, 503: status } } }, async (request, reply) => {
    try {
      await pingDatabase(app.db);
      return { status: 'ready' };
    } catch (err) {
      request.log.warn({ err }, 'database not reachable');
      return reply.code(503).send({ status: 'database unavailable' });
    }
  });
}
