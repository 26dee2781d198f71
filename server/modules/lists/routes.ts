import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiErrorSchema } from '../../../core/api';
import { publicTermsAnswerSchema } from '../../../core/delivery-terms-api';
import { ownListsSchema } from '../../../core/list';
import { type ListPage, listPageSchema } from '../../../core/list-page';
import { listPaths, localDate } from '../../../core/list-text';
import { pricesPageQuerySchema, pricesPageSchema } from '../../../core/price-table';
import { termsPath } from '../../../core/terms-path';
import type { Config } from '../../config';
import { freshUntil } from '../../plugins/page-freshness';
import { answerOf } from '../../plugins/pages';
import { requireUser } from '../../plugins/session';
import { handleTag } from '../../read-cache/read-tags';
import { termsService } from '../profiles/terms-service';
import { listLinkPreviewTags } from './link-preview';
import { listPageData, listPricesFrom } from './page';
import { listsService } from './service';

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 404: apiErrorSchema, 429: apiErrorSchema };

/**
 * The owner's lists and each list's own page (docs/decisions/0142). A list's versions and its direct
 * address are its posts' (posts/version-routes.ts): the posts module uses lists, not the other way.
 */
export async function listsRoutes(app: FastifyInstance, { config }: { config: Config }) {
  const lists = listsService(app.db);
  const terms = termsService(app.db);
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/api/lists/mine', { schema: { response: { 200: ownListsSchema, ...errors } } }, async (request, reply) => {
    const user = requireUser(request);
    reply.header('cache-control', 'private, no-store');
    return lists.ownLists(user.id);
  });

  // A list's own page (docs/decisions/0142): its data for the browser, and for the server's render.
  r.get(
    '/api/profiles/:handle/lists/:slug',
    {
      schema: {
        params: z.object({ handle: z.string().max(200), slug: z.string().max(200) }),
        response: { 200: listPageSchema, ...errors },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      return listPageData(app.db, request.params.handle, request.params.slug, request.user);
    },
  );
  // The rest of a list's prices, a page at a time (issue 39): the page shows the first rows.
  r.get(
    '/api/profiles/:handle/lists/:slug/prices',
    {
      schema: {
        params: z.object({ handle: z.string().max(200), slug: z.string().max(200) }),
        querystring: pricesPageQuerySchema,
        response: { 200: pricesPageSchema, ...errors, 403: apiErrorSchema },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      const { handle, slug } = request.params;
      return listPricesFrom(app.db, handle, slug, request.query, request.user);
    },
  );
  // Kept in the read cache under the handle's tag (the holder's face, the list, its versions and
  // the watcher's findings all name it, docs/architecture.md) while its ages read the same.
  app.addPageData('list', async ({ handle = '', slug = '' }) => {
    if (handle.length > 200 || slug.length > 200) return null;
    const answer = await answerOf(listPageSchema, () => listPageData(app.db, handle, slug, null));
    const page = answer.ok ? (answer.body as ListPage) : null;
    const shown = page?.list ?? null;
    const now = Date.now();
    return {
      answers: {
        [listPaths.page(handle, slug)]: answer,
        // The business's ordering terms come with it (issue 40): the browser works out the next delivery.
        ...(page && !page.list.locked
          ? { [termsPath(handle)]: await answerOf(publicTermsAnswerSchema, () => terms.publicTerms(handle, now)) }
          : {}),
      },
      ...(answer.ok ? {} : { status: answer.status }),
      ...(page ? { head: listLinkPreviewTags(page, config.publicUrl, localDate(new Date(now))) } : {}),
      tags: [handleTag(handle)],
      ...(shown
        ? { ttlMs: freshUntil([{ ...shown, createdAt: Math.max(shown.postedAt, shown.editedAt ?? 0) }], now) - now }
        : {}),
    };
  });
}
