import { Readable } from 'node:stream';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
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
import { perPersonLimit } from '../../plugins/rate-limit';
import { requireAdmin, requireUser } from '../../plugins/session';
import { responsesCsvStream } from './csv';
import { exportTimeZone } from './export-cells';
import { exportGate } from './export-gate';
import { formsService } from './service';
import { responsesXlsxStream } from './xlsx';

const formParams = z.object({ formId: z.string().min(1).max(200) });
/** A download's time zone, from the owner's browser (#31); an unknown name falls back to UTC. */
const exportQuery = z.object({ tz: z.string().max(64).optional() });
const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema };

/** A visitor may send this many responses a minute (per IP), whatever the form. */
export const SUBMIT_RATE_LIMIT = { max: 10, timeWindow: '1 minute' };
const WRITE_RATE_LIMIT = { max: 30, timeWindow: '1 minute' };
/** Downloads per person (docs/decisions/0132): a person needs a few, a script no more. */
const EXPORT_RATE_LIMIT = perPersonLimit(10, '1 minute');
/** Downloads running at once in one process; each person one of them (export-gate.ts). */
export const EXPORTS_AT_ONCE = 2;
const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/**
 * Chat forms: the public form and its submissions, and the owner's (or an admin's) management
 * of forms and responses.
 */
export async function formsRoutes(app: FastifyInstance) {
  const service = formsService(app.db);
  const exports = exportGate(EXPORTS_AT_ONCE);
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/forms/:formId',
    { schema: { params: formParams, response: { 200: z.object({ form: publicChatFormSchema }), ...errors } } },
    async (request) => ({ form: await service.publicForm(request.params.formId) }),
  );

  r.post(
    '/api/forms/:formId/submissions',
    {
      config: { rateLimit: SUBMIT_RATE_LIMIT, visitors: true },
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

  /** A download streamed as it is read, holding its person's (and one of the process's) export slots until it ends. */
  async function download(
    request: FastifyRequest<{ Params: { formId: string }; Querystring: { tz?: string } }>,
    reply: FastifyReply,
    kind: 'csv' | 'xlsx',
  ) {
    const user = requireUser(request);
    const timeZone = exportTimeZone(request.query.tz);
    const release = exports.enter(user.id);
    try {
      const source = await service.exportSource(user, request.params.formId);
      const stream =
        kind === 'csv'
          ? responsesCsvStream(source.columns, source.pages, { questions: source.questions, timeZone })
          : responsesXlsxStream(source.questions, source.columns, source.pages, timeZone);
      stream.once('close', release);
      reply.raw.once('close', release);
      return reply
        .type(kind === 'csv' ? 'text/csv; charset=utf-8; header=present' : XLSX_TYPE)
        .header('content-disposition', `attachment; filename="chat-form-${source.id}-responses.${kind}"`)
        .header('cache-control', 'no-store')
        .send(stream);
    } catch (error) {
      release();
      throw error;
    }
  }

  // 200 is a stream, sent as it is read; only the errors are JSON.
  const exportSchema = {
    config: { rateLimit: EXPORT_RATE_LIMIT },
    schema: {
      params: formParams,
      querystring: exportQuery,
      response: { 200: z.instanceof(Readable), ...errors, 429: apiErrorSchema },
    },
  };
  r.get('/api/forms/:formId/responses.csv', exportSchema, (request, reply) => download(request, reply, 'csv'));
  r.get('/api/forms/:formId/responses.xlsx', exportSchema, (request, reply) => download(request, reply, 'xlsx'));
}
