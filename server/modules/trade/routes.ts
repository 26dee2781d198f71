import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiErrorSchema } from '../../../core/api';
import { handleParamSchema, normalizeHandle } from '../../../core/handle';
import { listIdParamSchema } from '../../../core/list';
import {
  accessRequestSchema,
  listAudienceSchema,
  tradeAccessSchema,
  tradeDecisionSchema,
  tradeMembersSchema,
  tradeSettingsInputSchema,
  tradeSettingsSchema,
} from '../../../core/trade';
import type { AccessChanged } from '../../access-changed';
import { perPersonLimit } from '../../plugins/rate-limit';
import { requireApproved, requireUser } from '../../plugins/session';
import { listsService } from '../lists/service';
import { tradeService } from './service';

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema, 429: apiErrorSchema };
const handleParams = z.object({ handle: handleParamSchema.transform(normalizeHandle) });
const memberParams = z.object({ memberId: z.uuid({ error: 'Not a member id.' }) });
/** Asking for access mails the supplier: a person can ask a few times an hour, not flood them. */
const REQUESTS_PER_HOUR = 20;

/** Trade-only lists: their audience, requests for access, and the person's trade settings (docs/decisions/0180). */
export async function tradeRoutes(app: FastifyInstance) {
  const accessChanged: AccessChanged = (change, trx) => app.jobs.send('item-alerts-access', { ...change, at: Date.now() }, trx);
  const trade = tradeService(app.db, accessChanged);
  const lists = listsService(app.db, accessChanged);
  const r = app.withTypeProvider<ZodTypeProvider>();
  const noStore = { 'cache-control': 'private, no-store' };

  r.put(
    '/api/lists/:id/audience',
    {
      schema: {
        params: z.object({ id: listIdParamSchema }),
        body: listAudienceSchema,
        response: { 200: listAudienceSchema, ...errors },
      },
    },
    async (request) => {
      const user = requireUser(request);
      await lists.setAudience(request.params.id, user.id, request.body.audience);
      return { audience: request.body.audience };
    },
  );

  r.get('/api/trade/requests', { schema: { response: { 200: tradeMembersSchema, ...errors } } }, async (request, reply) => {
    const user = requireApproved(request);
    reply.headers(noStore);
    return trade.members(user);
  });

  r.post(
    '/api/trade/requests/:memberId',
    { schema: { params: memberParams, body: tradeDecisionSchema, response: { 200: tradeMembersSchema, ...errors } } },
    async (request) => {
      const user = requireApproved(request);
      return trade.decide(user, request.params.memberId, request.body.decision, request.body.reason);
    },
  );

  r.get('/api/trade/settings', { schema: { response: { 200: tradeSettingsSchema, ...errors } } }, async (request, reply) => {
    const user = requireUser(request);
    reply.headers(noStore);
    return trade.settings(user.id);
  });

  r.put(
    '/api/trade/settings',
    { schema: { body: tradeSettingsInputSchema, response: { 200: tradeSettingsSchema, ...errors } } },
    async (request) => trade.saveSettings(requireUser(request).id, request.body),
  );

  r.get(
    '/api/trade/access/:handle',
    { schema: { params: handleParams, response: { 200: tradeAccessSchema, ...errors } } },
    async (request, reply) => {
      const user = requireUser(request);
      reply.headers(noStore);
      return trade.access(user, request.params.handle);
    },
  );

  r.post(
    '/api/trade/access/:handle',
    {
      config: { rateLimit: perPersonLimit(REQUESTS_PER_HOUR, '1 hour') },
      schema: { params: handleParams, body: accessRequestSchema, response: { 200: tradeAccessSchema, ...errors } },
    },
    async (request) => trade.ask(requireUser(request), request.params.handle, request.body),
  );
}
