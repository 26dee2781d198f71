import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiErrorSchema } from '../../../core/api';
import { normalizeHandle } from '../../../core/handle';
import { isCalendarDate } from '../../../core/list';
import {
  changesApiPath,
  contentSummarySchema,
  listChangesPageSchema,
  listCompareSchema,
  listVersionTextSchema,
  versionCursorSchema,
  versionIdParamSchema,
} from '../../../core/list-contents-api';
import { answerOf } from '../../plugins/pages';
import { requireUser } from '../../plugins/session';
import { handleTag } from '../../read-cache/read-tags';
import { mailListChanged } from '../email/service';
import { moveUpdatedListUp } from '../feed/service';
import type { ContentsReading } from './reading';
import { readsList } from './service';
import { contentsViews } from './views';

declare module 'fastify' {
  interface FastifyInstance {
    /** Reads fetched files into list versions (issue 30): the fetcher's hook calls `recordFetchedFile`. */
    contents: ContentsReading['service'];
  }
}

const errors = {
  400: apiErrorSchema,
  401: apiErrorSchema,
  403: apiErrorSchema,
  404: apiErrorSchema,
  429: apiErrorSchema,
  503: apiErrorSchema,
};
const address = { handle: z.string().max(200), slug: z.string().max(200) };
const readLimit = { rateLimit: { max: 120, timeWindow: '1 minute' } };

/**
 * A list's archive of versions, each version as text, two compared, and the owner's removal
 * (docs/decisions/0162). Not encapsulated (fastify-plugin): tests reach the service as `app.contents`.
 */
export const contentsModule = fp<{ reading: ContentsReading }>(
  async (app: FastifyInstance, { reading }) => {
    const { reader, service } = reading;
    app.jobs.handle('list-changed', async (change, trx) => {
      // The watcher saw new bytes; a file Freshlist reads is told of by what changed in it, not by its bytes.
      if (change.seenBy === 'file' && (await readsList(trx, change.listId))) return;
      await mailListChanged(trx, change);
      await moveUpdatedListUp(trx, change, change.at);
    });
    app.decorate('contents', service);
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

    // "What changed" rendered on the server as a visitor sees it (issue 43): its first page, kept under
    // the handle's tag (a new or removed version names it). It shows dates, no ages: no ttl.
    app.addPageData('listChanges', async ({ handle = '', slug = '' }) => {
      if (handle.length > 200 || slug.length > 200) return null;
      const answer = await answerOf(listChangesPageSchema, () => views.changes(normalizeHandle(handle), slug, null, null));
      return {
        answers: { [changesApiPath(handle, slug)]: answer },
        ...(answer.ok ? {} : { status: answer.status }),
        tags: [handleTag(handle)],
      };
    });

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
