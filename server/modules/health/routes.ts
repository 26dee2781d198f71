import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ROLES, type Role } from '../../config-roles';
import { pingDatabase } from '../../plugins/db';

const status = z.object({ status: z.string() });
const readiness = status.extend({ role: z.enum(ROLES) });

/** Liveness (the process answers) and readiness (the database answers), with the process's role (ADR 0203). */
export async function healthRoutes(app: FastifyInstance, { role }: { role: Role }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get('/healthz', { schema: { response: { 200: status } } }, async () => ({ status: 'ok' }));
  r.get('/readyz', { schema: { response: { 200: readiness, 503: readiness } } }, async (request, reply) => {
    try {
      await pingDatabase(app.db);
      return { status: 'ready', role };
    } catch (err) {
      request.log.warn({ err }, 'database not reachable');
      return reply.code(503).send({ status: 'database unavailable', role });
    }
  });
}
