import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiErrorSchema } from '../../../core/api';
import { allowedHosts, linkProblem, normalisedLink } from '../../../core/link';
import {
  adminLinkChecksSchema,
  LINK_HEALTH,
  linkCheckRequestSchema,
  linkCheckResultSchema,
  ownLinkProblemsSchema,
} from '../../../core/link-check';
import type { Config } from '../../config';
import { runsBackground } from '../../config-roles';
import { badRequest } from '../../http-errors';
import { perPersonLimit } from '../../plugins/rate-limit';
import { requireAdmin, requireApproved, requireUser } from '../../plugins/session';
import { mailLinkBroken } from '../email/service';
import { checkNowRoutes } from './check-now-routes';
import { checkThread } from './check-thread';
import { resultOf } from './checker';
import { DOWNLOAD_HOSTS } from './providers';
import { DAY, UNREACHABLE_GRACE_MS } from './schedule';
import { linkChecksService } from './service';
import { createLinkWatcher, type FileFetchedListener, type LinkWatcher } from './watcher';

declare module 'fastify' {
  interface FastifyInstance {
    /** This process's link watcher (tests drive it: `app.linkWatcher.runDue()`). */
    linkWatcher: LinkWatcher;
  }
}

/** The check on /upload waits at most this long: posting is never held up for more than a few seconds. */
export const UPLOAD_CHECK_MS = 4000;
/** A background check may take this long (redirects and a file of up to MAX_FILE_BYTES). */
const WATCH_CHECK_MS = 20_000;
/** Files are read whole up to this size (hashed, handed on to snapshots); larger ones are compared by their validators. */
export const MAX_FILE_BYTES = 5 * 1024 * 1024;

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 429: apiErrorSchema };

export interface LinkCheckModuleOptions {
  config: Config;
  /** Test authorities trusted besides Node's own set (in-process tests only, ADR 0150). */
  extraCa?: string[];
  /** Reads each file the watcher fetched whole (the contents module's, wired by modules/index.ts). */
  readFile?: FileFetchedListener;
}

/** Fetching the files behind links: the check on /upload, the background watcher, its admin view (issue 29). */
export const linkCheckModule = fp<LinkCheckModuleOptions>(
  async (app: FastifyInstance, { config, extraCa, readFile }) => {
    const policy = config.linkPolicy;
    const hosts = [...allowedHosts(policy), ...DOWNLOAD_HOSTS];
    // Every check's network work, the watcher's and /upload's, runs in the link checks' thread (ADR 0191).
    const checks = checkThread({
      setup: {
        allowedHosts: hosts,
        hostMap: config.linkCheck.hostMap,
        userAgent: `Freshlist-LinkCheck/1.0 (+${config.publicUrl})`,
        connectTimeoutMs: 5000,
        connectionsPerHost: 8,
        ...(extraCa ? { extraCa } : {}),
      },
      concurrency: 64,
      idleTimeoutMs: 5 * 60_000,
    });
    const service = linkChecksService(app.db);
    const watcher = createLinkWatcher({
      db: app.db,
      check: checks.check,
      siteHost: config.siteHost,
      minIntervalMs: config.linkCheck.minIntervalS * 1000,
      limits: { maxBytes: MAX_FILE_BYTES, timeoutMs: WATCH_CHECK_MS },
      log: app.log,
      // What people are told (docs/decisions/0153): followers of a changed list, the owner of a broken link, as jobs (ADR 0203).
      onChange: async (changes) => {
        for (const { listId, userId, at, kind } of changes) {
          if (kind === 'file-changed') await app.jobs.send('list-changed', { listId, userId, at, seenBy: 'file' });
          if (kind === 'broken') await app.jobs.send('link-broken', { listId, userId, at });
        }
      },
    });
    app.jobs.handle('link-broken', (broken, trx) => mailLinkBroken(trx, broken, broken.at));
    if (readFile) watcher.onFileFetched(readFile);
    app.decorate('linkWatcher', watcher);
    await checkNowRoutes(app, watcher);
    // A web process checks no link in the background (ADR 0203).
    app.addHook('onReady', async () => {
      if (runsBackground(config.jobs.role)) watcher.start(config.linkCheck.pollMs);
    });
    app.addHook('onClose', async () => {
      await watcher.stop();
      await checks.close();
    });

    const r = app.withTypeProvider<ZodTypeProvider>();

    r.post(
      '/api/link-check',
      {
        config: { rateLimit: perPersonLimit(30, '10 minutes') },
        schema: { body: linkCheckRequestSchema, response: { 200: linkCheckResultSchema, ...errors } },
      },
      async (request) => {
        requireApproved(request);
        const problem = linkProblem(request.body.url, policy);
        if (problem) throw badRequest(problem);
        const outcome = await checks.check(normalisedLink(request.body.url), {
          siteHost: config.siteHost,
          maxBytes: MAX_FILE_BYTES,
          timeoutMs: UPLOAD_CHECK_MS,
        });
        return resultOf(outcome);
      },
    );

    r.get(
      '/api/link-checks/mine',
      { schema: { response: { 200: ownLinkProblemsSchema, ...errors } } },
      async (request, reply) => {
        reply.header('cache-control', 'private, no-store');
        return service.ownProblems(requireUser(request).id);
      },
    );

    r.get(
      '/api/admin/link-checks',
      {
        schema: {
          querystring: z.object({ health: z.enum(LINK_HEALTH).optional() }),
          response: { 200: adminLinkChecksSchema, ...errors },
        },
      },
      async (request, reply) => {
        requireAdmin(request);
        reply.header('cache-control', 'private, no-store');
        const shortestMs = config.linkCheck.minIntervalS * 1000;
        const intervals = { shortestMs, longestMs: Math.max(shortestMs, DAY), unreachableAfterMs: UNREACHABLE_GRACE_MS };
        return { ...(await service.adminView(Date.now(), request.query.health ?? null)), intervals };
      },
    );
  },
  { name: 'link-check', dependencies: ['db'] },
);
