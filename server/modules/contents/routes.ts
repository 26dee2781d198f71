import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiErrorSchema } from '../../../core/api';
import { normalizeHandle } from '../../../core/handle';
import { isCalendarDate } from '../../../core/list';
import {
  contentSummarySchema,
  listChangesPageSchema,
  listCompareSchema,
  listVersionTextSchema,
  versionCursorSchema,
  versionIdParamSchema,
} from '../../../core/list-contents-api';
import { requireUser } from '../../plugins/session';
import { mailListChanged } from '../email/service';
import { moveUpdatedListUp } from '../feed/service';
import { fileReader } from './reader';
import { contentsService } from './service';
import { contentsViews } from './views';

declare module 'fastify' {
  interface FastifyInstance {
    /** Reads fetched files into list versions (issue 30): the fetcher's hook calls `recordFetchedFile`. */
    contents: ReturnType<typeof contentsService>;
  }
}

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema, 429: apiErrorSchema };
const address = { handle: z.string().max(200), slug: z.string().max(200) };
const readLimit = { rateLimit: { max: 120, timeWindow: '1 minute' } };

/**
 * A list's archive of versions, each version as text, two compared, and the owner's removal
 * (docs/decisions/0162). Not encapsulated (fastify-plugin): `app.contents` is the fetcher's way in.
 */
export const contentsModule = fp(
  async (app: FastifyInstance) => {
    const reader = fileReader();
    app.addHook('onClose', () => reader.close());
    const service = contentsService(app.db, reader);
    app.decorate('contents', service);
    // Every file the link watcher reads whole (issue 29) becomes a version when it reads differently.
    app.linkWatcher.onFileFetched(async (file) => {
      const { fileName, contentType, ...rest } = file;
      const reading = await service.recordFetchedFile({
        ...rest,
        fileName: fileName ?? undefined,
        contentType: contentType ?? undefined,
      });
      if (reading.state === 'unreadable')
        app.log.info({ listId: file.listId, versionId: reading.versionId }, 'contents: file unreadable');
      // For a file whose bytes change on every fetch, a kept version is the watcher's "changed" (ADR 0157).
      return { changed: reading.stored };
    });
    // A readable change is what followers are told of ("list updated"); nothing readable changed, no one is.
    service.onReadableChange(async (change) => {
      await mailListChanged(app.db, { userId: change.userId, listId: change.listId });
      await moveUpdatedListUp(app.db, change, change.seenAt);
    });
    const views = contentsViews(app.db, reader);
    const r = app.withTypeProvider<ZodTypeProvider>();

    r.get(
      '/api/contents/summaries',
      {
        config: readLimit,
        schema: {
          querystring: z.object({
            lists: z
              .string()
              .regex(/^[1-9]\d{0,14}(,[1-9]\d{0,14}){0,49}$/, 'lists is up to 50 list ids, separated by commas.')
              .transform((text) => text.split(',').map(Number)),
          }),
          response: { 200: z.object({ summaries: z.array(contentSummarySchema.extend({ listId: z.number() })) }), ...errors },
        },
      },
      async (request, reply) => {
        reply.header('cache-control', 'private, no-store');
        return { summaries: await views.summaries(request.query.lists, request.user?.id ?? null) };
      },
    );

    r.get(
      '/api/contents/:handle/:slug/summary',
      {
        config: readLimit,
        schema: {
          params: z.object(address),
          response: { 200: z.object({ summary: contentSummarySchema.nullable() }), ...errors },
        },
      },
      async (request, reply) => {
        reply.header('cache-control', 'private, no-store');
        const { handle, slug } = request.params;
        return { summary: await views.summaryAt(normalizeHandle(handle), slug, request.user?.id ?? null) };
      },
    );

    r.get(
      '/api/contents/:handle/:slug/changes',
      {
        config: readLimit,
        schema: {
          params: z.object(address),
          querystring: z.object({ cursor: versionCursorSchema }),
          response: { 200: listChangesPageSchema, ...errors },
        },
      },
      async (request, reply) => {
        reply.header('cache-control', 'private, no-store');
        const { handle, slug } = request.params;
        return views.changes(normalizeHandle(handle), slug, request.query.cursor ?? null, request.user?.id ?? null);
      },
    );

    r.get(
      '/api/contents/:handle/:slug/versions/:versionId',
      {
        config: readLimit,
        schema: {
          params: z.object({ ...address, versionId: versionIdParamSchema }),
          response: { 200: listVersionTextSchema, ...errors },
        },
      },
      async (request, reply) => {
        reply.header('cache-control', 'private, no-store');
        const { handle, slug, versionId } = request.params;
        return views.version(normalizeHandle(handle), slug, { id: versionId }, request.user?.id ?? null);
      },
    );

    r.get(
      '/api/contents/:handle/:slug/as-of/:date',
      {
        config: readLimit,
        schema: {
          params: z.object({ ...address, date: z.string().refine(isCalendarDate, 'A date is written YYYY-MM-DD.') }),
          response: { 200: listVersionTextSchema, ...errors },
        },
      },
      async (request, reply) => {
        reply.header('cache-control', 'private, no-store');
        const { handle, slug, date } = request.params;
        // The end of that day in UTC: the version a person reading the list that day saw last.
        const at = Date.parse(`${date}T23:59:59.999Z`);
        return views.version(normalizeHandle(handle), slug, { at }, request.user?.id ?? null);
      },
    );

    r.get(
      '/api/contents/:handle/:slug/compare',
      {
        config: { rateLimit: { max: 30, timeWindow: '1 minute' } },
        schema: {
          params: z.object(address),
          querystring: z.object({ from: versionIdParamSchema, to: versionIdParamSchema }),
          response: { 200: listCompareSchema, ...errors },
        },
      },
      async (request, reply) => {
        reply.header('cache-control', 'private, no-store');
        const { handle, slug } = request.params;
        return views.compare(normalizeHandle(handle), slug, request.query.from, request.query.to, request.user?.id ?? null);
      },
    );

    r.delete(
      '/api/contents/:handle/:slug/versions/:versionId',
      {
        config: { rateLimit: { max: 30, timeWindow: '1 minute' } },
        schema: {
          params: z.object({ ...address, versionId: versionIdParamSchema }),
          response: { 200: z.object({ removed: z.literal(true) }), ...errors },
        },
      },
      async (request) => {
        const user = requireUser(request);
        const { handle, slug, versionId } = request.params;
        const listId = await views.listIdAt(normalizeHandle(handle), slug, user.id);
        await service.removeVersion(listId, versionId, user.id);
        return { removed: true as const };
      },
    );
  },
  { name: 'contents', dependencies: ['db', 'link-check'] },
);
