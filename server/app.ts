import cookie from '@fastify/cookie';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest, type RouteOptions } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { Config } from './config';
import { fastifyTrustProxy } from './config-proxy';
import { sessionStore } from './modules/auth/service';
import { registerModules } from './modules/index';
import { type DatabaseHandle, dbPlugin } from './plugins/db';
import { errorHandlerPlugin, frameworkErrors } from './plugins/error-handler';
import { inputGuardPlugin } from './plugins/input-guard';
import { jobsPlugin } from './plugins/jobs';
import { pagesPlugin } from './plugins/pages';
import { rateLimitPlugin } from './plugins/rate-limit';
import { ResponseLog } from './plugins/request-log';
import { securityPlugin } from './plugins/security';
import { sessionCookieName, sessionPlugin } from './plugins/session';
import { signInFirstPlugin } from './plugins/sign-in-first';
import { webPlugin } from './plugins/web';
import { type ReadCache, readCache } from './read-cache/read-cache';

/** Cached reads live at most this long even when no change is heard (docs/decisions/0065, 0118). */
const READ_CACHE_MAX_AGE_MS = 60_000;
/**
 * The cache's bytes for each of READ_CACHE_ENTRIES: a feed page or a profile is about 2 KB, a
 * rendered page about 35 KB plain and gzipped; 5,000 entries keep at most 40 MB.
 */
const BYTES_PER_ENTRY = 8 * 1024;

declare module 'fastify' {
  interface FastifyInstance {
    /** Reads answered from memory until a change notice names what they show (docs/decisions/0118). */
    reads: ReadCache;
  }
}

export interface BuildOptions {
  database: DatabaseHandle;
  /** The app closes the database when it closes (true for the server, false for shared test databases). */
  closeDatabase?: boolean;
  logger?: boolean;
  /** Where log lines go instead of stdout (tests read them). */
  logStream?: { write(line: string): void };
  /** Sees every route as it is registered (the access-matrix and fuzz tests list the routes this way). */
  onRoute?: (route: RouteOptions) => void;
  /** Folder of the built web app (tests point it at a small fixture). */
  webRoot?: string;
  /** In-process tests only: their provider stub's test authority, trusted by the link fetcher (ADR 0150). */
  linkFetchCa?: string[];
}

const HEALTH_PATHS = new Set(['/healthz', '/readyz']);

/** A worker process serves no page and no API: only its health, for the orchestrator (ADR 0203). */
async function answerOnlyHealth(request: FastifyRequest, reply: FastifyReply) {
  if (HEALTH_PATHS.has(request.url.split('?')[0] ?? '')) return;
  return reply
    .code(404)
    .header('cache-control', 'no-store')
    .send({ error: 'Not Found', message: 'This process is a Freshlist worker: it answers only /healthz and /readyz.' });
}

/** The whole server in a fixed order: external plugins, app plugins, then feature modules. */
export async function buildApp(config: Config, options: BuildOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger:
      options.logger === false
        ? false
        : {
            level: config.logLevel,
            redact: ['req.headers.cookie', 'req.headers.authorization', 'res.headers["set-cookie"]'],
            ...(options.logStream ? { stream: options.logStream } : {}),
          },
    logController: new ResponseLog({ level: config.logLevel, slowMs: config.logSlowMs }),
    trustProxy: fastifyTrustProxy(config.trustProxy),
    bodyLimit: 64 * 1024,
    // A client-sent X-Request-Id is only believed from a trusted proxy; anyone else gets a fresh id.
    requestIdHeader: config.trustProxy !== false ? 'x-request-id' : false,
    genReqId: () => crypto.randomUUID(),
    routerOptions: { maxParamLength: 500 },
    return503OnClosing: true,
    // Fastify's 10 s default failed a start on a loaded 2-core machine (the development provider's keys); a slow start is still a start.
    pluginTimeout: 60_000,
    frameworkErrors,
  });
  if (options.onRoute) app.addHook('onRoute', options.onRoute);
  if (config.jobs.role === 'worker') app.addHook('onRequest', answerOnlyHealth);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  // A keep-alive connection busy when a close begins (a proxy's pool: nginx's upstream keepalive)
  // would stay open until it idled out, holding the process past its shutdown grace (ADR 0223):
  // an answer sent while closing ends its connection.
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
    if (closing) reply.header('connection', 'close');
  });

  app.decorate(
    'reads',
    readCache(options.database.changes, {
      maxEntries: config.readCacheEntries,
      maxBytes: config.readCacheEntries * BYTES_PER_ENTRY,
      maxAgeMs: READ_CACHE_MAX_AGE_MS,
      freeze: config.env !== 'production',
    }),
  );
  app.addHook('onClose', async () => app.reads.close());
  await app.register(cookie, { secret: config.sessionSecret });
  await app.register(errorHandlerPlugin);
  await app.register(inputGuardPlugin);
  await app.register(securityPlugin, { config });
  await app.register(dbPlugin, { database: options.database, closeOnShutdown: options.closeDatabase ?? true });
  await app.register(jobsPlugin, { settings: config.jobs });
  await app.register(sessionPlugin, { config, store: sessionStore(options.database.db) });
  await app.register(signInFirstPlugin);
  await app.register(rateLimitPlugin, { config });
  await app.register(webPlugin, {
    sourceMaps: config.env !== 'production',
    sessionCookie: sessionCookieName(config),
    ...(options.webRoot ? { root: options.webRoot } : {}),
  });
  await app.register(pagesPlugin, { publicUrl: config.publicUrl });
  await registerModules(app, config, options.linkFetchCa ? { linkFetchCa: options.linkFetchCa } : {});
  return app;
}
