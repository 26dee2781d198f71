import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { apiErrorSchema } from '../../../core/api';
import {
  orderChangedSchema,
  orderDecisionSchema,
  orderIdParamsSchema,
  orderSchema,
  ordersPageSchema,
  ordersQuerySchema,
  sendOrderSchema,
  sentOrderSchema,
} from '../../../core/orders';
import type { Config } from '../../config';
import { requireUser } from '../../plugins/session';
import { orderAnswerRoutes, orderDeskRoutes } from './desk-routes';
import { OrderChangedError, ordersService } from './service';

const errors = {
  400: apiErrorSchema,
  401: apiErrorSchema,
  403: apiErrorSchema,
  404: apiErrorSchema,
  409: apiErrorSchema,
  429: apiErrorSchema,
};
const noStore = { 'cache-control': 'private, no-store' };

/** Orders from a list version and the order desk (issue 40 §2-3, docs/decisions/0210). */
export async function ordersRoutes(app: FastifyInstance, options: { config: Config }) {
  const orders = ordersService(app.db, { publicUrl: options.config.publicUrl });
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    '/api/orders',
    {
      // A 5,000-line basket is read and refused with its message, not cut off as too large a body.
      bodyLimit: 512 * 1024,
      schema: {
        body: sendOrderSchema,
        response: { 200: sentOrderSchema, ...errors, 409: orderChangedSchema.or(apiErrorSchema) },
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      reply.headers(noStore);
      try {
        return await orders.send(user, request.body);
      } catch (error) {
        // The moves go with the 409, so the page shows them before anything is sent.
        if (error instanceof OrderChangedError) return reply.code(409).send(error.body);
        throw error;
      }
    },
  );

  r.get(
    '/api/orders',
    { schema: { querystring: ordersQuerySchema, response: { 200: ordersPageSchema, ...errors } } },
    async (request, reply) => {
      const user = requireUser(request);
      reply.headers(noStore);
      return orders.page(request.query.role, user, request.query.cursor);
    },
  );

  r.get(
    '/api/orders/:id',
    { schema: { params: orderIdParamsSchema, response: { 200: orderSchema, ...errors } } },
    async (request, reply) => {
      const user = requireUser(request);
      reply.headers(noStore);
      return orders.open(request.params.id, user);
    },
  );

  r.post(
    '/api/orders/:id/decision',
    { schema: { params: orderIdParamsSchema, body: orderDecisionSchema, response: { 200: orderSchema, ...errors } } },
    async (request) => orders.decide(request.params.id, requireUser(request), request.body),
  );

  await orderDeskRoutes(app);
  await orderAnswerRoutes(app);
}
