import type { FastifyError, FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiErrorSchema } from '../../../core/api';
import {
  businessProfileInputSchema,
  LOGO_MAX_BYTES,
  LOGO_MESSAGES,
  logoResponseSchema,
  ownBusinessProfileSchema,
} from '../../../core/business-profile';
import { handleParamSchema, normalizeHandle } from '../../../core/handle';
import { HttpError, notFound } from '../../http-errors';
import { notModified } from '../../not-modified';
import { perPersonLimit } from '../../plugins/rate-limit';
import { requireApproved } from '../../plugins/session';
import { LogoBusyError } from './logo-image';
import { profilesService } from './service';

const errors = {
  400: apiErrorSchema,
  401: apiErrorSchema,
  403: apiErrorSchema,
  404: apiErrorSchema,
  413: apiErrorSchema,
  415: apiErrorSchema,
  429: apiErrorSchema,
};
const handleParams = z.object({ handle: handleParamSchema.transform(normalizeHandle) });
/** An image body; not JSON, so nothing is serialized. */
const imageResponse = z.unknown().describe('image/webp');
const LOGO_CACHE_FOREVER = 'public, max-age=31536000, immutable';
const LOGO_CACHE_CURRENT = 'public, max-age=300';

// Before the body is read: a visitor's upload is refused without receiving its megabytes.
const approvedOnly = async (request: FastifyRequest) => void requireApproved(request);

/** Business profiles: /settings/profile's API and the public logo. */
export async function profilesRoutes(app: FastifyInstance) {
  const profiles = profilesService(app.db);
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/profile',
    { onRequest: approvedOnly, schema: { response: { 200: ownBusinessProfileSchema, ...errors } } },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      return profiles.own(requireApproved(request).id);
    },
  );

  r.put(
    '/api/profile',
    {
      onRequest: approvedOnly,
      config: { rateLimit: perPersonLimit(30, '10 minutes') },
      schema: { body: businessProfileInputSchema, response: { 200: ownBusinessProfileSchema, ...errors } },
    },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      return profiles.update(requireApproved(request).id, request.body);
    },
  );

  r.delete(
    '/api/profile/logo',
    { onRequest: approvedOnly, schema: { response: { 200: logoResponseSchema, ...errors } } },
    async (request) => {
      await profiles.removeLogo(requireApproved(request).id);
      return { logo: null };
    },
  );

  // The upload is the image itself, not JSON: its own scope reads any body as bytes, up to 2 MB.
  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: LOGO_MAX_BYTES }, (_request, body, done) => done(null, body));
    scope.setErrorHandler((error: FastifyError) => {
      // The parent handler answers with this message instead of Fastify's own.
      if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') throw new HttpError(413, LOGO_MESSAGES.tooLarge, 'Payload Too Large');
      if (error.code === 'FST_ERR_CTP_EMPTY_JSON_BODY' || error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') {
        throw new HttpError(415, LOGO_MESSAGES.type, 'Unsupported Media Type');
      }
      throw error;
    });
    scope.withTypeProvider<ZodTypeProvider>().put(
      '/api/profile/logo',
      {
        onRequest: approvedOnly,
        config: { rateLimit: perPersonLimit(20, '10 minutes') },
        schema: { response: { 200: logoResponseSchema, ...errors, 503: apiErrorSchema } },
      },
      async (request, reply) => {
        const body = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
        try {
          return { logo: await profiles.uploadLogo(requireApproved(request).id, body) };
        } catch (error) {
          if (!(error instanceof LogoBusyError)) throw error;
          return reply.code(503).header('retry-after', '2').send({ error: 'Service Unavailable', message: LOGO_MESSAGES.busy });
        }
      },
    );
  });

  r.get(
    '/api/profiles/:handle/logo',
    {
      config: { rateLimit: { max: 300, timeWindow: '1 minute' } },
      schema: {
        params: handleParams,
        querystring: z.object({ v: z.string().max(64).optional() }),
        response: { 200: imageResponse, 304: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      const logo = await profiles.logo(request.params.handle);
      if (!logo) throw notFound(LOGO_MESSAGES.none);
      const etag = `"${logo.version}"`;
      reply.header('etag', etag);
      reply.header('cache-control', request.query.v === logo.version ? LOGO_CACHE_FOREVER : LOGO_CACHE_CURRENT);
      if (notModified(request, etag)) return reply.code(304).send(null);
      return reply.type(logo.contentType).send(Buffer.from(logo.image));
    },
  );
}
