import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiErrorSchema } from '../../../core/api';
import {
  EMAIL_MESSAGES,
  emailPreferencesSchema,
  emailPreferencesUpdateSchema,
  emailStatusSchema,
  UNSUBSCRIBE_CATEGORIES,
} from '../../../core/email';
import { type Config, isLocalDevelopmentServer } from '../../config';
import { runsBackground } from '../../config-roles';
import { badRequest, notFound } from '../../http-errors';
import { refuseUnlessLoopbackHost } from '../../plugins/local-only';
import { ADMIN_MAIL_LIMIT, perPersonLimit } from '../../plugins/rate-limit';
import { requireAdmin, requireUser } from '../../plugins/session';
import { pushService } from '../push/service';
import { mailboxItemPage, mailboxListPage, unsubscribePage } from './pages';
import { emailService, isSubscribedChoice } from './service';
import { mailboxTransport, smtpTransport } from './transport';
import { createMailer, type Mailer, messageIdOf, SENDING_AT_ONCE } from './worker';

declare module 'fastify' {
  interface FastifyInstance {
    /** This process's outbox worker (tests drive it: `app.mailer.deliverDue()`). */
    mailer: Mailer;
  }
}

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema, 409: apiErrorSchema };
const unsubscribeQuery = z.object({
  token: z
    .string()
    .min(16)
    .max(100)
    .regex(/^[A-Za-z0-9_-]+$/),
  category: z.enum(UNSUBSCRIBE_CATEGORIES),
});
const ONE_CLICK = /List-Unsubscribe[\s\S]*One-Click/;
const actionOf = (path: string, token: string, category: string) =>
  `${path}?token=${encodeURIComponent(token)}&category=${category}`;
const html = z.string();
const admin = async (request: FastifyRequest) => void requireAdmin(request);

/** Email: the outbox worker, preferences, one-click unsubscribe, the admin view, the development mailbox. */
export const emailModule = fp<{ config: Config }>(
  async (app: FastifyInstance, { config }) => {
    // The mailbox shows everyone's invite links and unsubscribe tokens: a local development server only (ADR 0130).
    const devMailbox = isLocalDevelopmentServer(config);
    const transport = config.mail.smtpUrl
      ? smtpTransport(config.mail.smtpUrl, SENDING_AT_ONCE)
      : devMailbox
        ? mailboxTransport()
        : null;
    const service = emailService(app.db);
    const push = pushService(app.db, config.push);
    const mailer = createMailer({
      db: app.db,
      transport: transport ?? mailboxTransport(),
      publicUrl: config.publicUrl,
      siteHost: config.siteHost,
      ownerEmail: config.ownerEmail,
      from: config.mail.from,
      supportEmail: config.mail.supportEmail,
      digestHourUtc: config.mail.digestHourUtc,
      leaseMs: config.mail.leaseMs,
      instantIntervalMs: config.mail.instantIntervalMs,
      // Alerts go to the person's opted-in devices too (docs/decisions/0214).
      push: (userId, message) => push.notify(userId, message),
      log: app.log,
    });
    app.decorate('mailer', mailer);
    app.addHook('onReady', async () => {
      // A web process sends no mail (ADR 0203). Production without SMTP_URL: mail waits in the outbox until a server with SMTP_URL delivers it.
      if (!runsBackground(config.jobs.role)) return;
      if (!transport) app.log.warn('email: SMTP_URL is not set, so mail stays queued in the outbox');
      else mailer.start(config.mail.pollMs);
    });
    app.addHook('onClose', async () => mailer.stop());

    await app.register(async (scope) => {
      const r = scope.withTypeProvider<ZodTypeProvider>();

      r.get(
        '/api/settings/email',
        { schema: { response: { 200: emailPreferencesSchema, ...errors } } },
        async (request, reply) => {
          reply.header('cache-control', 'private, no-store');
          return service.preferencesOf(requireUser(request));
        },
      );

      r.put(
        '/api/settings/email',
        {
          schema: { body: emailPreferencesUpdateSchema, response: { 200: emailPreferencesSchema, ...errors } },
          config: { rateLimit: perPersonLimit(30, '1 minute') },
        },
        async (request) => service.updatePreferences(requireUser(request), request.body),
      );

      r.get(
        '/api/admin/email',
        { preHandler: admin, schema: { response: { 200: emailStatusSchema, ...errors } } },
        async (_request, reply) => {
          reply.header('cache-control', 'private, no-store');
          return service.status();
        },
      );

      r.post(
        '/api/admin/email/:id/retry',
        {
          preHandler: admin,
          config: { rateLimit: ADMIN_MAIL_LIMIT },
          schema: {
            params: z.object({ id: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER) }),
            response: { 200: z.object({ ok: z.literal(true) }), ...errors, 429: apiErrorSchema },
          },
        },
        async (request) => {
          await service.retry(request.params.id);
          return { ok: true as const };
        },
      );
    });

    // One-click unsubscribe works without signing in: the random token in the link is the key.
    await app.register(async (scope) => {
      // RFC 8058: mail providers POST `List-Unsubscribe=One-Click` as a form, either encoding.
      scope.addContentTypeParser(
        ['application/x-www-form-urlencoded', 'multipart/form-data'],
        { parseAs: 'string', bodyLimit: 4096 },
        (_request, body, done) => done(null, body),
      );
      const r = scope.withTypeProvider<ZodTypeProvider>();
      const limit = { rateLimit: { max: 30, timeWindow: '1 minute' } };
      // The token is the credential: the form on the page posts with `Origin: null` (ADR 0140).
      const tokenRoute = { ...limit, urlTokenCredential: true, visitors: true };

      r.get(
        '/api/email/unsubscribe',
        { config: limit, schema: { querystring: unsubscribeQuery, response: { 200: html, 404: html } } },
        async (request, reply) => {
          const { token, category } = request.query;
          const target = await service.unsubscribeTarget(token);
          reply.type('text/html; charset=utf-8').header('cache-control', 'no-store').header('referrer-policy', 'no-referrer');
          if (!target) return reply.code(404).send(unsubscribePage({ state: 'unknown', category }));
          const action = actionOf('/api/email/unsubscribe', token, category);
          return reply.send(unsubscribePage({ state: 'confirm', category, email: target.email, action }));
        },
      );

      r.post(
        '/api/email/unsubscribe',
        {
          config: tokenRoute,
          schema: {
            querystring: unsubscribeQuery,
            body: z.string().max(4096),
            response: { 200: html, 404: html, 400: apiErrorSchema },
          },
        },
        async (request, reply) => {
          if (!ONE_CLICK.test(request.body)) throw badRequest('Send List-Unsubscribe=One-Click to unsubscribe.');
          const { token, category } = request.query;
          const was = await service.unsubscribe(token, category);
          reply.type('text/html; charset=utf-8').header('cache-control', 'no-store').header('referrer-policy', 'no-referrer');
          if (!was) return reply.code(404).send(unsubscribePage({ state: 'unknown', category }));
          request.log.info({ category }, 'email: one-click unsubscribe');
          const undo = { action: actionOf('/api/email/unsubscribe/undo', token, category), restore: was };
          return reply.send(unsubscribePage({ state: 'done', category, undo }));
        },
      );

      // The undo on the "You're unsubscribed" page: the category back to what it was.
      r.post(
        '/api/email/unsubscribe/undo',
        {
          config: tokenRoute,
          schema: {
            querystring: unsubscribeQuery,
            body: z.string().max(4096),
            response: { 200: html, 404: html, 400: apiErrorSchema },
          },
        },
        async (request, reply) => {
          const { token, category } = request.query;
          const restore = new URLSearchParams(request.body).get('restore') ?? '';
          if (!isSubscribedChoice(category, restore)) throw badRequest('Send restore= with the choice to put back.');
          const done = await service.resubscribe(token, category, restore);
          reply.type('text/html; charset=utf-8').header('cache-control', 'no-store').header('referrer-policy', 'no-referrer');
          if (!done) return reply.code(404).send(unsubscribePage({ state: 'unknown', category }));
          request.log.info({ category }, 'email: unsubscribe undone');
          return reply.send(unsubscribePage({ state: 'undone', category }));
        },
      );
    });

    await app.register(async (scope) => {
      const r = scope.withTypeProvider<ZodTypeProvider>();
      if (!devMailbox) {
        // The development mailbox exists only on a local development server; not even the web app's page for it.
        r.get('/dev/*', { schema: { response: { 404: apiErrorSchema } } }, async () => {
          throw notFound('Not found.');
        });
        return;
      }
      scope.addHook('onRequest', refuseUnlessLoopbackHost);
      r.get('/dev/mailbox', { schema: { response: { 200: html } } }, async (_request, reply) =>
        reply
          .type('text/html; charset=utf-8')
          .header('cache-control', 'no-store')
          .send(mailboxListPage(await service.mailbox(200))),
      );
      r.get(
        '/dev/mailbox/:id',
        {
          schema: {
            params: z.object({ id: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER) }),
            response: { 200: html, 404: apiErrorSchema },
          },
        },
        async (request, reply) => {
          const mail = await service.mailboxItem(request.params.id);
          if (!mail) throw notFound(EMAIL_MESSAGES.notFound);
          return reply
            .type('text/html; charset=utf-8')
            .header('cache-control', 'no-store')
            .send(mailboxItemPage({ ...mail, messageId: messageIdOf(mail, config.siteHost) }));
        },
      );
    });
  },
  { name: 'email', dependencies: ['db'] },
);
