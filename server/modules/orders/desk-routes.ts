import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiErrorSchema } from '../../../core/api';
import {
  answerDecisionSchema,
  answerLinkSchema,
  answerTokenParamsSchema,
  enquirySchema,
  enquirySentSchema,
  orderAgainSchema,
  orderBlockSchema,
  ordersExportQuerySchema,
} from '../../../core/order-desk';
import { orderIdParamsSchema } from '../../../core/orders';
import { requireUser } from '../../plugins/session';
import { orderAgain } from './again';
import { orderDeskService } from './desk-service';
import { sendEnquiry } from './enquiry';

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema };
const noStore = { 'cache-control': 'private, no-store' };

/**
 * The answer link of an order mail (docs/decisions/0210): public, the token is the authority. Reading
 * it changes nothing; only the POST answers, once.
 */
export async function orderAnswerRoutes(app: FastifyInstance) {
  const desk = orderDeskService(app.db);
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/order-answers/:token',
    { schema: { params: answerTokenParamsSchema, response: { 200: answerLinkSchema, ...errors } } },
    async (request, reply) => {
      reply.headers({ ...noStore, 'referrer-policy': 'no-referrer' });
      return desk.answerLink(request.params.token);
    },
  );

  r.post(
    '/api/order-answers/:token',
    {
      // The mail's link is the authority: the supplier need not be signed in on that device.
      config: { visitors: true },
      schema: {
        params: answerTokenParamsSchema,
        body: answerDecisionSchema,
        response: { 200: answerLinkSchema, ...errors, 409: apiErrorSchema, 410: apiErrorSchema },
      },
    },
    async (request, reply) => {
      reply.headers(noStore);
      return desk.answer(request.params.token, request.body);
    },
  );
}

/** The supplier's desk: blocking an order's buyer, the CSV of a date range (docs/decisions/0210). */
export async function orderDeskRoutes(app: FastifyInstance) {
  const desk = orderDeskService(app.db);
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/orders/export.csv',
    { schema: { querystring: ordersExportQuerySchema, response: { 200: z.string(), ...errors } } },
    async (request, reply) => {
      const user = requireUser(request);
      const { from, to } = request.query;
      const csv = await desk.exportCsv(user, from, to);
      reply.headers({
        ...noStore,
        'content-type': 'text/csv; charset=utf-8',
        'content-disposition': `attachment; filename="orders-${from}-to-${to}.csv"`,
      });
      return csv;
    },
  );

  r.post(
    '/api/orders/enquiries',
    {
      schema: {
        body: enquirySchema,
        response: { 200: enquirySentSchema, ...errors, 429: apiErrorSchema },
      },
    },
    async (request, reply) => {
      reply.headers(noStore);
      return sendEnquiry(app.db, requireUser(request), request.body);
    },
  );

  r.get(
    '/api/orders/:id/again',
    { schema: { params: orderIdParamsSchema, response: { 200: orderAgainSchema, ...errors } } },
    async (request, reply) => {
      reply.headers(noStore);
      return orderAgain(app.db, request.params.id, requireUser(request));
    },
  );

  r.get(
    '/api/orders/:id/block',
    { schema: { params: orderIdParamsSchema, response: { 200: orderBlockSchema, ...errors } } },
    async (request, reply) => {
      reply.headers(noStore);
      return desk.blockOf(request.params.id, requireUser(request));
    },
  );

  r.put(
    '/api/orders/:id/block',
    { schema: { params: orderIdParamsSchema, body: orderBlockSchema, response: { 200: orderBlockSchema, ...errors } } },
    async (request) => desk.setBlock(request.params.id, requireUser(request), request.body.blocked),
  );
}
