import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { analyticsBatchSchema, analyticsConfigSchema, analyticsReportSchema } from '../../../core/analytics';
import { apiErrorSchema } from '../../../core/api';
import { CONSENT_CHOICES, CONSENT_COOKIE, type ConsentChoice } from '../../../core/consent';
import type { Config } from '../../config';
import { requireAdmin } from '../../plugins/session';
import { analyticsService } from './service';

const consentOf = (raw: string | undefined): ConsentChoice | undefined =>
  (CONSENT_CHOICES as readonly string[]).includes(raw ?? '') ? (raw as ConsentChoice) : undefined;

export async function analyticsRoutes(app: FastifyInstance, { config }: { config: Config }) {
  const service = analyticsService(app.db);
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/api/analytics/config', { schema: { response: { 200: analyticsConfigSchema } } }, async () => ({
    gtmId: config.gtmId ?? null,
  }));

  r.post(
    '/api/analytics/events',
    {
      config: { rateLimit: { max: 60, timeWindow: '1 minute' }, visitors: true },
      schema: {
        body: analyticsBatchSchema,
        response: { 200: z.object({ stored: z.number().int() }), 400: apiErrorSchema, 403: apiErrorSchema, 429: apiErrorSchema },
      },
    },
    async (request) => {
      // The browser mirrors the visitor's choice into this cookie; without 'accepted' nothing is kept.
      const stored = await service.record(request.body.events, consentOf(request.cookies[CONSENT_COOKIE]));
      return { stored };
    },
  );

  r.get(
    '/api/admin/analytics',
    {
      schema: {
        querystring: z.object({ days: z.coerce.number().int().min(1).max(365).default(30) }),
        response: { 200: analyticsReportSchema, 401: apiErrorSchema, 403: apiErrorSchema },
      },
    },
    async (request, reply) => {
      requireAdmin(request);
      reply.header('cache-control', 'no-store');
      return service.report(request.query.days);
    },
  );
}
