import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiErrorSchema } from '../../../core/api';
import { noteSchema, saveNoteBodySchema } from '../../../core/notes';
import { requireAdmin } from '../../plugins/session';
import { notesService } from './service';

const params = z.object({ slug: z.string().max(100) });
const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema };

/** The admin planning-note pages' API (admins only). */
export async function notesRoutes(app: FastifyInstance) {
  const service = notesService(app.db);
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/api/admin/notes/:slug', { schema: { params, response: { 200: noteSchema, ...errors } } }, async (request, reply) => {
    requireAdmin(request);
    reply.header('cache-control', 'no-store');
    return service.get(request.params.slug);
  });

  r.put(
    '/api/admin/notes/:slug',
    {
      schema: { params, body: saveNoteBodySchema, response: { 200: noteSchema, 409: apiErrorSchema, ...errors } },
      config: { rateLimit: { max: 60, timeWindow: '1 minute' } },
    },
    async (request) => {
      const admin = requireAdmin(request);
      return service.save(admin, request.params.slug, request.body.body, request.body.baseUpdatedAt);
    },
  );
}
