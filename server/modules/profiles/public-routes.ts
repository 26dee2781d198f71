import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiErrorSchema } from '../../../core/api';
import { publicTermsAnswerSchema } from '../../../core/delivery-terms-api';
import { cursorParamSchema, encodeCursor } from '../../../core/feed';
import { handleParamSchema, normalizeHandle } from '../../../core/handle';
import { postPageSchema, profileSchema } from '../../../core/post';
import { connectPageSchema } from '../../../core/sharing';
import type { Config } from '../../config';
import { fastSerializer } from '../../fast-serializer';
import { freshUntil } from '../../plugins/page-freshness';
import { answerOf } from '../../plugins/pages';
import { handleTag, tableTags } from '../../read-cache/read-tags';
import { linkPreviewHead, linkPreviewTags } from './link-preview';
import { publicProfilesService } from './public-service';
import { termsService } from './terms-service';

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema, 429: apiErrorSchema };
const handleParams = z.object({ handle: handleParamSchema.transform(normalizeHandle) });
const pageQuery = z.object({ cursor: cursorParamSchema });

/**
 * A handle's public pages and their API (issue 28: public profile data has one home): the profile
 * (`/{handle}`) and connect page (`/follow/{handle}`), rendered on the server from one read
 * (docs/decisions/0108, 0114), and the answers their components fetch.
 */
export async function publicProfileRoutes(app: FastifyInstance, { config }: { config: Config }) {
  const profiles = publicProfilesService(app.db, app.reads);
  const r = app.withTypeProvider<ZodTypeProvider>();
  app.addHeadProvider(linkPreviewHead(profiles, config.publicUrl));

  r.get(
    '/api/profiles/:handle',
    { serializerCompiler: fastSerializer, schema: { params: handleParams, response: { 200: profileSchema, ...errors } } },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      return profiles.profile(request.params.handle, request.user);
    },
  );

  r.get(
    '/api/profiles/:handle/posts',
    {
      serializerCompiler: fastSerializer,
      schema: { params: handleParams, querystring: pageQuery, response: { 200: postPageSchema, ...errors } },
    },
    async (request, reply) => {
      const { handle } = request.params;
      const { cursor } = request.query;
      const page = cursor ? encodeCursor(cursor) : '';
      const viewer = request.user?.id;
      const shows = { tags: [handleTag(handle)] };
      // A reader with trade access (the holder, an approved member) gets the lists' contents: a page
      // kept apart from the public one and given only after this check (docs/decisions/0180).
      const access = { tags: [handleTag(handle), ...tableTags('trade_requests')] };
      if (
        viewer &&
        (await app.reads.get(`trade-reads:${viewer}:${handle}`, () => profiles.readsTradeLists(handle, viewer), access))
      ) {
        reply.header('cache-control', 'private, no-store');
        const sealed = { tags: [handleTag(handle), ...tableTags('trade_contents')] };
        return app.reads.get(`posts-trade:${handle}:${page}`, () => profiles.profilePosts(handle, cursor, viewer), sealed);
      }
      reply.header('cache-control', 'no-cache');
      return app.reads.get(`posts:${handle}:${page}`, () => profiles.profilePosts(handle, cursor), shows);
    },
  );

  r.get(
    '/api/connect/:handle',
    {
      schema: {
        params: z.object({ handle: z.string().max(200) }),
        response: { 200: connectPageSchema, 404: apiErrorSchema },
      },
    },
    async (request) => profiles.connectPage(request.params.handle),
  );

  // /{handle} and /follow/{handle} rendered on the server (docs/decisions/0108), from one query.
  // An unknown handle's profile and connect page say so with a 404 (issue 43: the profile went to / without a word).
  const handleParam = (raw: string) => encodeURIComponent(raw);
  const terms = termsService(app.db);
  app.addPageData('profile', async ({ handle = '' }) => {
    if (handle.length > 200) return null;
    const page = await profiles.handlePages(handle);
    const path = `/api/profiles/${handleParam(handle)}`;
    if (!page) {
      const missing = await answerOf(profileSchema, () => profiles.profile(handle, null));
      return { answers: { [path]: missing }, status: 404, tags: [handleTag(handle)] };
    }
    return {
      answers: {
        [path]: await answerOf(profileSchema, async () => page.profile),
        [`${path}/posts`]: await answerOf(postPageSchema, async () => page.posts),
        // Its ordering terms come with it (issue 40): the page asks nothing more on its first visit.
        // The browser works out the next delivery from the terms by its own clock.
        [`${path}/terms`]: await answerOf(publicTermsAnswerSchema, () => terms.publicTerms(handle, Date.now())),
      },
      head: linkPreviewTags(page.face, 'profile', config.publicUrl),
      tags: [handleTag(page.face.handle)],
      ttlMs: freshUntil(page.posts.posts, Date.now()) - Date.now(),
    };
  });
  app.addPageData('follow', async ({ handle = '' }) => {
    if (handle.length > 200) return null;
    const page = await profiles.handlePages(handle);
    const path = `/api/connect/${handleParam(handle)}`;
    if (!page) {
      return {
        answers: { [path]: await answerOf(connectPageSchema, () => profiles.connectPage(handle)) },
        status: 404,
        tags: [handleTag(handle)],
      };
    }
    return {
      answers: { [path]: await answerOf(connectPageSchema, async () => page.connect) },
      head: linkPreviewTags(page.face, 'connect', config.publicUrl),
      tags: [handleTag(page.face.handle)],
      ttlMs: freshUntil(page.posts.posts.slice(0, 1), Date.now()) - Date.now(),
    };
  });
}
