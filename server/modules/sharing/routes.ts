import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiErrorSchema } from '../../../core/api';
import {
  QR_FORMATS,
  qrDataSchema,
  qrFormatSchema,
  qrSizeSchema,
  SHARING_MESSAGES,
  webManifestSchema,
} from '../../../core/sharing';
import type { Config } from '../../config';
import { notFound } from '../../http-errors';
import { notModified } from '../../not-modified';
import { imageRenderer, RendererBusyError } from './image-renderer';
import { type CachedImage, sharingService } from './service';

/** An image body (PNG bytes or SVG text); not JSON, so nothing is serialized. */
const imageResponse = z.unknown().describe('image/png or image/svg+xml');
const errors = { 400: apiErrorSchema, 404: apiErrorSchema, 429: apiErrorSchema, 503: apiErrorSchema };

/** A QR code for one URL never changes; a card changes when its display name does. */
const QR_CACHE = 'public, max-age=86400';
const CARD_CACHE = 'public, max-age=300, must-revalidate';

/** Checked on every read (the ETag makes that a 304): a removed or edited list leaves readers at once. */
const FEED_CACHE = 'public, no-cache';

/** Sends an image, or 304 when the client's copy has the same ETag (the image is then never drawn). */
async function sendImage(request: FastifyRequest, reply: FastifyReply, image: CachedImage, cacheControl: string) {
  reply.header('etag', image.etag).header('cache-control', cacheControl);
  if (notModified(request, image.etag)) return reply.code(304).send();
  try {
    const { body, contentType } = await image.render();
    return reply.type(contentType).send(body);
  } catch (error) {
    if (!(error instanceof RendererBusyError)) throw error;
    reply.removeHeader('etag');
    reply.header('cache-control', 'no-store').header('retry-after', '1');
    return reply.code(503).send({ error: 'Service Unavailable', message: SHARING_MESSAGES.busy });
  }
}

const qrFileSchema = z.string().transform((file, ctx) => {
  const match = /^(.+)\.([a-z]+)$/.exec(file);
  const format = match?.[2] ?? '';
  if (!match?.[1] || !(QR_FORMATS as readonly string[]).includes(format)) {
    ctx.addIssue({ code: 'custom', message: SHARING_MESSAGES.format });
    return z.NEVER;
  }
  return { handle: match[1], format: format as (typeof QR_FORMATS)[number] };
});

/** Our own QR codes (decisions.md: never a third-party QR service), the printable card, link previews. */
export async function sharingRoutes(app: FastifyInstance, { config }: { config: Config }) {
  const renderer = imageRenderer();
  app.addHook('onClose', () => renderer.close());
  const service = sharingService(app.db, config, renderer, app.reads);
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/qr',
    {
      config: { rateLimit: { max: 120, timeWindow: '1 minute' } },
      schema: {
        querystring: z.object({ data: qrDataSchema, size: qrSizeSchema, format: qrFormatSchema }),
        response: { 200: imageResponse, 304: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      const { data, size, format } = request.query;
      return sendImage(request, reply, service.qrForData(data, size, format), QR_CACHE);
    },
  );

  r.get(
    '/qr/:file',
    {
      config: { rateLimit: { max: 120, timeWindow: '1 minute' } },
      schema: {
        params: z.object({ file: qrFileSchema }),
        querystring: z.object({ size: qrSizeSchema }),
        response: { 200: imageResponse, 304: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      const { handle, format } = request.params.file;
      return sendImage(request, reply, service.qrForHandle(handle, request.query.size, format), QR_CACHE);
    },
  );

  r.get(
    '/qr/:handle/card.png',
    {
      config: { rateLimit: { max: 30, timeWindow: '1 minute' } },
      schema: {
        params: z.object({ handle: z.string().max(200) }),
        querystring: z.object({ download: z.enum(['0', '1']).optional() }),
        response: { 200: imageResponse, 304: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      const { handle } = request.params;
      const card = await service.card(handle);
      if (request.query.download === '1') {
        reply.header('content-disposition', `attachment; filename="freshlist-${handle}-card.png"`);
      }
      return sendImage(request, reply, card, CARD_CACHE);
    },
  );

  r.get(
    '/qr/:handle/lists/:file',
    {
      config: { rateLimit: { max: 120, timeWindow: '1 minute' } },
      schema: {
        params: z.object({ handle: z.string().max(200), file: qrFileSchema }),
        querystring: z.object({ size: qrSizeSchema }),
        response: { 200: imageResponse, 304: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      // qrFileSchema reads the file's name as `handle`: here it is the list's slug.
      const { handle: slug, format } = request.params.file;
      const image = service.qrForList(request.params.handle, slug, request.query.size, format);
      return sendImage(request, reply, image, QR_CACHE);
    },
  );

  r.get(
    '/qr/:handle/lists/:slug/card.png',
    {
      config: { rateLimit: { max: 30, timeWindow: '1 minute' } },
      schema: {
        params: z.object({ handle: z.string().max(200), slug: z.string().max(200) }),
        querystring: z.object({ download: z.enum(['0', '1']).optional() }),
        response: { 200: imageResponse, 304: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      const { handle, slug } = request.params;
      const card = await service.listCard(handle, slug);
      if (request.query.download === '1') {
        reply.header('content-disposition', `attachment; filename="freshlist-${handle}-${slug}-card.png"`);
      }
      return sendImage(request, reply, card, CARD_CACHE);
    },
  );

  r.get(
    '/:handle/manifest.webmanifest',
    {
      schema: {
        params: z.object({ handle: z.string().max(200) }),
        response: { 200: webManifestSchema, 404: apiErrorSchema },
      },
    },
    async (request, reply) => {
      const profile = await service.publicProfile(request.params.handle);
      if (!profile) throw notFound(SHARING_MESSAGES.unknownHandle);
      reply.type('application/manifest+json; charset=utf-8').header('cache-control', 'public, max-age=300');
      return service.profileManifest(profile);
    },
  );

  r.get(
    '/:handle/feed.atom',
    {
      config: { rateLimit: { max: 60, timeWindow: '1 minute' } },
      schema: {
        params: z.object({ handle: z.string().max(200) }),
        response: { 200: z.string(), 304: z.null(), 404: apiErrorSchema, 429: apiErrorSchema },
      },
    },
    async (request, reply) => {
      const feed = await service.feed(request.params.handle);
      reply.header('etag', feed.etag).header('cache-control', FEED_CACHE);
      if (feed.lastModified !== null) reply.header('last-modified', new Date(feed.lastModified).toUTCString());
      if (notModified(request, feed.etag, feed.lastModified)) return reply.code(304).send(null);
      return reply.type('application/atom+xml; charset=utf-8').send(feed.render());
    },
  );
}
