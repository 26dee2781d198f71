import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiErrorSchema } from '../../../core/api';
import { deliveryTermsInputSchema, ownDeliveryTermsSchema, publicTermsAnswerSchema } from '../../../core/delivery-terms-api';
import { handleParamSchema, normalizeHandle } from '../../../core/handle';
import { perPersonLimit } from '../../plugins/rate-limit';
import { requireApproved } from '../../plugins/session';
import { termsService } from './terms-service';

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema, 429: apiErrorSchema };
const handleParams = z.object({ handle: handleParamSchema.transform(normalizeHandle) });
const approvedOnly = async (request: FastifyRequest) => void requireApproved(request);

/**
 * Ordering terms (issue 40 §1): the owner's own at /api/profile/terms, beside the rest of the
 * business profile, and their public part with the next delivery at /api/profiles/:handle/terms.
 */
export async function termsRoutes(app: FastifyInstance) {
  const terms = termsService(app.db);
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/profile/terms',
    { onRequest: approvedOnly, schema: { response: { 200: ownDeliveryTermsSchema, ...errors } } },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      return { terms: await terms.own(requireApproved(request).id) };
    },
  );

  r.put(
    '/api/profile/terms',
    {
      onRequest: approvedOnly,
      config: { rateLimit: perPersonLimit(30, '10 minutes') },
      schema: { body: deliveryTermsInputSchema, response: { 200: ownDeliveryTermsSchema, ...errors } },
    },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      return { terms: await terms.save(requireApproved(request).id, request.body) };
    },
  );

  r.get(
    '/api/profiles/:handle/terms',
    { schema: { params: handleParams, response: { 200: publicTermsAnswerSchema, ...errors } } },
    async (request, reply) => {
      // The next delivery moves with the clock: never kept by a shared cache.
      reply.header('cache-control', 'no-cache');
      return terms.publicTerms(request.params.handle, Date.now());
    },
  );
}
