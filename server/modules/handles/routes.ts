import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiErrorSchema } from '../../../core/api';
import {
  adminHandlesResponseSchema,
  editedHandleSchema,
  HANDLE_MESSAGES,
  handleParamSchema,
  handleRejectionSchema,
  handleRequestSchema,
  handleRequestViewSchema,
  normalizeHandle,
} from '../../../core/handle';
import { createAdminHandleSchema } from '../../../core/invite';
import { perPersonLimit } from '../../plugins/rate-limit';
import { requireAdmin, requireOwner, requireUser } from '../../plugins/session';
import { handlesService } from './service';

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema, 409: apiErrorSchema };
const userIdParams = z.object({ userId: z.uuid() });
const ok = z.object({ ok: z.literal(true) });

// Guards run before the body is validated: a visitor learns to sign in, not what the form lacks.
const owner = async (request: FastifyRequest) => void requireOwner(request);
const admin = async (request: FastifyRequest) => void requireAdmin(request);

/** Handle requests (signed-in people), the owner's handle management, and admin-created handles. */
export async function handleRoutes(app: FastifyInstance) {
  const service = handlesService(app.db);
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    '/api/handle-requests',
    {
      schema: { body: handleRequestSchema, response: { 201: handleRequestViewSchema, ...errors } },
      config: { rateLimit: perPersonLimit(10, '1 minute'), signInMessage: HANDLE_MESSAGES.signInToRequest },
    },
    async (request, reply) => {
      const created = await service.submitRequest(requireUser(request), request.body);
      return reply.code(201).send(created);
    },
  );

  r.get(
    '/api/admin/handles',
    { schema: { response: { 200: adminHandlesResponseSchema, ...errors } }, preValidation: owner },
    async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      return service.listForOwner();
    },
  );

  r.post(
    '/api/admin/handle-requests/:userId/approve',
    {
      schema: { params: userIdParams, body: editedHandleSchema, response: { 200: z.object({ handle: z.string() }), ...errors } },
      preValidation: owner,
    },
    async (request) => service.approve(requireOwner(request), request.params.userId, request.body.handle),
  );

  r.post(
    '/api/admin/handle-requests/:userId/reject',
    { schema: { params: userIdParams, body: handleRejectionSchema, response: { 200: ok, ...errors } }, preValidation: owner },
    async (request) => {
      await service.reject(requireOwner(request), request.params.userId, request.body?.reason || null);
      return { ok: true as const };
    },
  );

  r.delete(
    '/api/admin/handles/:handle',
    { schema: { params: z.object({ handle: handleParamSchema }), response: { 200: ok, ...errors } }, preValidation: owner },
    async (request) => {
      await service.deleteHandle(requireOwner(request), normalizeHandle(request.params.handle));
      return { ok: true as const };
    },
  );

  r.delete(
    '/api/admin/handle-holds/:handle',
    { schema: { params: z.object({ handle: handleParamSchema }), response: { 200: ok, ...errors } }, preValidation: owner },
    async (request) => {
      await service.releaseHold(requireOwner(request), normalizeHandle(request.params.handle));
      return { ok: true as const };
    },
  );

  r.post(
    '/api/admin/handles',
    {
      schema: {
        body: createAdminHandleSchema,
        response: { 201: z.object({ handle: z.string(), userId: z.string() }), ...errors },
      },
      preValidation: admin,
    },
    async (request, reply) => reply.code(201).send(await service.createForEmail(requireAdmin(request), request.body)),
  );
}
