import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../config';
import { HttpError } from '../http-errors';

/**
 * Rate limits are opt-in per route (`config: { rateLimit: { max, timeWindow } }`). They live in
 * Redis when REDIS_URL is set, so several processes share one count; in memory otherwise.
 */
export const rateLimitPlugin = fp<{ config: Config }>(
  async (app: FastifyInstance, { config }) => {
    // Loaded only with REDIS_URL: the client costs ~20 MB of memory a single process never needs.
    const redis = config.redisUrl
      ? new (await import('ioredis')).Redis(config.redisUrl, { connectTimeout: 1000, maxRetriesPerRequest: 1 })
      : undefined;
    await app.register(rateLimit, {
      global: false,
      ...(redis ? { redis, nameSpace: 'freshlist-rate-limit-' } : {}),
      // A Redis outage must not take the product down: requests pass while the store is unreachable.
      skipOnError: true,
      // An HttpError, so the central error handler passes the message on instead of a bare status text.
      errorResponseBuilder: (_request, context) =>
        new HttpError(context.statusCode, `Too many requests. Please wait ${context.after} and try again.`, 'Too Many Requests'),
    });
    if (redis) app.addHook('onClose', async () => void (await redis.quit()));
  },
  { name: 'rate-limit' },
);

/**
 * A route's limit counted per signed-in person (per address for visitors), so people behind one
 * shared address (a restaurant's wifi, a phone carrier) do not use up each other's allowance.
 */
export function perPersonLimit(max: number, timeWindow: string) {
  return { max, timeWindow, keyGenerator: (request: FastifyRequest) => request.user?.id ?? request.ip };
}

/**
 * Admin actions that send mail (invites, converted requests, a mail sent again): enough for a
 * person working through a list of businesses, too few for a script to flood anyone (issue 33).
 */
export const ADMIN_MAIL_LIMIT = perPersonLimit(30, '10 minutes');
