import cookie from '@fastify/cookie';
import Fastify, { type FastifyInstance, type RouteOptions } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { Config } from './config';
import { sessionStore } from './modules/auth/service';
import { registerModules } from './modules/index';
import { type DatabaseHandle, dbPlugin } from './plugins/db';
import { errorHandlerPlugin, frameworkErrors } from './plugins/error-handler';
import { inputGuardPlugin } from './plugins/input-guard';
import { pagesPlugin } from './plugins/pages';
import { rateLimitPlugin } from './plugins/rate-limit';
import { ResponseLog } from './plugins/request-log';
import { securityPlugin } from './plugins/security';
import { sessionPlugin } from './plugins/session';
import { webPlugin } from './plugins/web';
import { type ReadCache, readCache } from './read-cache';

/** Cached reads live at most this long even when no change is heard (docs/decisions/0065). */
const READ_CACHE_MAX_AGE_MS = 60_000;
/** Rendered pages get one cache entry for every this many of READ_CACHE_ENTRIES. */
const PAGE_ENTRY_SHARE = 5;

declare module 'fastify' {
  interface FastifyInstance {
    /** Reads answered from memory until the data behind them changes. */
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
    trustProxy: config.trustProxy,
    bodyLimit: 64 * 1024,
    // A client-sent X-Request-Id is only believed from a trusted proxy; anyone else gets a fresh id.
    requestIdHeader: config.trustProxy ? 'x-request-id' : false,
    genReqId: () => crypto.randomUUID(),
    routerOptions: { maxParamLength: 500 },
    return503OnClosing: true,
    // Fastify's 10 s default failed a start on a loaded 2-core machine (the development provider's keys); a slow start is still a start.
    pluginTimeout: 60_000,
    frameworkErrors,
  });
  if (options.onRoute) app.addHook('onRoute', options.onRoute);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });

  const cacheOptions = { maxAgeMs: READ_CACHE_MAX_AGE_MS, freeze: config.env !== 'production' };
  app.decorate('reads', readCache(options.database.changes, { ...cacheOptions, maxEntries: config.readCacheEntries }));
  // Rendered pages (~10 KB each) in a cache of their own, a fifth of the entries, kept from their
  // second visit on (docs/decisions/0108).
  const pages = readCache(options.database.changes, {
    ...cacheOptions,
    maxEntries: Math.ceil(config.readCacheEntries / PAGE_ENTRY_SHARE),
    admitOnSecondLoad: true,
  });
  app.addHook('onClose', async () => {
    app.reads.close();
    pages.close();
  });
  await app.register(cookie, { secret: config.sessionSecret });
  await app.register(errorHandlerPlugin);
  await app.register(inputGuardPlugin);
  await app.register(securityPlugin, { config });
  await app.register(dbPlugin, { database: options.database, closeOnShutdown: options.closeDatabase ?? true });
  await app.register(sessionPlugin, { config, store: sessionStore(options.database.db) });
  await app.register(rateLimitPlugin, { config });
  await app.register(webPlugin, {
    sourceMaps: config.env !== 'production',
    ...(options.webRoot ? { root: options.webRoot } : {}),
  });
  await app.register(pagesPlugin, {
    publicUrl: config.publicUrl,
    pages,
    storePages: config.storePages,
    changes: options.database.changes,
  });
  await registerModules(app, config);
  return app;
}
