import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiErrorSchema } from '../../../core/api';
import { followCursorParamSchema, followersPageSchema, followingPageSchema, followStateSchema } from '../../../core/follow';
import { followBellSchema, followBellUpdateSchema } from '../../../core/follow-bell';
import { handleParamSchema, normalizeHandle } from '../../../core/handle';
import { perPersonLimit } from '../../plugins/rate-limit';
import { requireUser } from '../../plugins/session';
import { followsService } from './service';

const handleParams = z.object({ handle: handleParamSchema.transform(normalizeHandle) });
const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema, 429: apiErrorSchema };
const followRateLimit = { rateLimit: perPersonLimit(60, '1 minute') };

export async function followsRoutes(app: FastifyInstance) {
  const follows = followsService(app.db, (change, trx) =>
    app.jobs.send('item-alerts-access', { ...change, at: Date.now() }, trx),
  );
  const r = app.withTypeProvider<ZodTypeProvider>();

  // PUT and DELETE: a double click or a replay leaves the same state as one request.
  r.put(
    '/api/follows/:handle',
    { config: followRateLimit, schema: { params: handleParams, response: { 200: followStateSchema, ...errors } } },
    async (request) => follows.follow(requireUser(request).id, request.params.handle),
  );

  r.delete(
    '/api/follows/:handle',
    { config: followRateLimit, schema: { params: handleParams, response: { 200: followStateSchema, ...errors } } },
    async (request) => follows.unfollow(requireUser(request).id, request.params.handle),
  );

  // A bell per business followed (docs/decisions/0214): what the reader hears of it and how often.
  r.get(
    '/api/follows/:handle/bell',
    { schema: { params: handleParams, response: { 200: followBellSchema, ...errors } } },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      return follows.bell(requireUser(request).id, request.params.handle);
    },
  );

  r.put(
    '/api/follows/:handle/bell',
    {
      config: followRateLimit,
      schema: { params: handleParams, body: followBellUpdateSchema, response: { 200: followBellSchema, ...errors } },
    },
    async (request) => follows.setBell(requireUser(request).id, request.params.handle, request.body),
  );

  r.get(
    '/api/followers',
    { schema: { querystring: z.object({ cursor: followCursorParamSchema }), response: { 200: followersPageSchema, ...errors } } },
    async (request, reply) => {
      const user = requireUser(request);
      reply.header('cache-control', 'private, no-store');
      return follows.followers({ id: user.id, handle: user.approved ? user.handle : null }, request.query.cursor);
    },
  );

  r.get(
    '/api/following',
    { schema: { querystring: z.object({ cursor: followCursorParamSchema }), response: { 200: followingPageSchema, ...errors } } },
    async (request, reply) => {
      const user = requireUser(request);
      reply.header('cache-control', 'private, no-store');
      return follows.following(user.id, request.query.cursor);
    },
  );
}
