import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiErrorSchema } from '../../../core/api';
import { checkIdParamSchema, checkNowStateSchema } from '../../../core/check-now';
import { listIdParamSchema } from '../../../core/list';
import { perPersonLimit } from '../../plugins/rate-limit';
import { requireUser } from '../../plugins/session';
import { checkNowRepository } from './check-now-repository';
import { CheckNowLimited, checkNowService, outcomeOf } from './check-now-service';
import type { LinkWatcher } from './watcher';

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema, 429: apiErrorSchema };
const noStore = { 'cache-control': 'private, no-store' };

/**
 * "I've updated it: check now" (docs/decisions/0208): the press is counted and queued by whichever
 * process answers it; a worker (ROLE=worker or all) checks the file with its watcher and leaves what
 * it found on the press, which the page asks for until it is there.
 */
export async function checkNowRoutes(app: FastifyInstance, watcher: LinkWatcher) {
  const service = checkNowService(app.db, app.jobs);
  app.jobs.handle('check-now', async ({ pressId, listId }, db) => {
    const presses = checkNowRepository(db);
    // Ran before, up to a crash before the job was marked done: what it found stands.
    if (await presses.isSettled(pressId)) return;
    const found = await watcher.checkNow(listId);
    // The watcher is checking this list this moment: the job runs again in a few seconds.
    if (found === 'busy') throw new Error(`list ${listId} is being checked: check now runs again shortly`);
    const outcome = found === 'no-version' ? { kind: 'no-version' as const } : await outcomeOf(db, listId, found);
    await presses.settle(pressId, outcome, Date.now());
  });

  const r = app.withTypeProvider<ZodTypeProvider>();
  const params = z.object({ id: listIdParamSchema });

  r.post(
    '/api/lists/:id/check-now',
    {
      // The per-list limit lives in the database (check-now-service.ts); this one only slows a script.
      config: { rateLimit: perPersonLimit(30, '10 minutes') },
      schema: { params, response: { 202: checkNowStateSchema, ...errors } },
    },
    async (request, reply) => {
      const user = requireUser(request);
      reply.headers(noStore);
      try {
        const pressed = await service.press(request.params.id, user.id, Date.now());
        return reply.code(202).send(pressed);
      } catch (error) {
        if (error instanceof CheckNowLimited) reply.header('retry-after', String(Math.ceil(error.waitMs / 1000)));
        throw error;
      }
    },
  );

  r.get(
    '/api/lists/:id/check-now/:checkId',
    {
      config: { rateLimit: perPersonLimit(300, '10 minutes') },
      schema: {
        params: params.extend({ checkId: checkIdParamSchema }),
        response: { 200: checkNowStateSchema, ...errors },
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      reply.headers(noStore);
      return service.state(request.params.id, request.params.checkId, user.id);
    },
  );
}
