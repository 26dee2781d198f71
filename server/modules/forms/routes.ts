import { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiErrorSchema } from '../../../core/api';
import { chatFormInputSchema, submissionInputSchema } from '../../../core/chat-form';
import {
  chatFormListSchema,
  chatFormResponsesSchema,
  managedChatFormSchema,
  publicChatFormSchema,
  submissionResultSchema,
} from '../../../core/chat-form-api';
import { requireAdmin, requireUser } from '../../plugins/session';
import { responsesCsvStream } from './csv';
import { formsService } from './service';
import { responsesXlsx } from './xlsx';

const formParams = z.object({ formId: z.string().min(1).max(200) });
const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema };

/** A visitor may send this many responses a minute (per IP), whatever the form. */
export const SUBMIT_RATE_LIMIT = { max: 10, timeWindow: '1 minute' };
const WRITE_RATE_LIMIT = { max: 30, timeWindow: '1 minute' };
/** A workbook is built whole in memory (ADR 0105): a person needs a few, a script no more. */
const EXPORT_RATE_LIMIT = { max: 20, timeWindow: '1 minute' };

/**
 * Chat forms: the public form and its submissions, and the owner's (or an admin's) management
 * of forms and responses.
 */
export async function formsRoutes(app: FastifyInstance) {
  const service = formsService(app.db);
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/forms/:formId',
    { schema: { params: formParams, response: { 200: z.object({ form: publicChatFormSchema }), ...errors } } },
    async (request) => ({ form: await service.publicForm(request.params.formId) }),
  );

  r.post(
    '/api/forms/:formId/submissions',
    {
      config: { rateLimit: SUBMIT_RATE_LIMIT },
      schema: {
        params: formParams,
        body: submissionInputSchema,
        response: {
          200: z.object({ submission: submissionResultSchema }),
          201: z.object({ submission: submissionResultSchema }),
          ...errors,
          409: apiErrorSchema,
          429: apiErrorSchema,
        },
      },
    },
    async (request, reply) => {
      const { result, created } = await service.submit(request.params.formId, request.body);
      // The same idempotency key again answers 200 with the response stored the first time.
      return reply.code(created ? 201 : 200).send({ submission: result });
    },
  );

  r.get(
    '/api/forms',
    {
      schema: {
        querystring: z.object({ scope: z.enum(['mine', 'all']).default('mine') }),
        response: { 200: chatFormListSchema, ...errors },
      },
    },
    async (request) => {
      const user = request.query.scope === 'all' ? requireAdmin(request) : requireUser(request);
      return service.list(user, request.query.scope === 'all');
    },
  );

  r.post(
    '/api/forms',
    {
      config: { rateLimit: WRITE_RATE_LIMIT },
      schema: {
        body: chatFormInputSchema,
        response: { 201: z.object({ form: managedChatFormSchema }), ...errors, 429: apiErrorSchema },
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      return reply.code(201).send({ form: await service.create(user, request.body) });
    },
  );

  r.get(
    '/api/forms/:formId/manage',
    { schema: { params: formParams, response: { 200: z.object({ form: managedChatFormSchema }), ...errors } } },
    async (request) => ({ form: await service.manage(requireUser(request), request.params.formId) }),
  );

  r.put(
    '/api/forms/:formId',
    {
      config: { rateLimit: WRITE_RATE_LIMIT },
      schema: {
        params: formParams,
        body: chatFormInputSchema,
        response: { 200: z.object({ form: managedChatFormSchema }), ...errors, 429: apiErrorSchema },
      },
    },
    async (request) => ({ form: await service.update(requireUser(request), request.params.formId, request.body) }),
  );

  r.delete(
    '/api/forms/:formId',
    { schema: { params: formParams, response: { 204: z.null(), ...errors } } },
    async (request, reply) => {
      await service.remove(requireUser(request), request.params.formId);
      return reply.code(204).send(null);
    },
  );

  r.get(
    '/api/forms/:formId/responses',
    { schema: { params: formParams, response: { 200: chatFormResponsesSchema, ...errors } } },
    async (request) => service.responses(requireUser(request), request.params.formId),
  );

  r.get(
    '/api/forms/:formId/responses.csv',
    // 200 is a text/csv stream, sent as it is read; only the errors are JSON.
    { schema: { params: formParams, response: { 200: z.instanceof(Readable), ...errors } } },
    async (request, reply) => {
      const source = await service.exportSource(requireUser(request), request.params.formId);
      return reply
        .type('text/csv; charset=utf-8; header=present')
        .header('content-disposition', `attachment; filename="chat-form-${source.id}-responses.csv"`)
        .header('cache-control', 'no-store')
        .send(responsesCsvStream(source.columns, source.pages));
    },
  );

  r.get(
    '/api/forms/:formId/responses.xlsx',
    {
      config: { rateLimit: EXPORT_RATE_LIMIT },
      schema: { params: formParams, response: { 200: z.instanceof(Buffer), ...errors, 429: apiErrorSchema } },
    },
    async (request, reply) => {
      const source = await service.exportSource(requireUser(request), request.params.formId);
      const workbook = await responsesXlsx(source.questions, source.columns, source.pages);
      return reply
        .type('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
        .header('content-disposition', `attachment; filename="chat-form-${source.id}-responses.xlsx"`)
        .header('cache-control', 'no-store')
        .send(workbook);
    },
  );
}
