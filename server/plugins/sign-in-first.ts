import type { FastifyInstance, FastifyRequest, RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import { unauthorized } from '../http-errors';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** A write anyone may send without signing in (a form response, one-click unsubscribe, signing out). */
    visitors?: boolean;
    /** What a visitor is told instead of 'Please sign in.' (e.g. 'Please sign in to accept this invite.'). */
    signInMessage?: string;
  }
}

const READS = new Set(['GET', 'HEAD', 'OPTIONS']);

async function signedIn(request: FastifyRequest) {
  if (!request.user) throw unauthorized(request.routeOptions.config.signInMessage);
}

/**
 * Every write under /api/ needs a signed-in person, checked before its parameters or body are
 * read (issue 33: a visitor got 400 with field messages from routes that validated first). A
 * route opts out with `config: { visitors: true }`; a new route that forgets says 401 to
 * visitors, which the access matrix shows, instead of telling them what a valid body looks like.
 * Runs after the session plugin's onRequest hook, which sets `request.user` for /api/ writes.
 */
export const signInFirstPlugin = fp(
  async (app: FastifyInstance) => {
    app.addHook('onRoute', (route: RouteOptions) => {
      const methods = [route.method].flat();
      if (!route.url.startsWith('/api/') || methods.every((m) => READS.has(m))) return;
      if (route.config?.visitors) return;
      route.onRequest = [...[route.onRequest ?? []].flat(), signedIn];
    });
  },
  { name: 'sign-in-first', dependencies: ['session'] },
);
