import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiErrorSchema } from '../../../core/api';
import { editedHandleSchema, HANDLE_MESSAGES, handleParamSchema, normalizeHandle } from '../../../core/handle';
import {
  acceptInviteSchema,
  createInviteSchema,
  INVITE_MESSAGES,
  inviteRequestSchema,
  inviteRequestViewSchema,
  inviteViewSchema,
  pendingInvitesResponseSchema,
} from '../../../core/invite';
import { badRequest } from '../../http-errors';
import { ADMIN_MAIL_LIMIT, perPersonLimit } from '../../plugins/rate-limit';
import { requireAdmin, requireUser } from '../../plugins/session';
import { guarded, inviteLookupGuard } from './lookup-guard';
import { invitesService } from './service';

const errors = {
  400: apiErrorSchema,
  401: apiErrorSchema,
  403: apiErrorSchema,
  404: apiErrorSchema,
  409: apiErrorSchema,
  429: apiErrorSchema,
};
const ok = z.object({ ok: z.literal(true) });
const handleParams = z.object({ handle: handleParamSchema });
const userIdParams = z.object({ userId: z.uuid() });

/** The handle part of an invite link, or 'Invalid invite link.' */
function inviteHandle(raw: string): string {
  const handle = normalizeHandle(raw);
  if (!/^[a-z0-9-]{1,30}$/.test(handle)) throw badRequest(INVITE_MESSAGES.invalidLink);
  return handle;
}

const admin = async (request: FastifyRequest) => void requireAdmin(request);

/** Invite acceptance, invite requests, and the admin pages for invites and invite requests. */
export async function inviteRoutes(app: FastifyInstance) {
  const service = invitesService(app.db);
  const r = app.withTypeProvider<ZodTypeProvider>();
  // Guessed invite links: misses counted per address, whoever is signed in (issue 42).
  const lookups = inviteLookupGuard();
  // An invite is marked sent by the statement that records its mail delivered (migration 2490).

  r.get(
    '/api/invites/:handle',
    {
      schema: { params: handleParams, response: { 200: inviteViewSchema, ...errors } },
      config: { rateLimit: perPersonLimit(60, '1 minute') },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return guarded(lookups, request.ip, () => service.view(request.user, inviteHandle(request.params.handle)));
    },
  );

  r.post(
    '/api/invites/:handle/accept',
    {
      schema: { params: handleParams, body: acceptInviteSchema, response: { 200: z.object({ handle: z.string() }), ...errors } },
      config: { rateLimit: perPersonLimit(20, '1 minute'), signInMessage: INVITE_MESSAGES.signInToAccept },
    },
    async (request) => {
      const user = requireUser(request);
      return guarded(lookups, request.ip, () =>
        service.accept(user, inviteHandle(request.params.handle), request.body.displayName),
      );
    },
  );

  r.post(
    '/api/invite-requests',
    {
      schema: { body: inviteRequestSchema, response: { 201: ok, ...errors } },
      config: { rateLimit: perPersonLimit(10, '1 minute'), signInMessage: HANDLE_MESSAGES.signInToRequest },
    },
    async (request, reply) => {
      await service.submitRequest(requireUser(request), request.body);
      return reply.code(201).send({ ok: true as const });
    },
  );

  r.get(
    '/api/admin/invites',
    { schema: { response: { 200: pendingInvitesResponseSchema, ...errors } }, preValidation: admin },
    async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      return service.pending();
    },
  );

  r.post(
    '/api/admin/invites',
    {
      schema: { body: createInviteSchema, response: { 201: z.object({ handle: z.string() }), ...errors } },
      preValidation: admin,
      config: { rateLimit: ADMIN_MAIL_LIMIT },
    },
    async (request, reply) => reply.code(201).send(await service.create(requireAdmin(request), request.body)),
  );

  r.put(
    '/api/admin/invites/:handle/sent',
    {
      schema: { params: handleParams, body: z.object({ sent: z.boolean() }), response: { 200: ok, ...errors } },
      preValidation: admin,
    },
    async (request) => {
      await service.setSent(requireAdmin(request), normalizeHandle(request.params.handle), request.body.sent);
      return { ok: true as const };
    },
  );

  r.delete(
    '/api/admin/invites/:handle',
    { schema: { params: handleParams, response: { 200: ok, ...errors } }, preValidation: admin },
    async (request) => {
      await service.remove(requireAdmin(request), normalizeHandle(request.params.handle));
      return { ok: true as const };
    },
  );

  r.get(
    '/api/admin/invite-requests',
    { schema: { response: { 200: z.object({ requests: z.array(inviteRequestViewSchema) }), ...errors } }, preValidation: admin },
    async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      return { requests: await service.inviteRequests() };
    },
  );

  r.post(
    '/api/admin/invite-requests/:userId/convert',
    {
      schema: {
        params: userIdParams,
        body: editedHandleSchema,
        response: { 200: z.object({ handle: z.string() }), ...errors },
      },
      preValidation: admin,
      config: { rateLimit: ADMIN_MAIL_LIMIT },
    },
    async (request) => service.convertRequest(requireAdmin(request), request.params.userId, request.body.handle),
  );

  r.delete(
    '/api/admin/invite-requests/:userId',
    { schema: { params: userIdParams, response: { 200: ok, ...errors } }, preValidation: admin },
    async (request) => {
      await service.deleteRequest(requireAdmin(request), request.params.userId);
      return { ok: true as const };
    },
  );
}
