import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import helmet, { type HelmetOptions } from 'helmet';
import type { Config } from '../config';
import { forbidden } from '../http-errors';

const UNSAFE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The route's only credential is a random token in its own URL; it reads no cookie (one-click
     * unsubscribe). A form posted from its own page under `Referrer-Policy: no-referrer` says
     * `Origin: null`, which such a route accepts from a same-origin (or non-browser) request:
     * a forged request would need the token, and whoever has it can send it without any Origin
     * (docs/decisions/0140).
     */
    urlTokenCredential?: boolean;
  }
}

/**
 * The headers helmet sets, worked out once. @fastify/helmet built helmet's middleware anew on every
 * request (its CSP parsed each time): about a fifth of a constant route's CPU (docs/decisions/0112).
 * None of these headers depends on the request.
 */
export function securityHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers[name] = String(value);
    },
    removeHeader(name: string) {
      delete headers[name];
    },
  };
  helmet(options)({} as IncomingMessage, response as unknown as ServerResponse, (error?: unknown) => {
    if (error) throw error;
  });
  return headers;
}

/** Security headers, and a refusal of cross-site writes on top of SameSite cookies. */
export const securityPlugin = fp<{ config: Config }>(
  async (app: FastifyInstance, { config }) => {
    const production = config.env === 'production';
    const gtm = config.gtmId ? ['https://www.googletagmanager.com'] : [];
    const headers = securityHeaders({
      contentSecurityPolicy: {
        directives: {
          defaultSrc: ["'self'"],
          scriptSrc: ["'self'", ...gtm],
          styleSrc: ["'self'", "'unsafe-inline'"],
          imgSrc: ["'self'", 'data:', 'blob:'],
          connectSrc: ["'self'", ...gtm],
          fontSrc: ["'self'", 'data:'],
          objectSrc: ["'none'"],
          baseUri: ["'self'"],
          formAction: ["'self'"],
          frameAncestors: ["'none'"],
          upgradeInsecureRequests: production ? [] : null,
        },
      },
      // The sign-in popup talks back to its opener with postMessage.
      crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
      referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
      strictTransportSecurity: production,
    });
    app.addHook('onRequest', (_request, reply, done) => {
      // On the raw response, as helmet does: routes that hijack the reply (the development sign-in
      // provider's pages in the popup) need them too. A popup page without the opener's COOP
      // parted from it, and sign-in journeys timed out under load.
      for (const name in headers) reply.raw.setHeader(name, headers[name] as string);
      done();
    });

    const publicOrigin = new URL(config.publicUrl).origin;
    app.addHook('onRequest', async (request) => {
      // The routed pattern, not the raw URL: '/%61pi/…' routes to '/api/…' and must be checked too.
      if (!UNSAFE_METHODS.has(request.method) || !request.routeOptions.url?.startsWith('/api/')) return;
      const site = request.headers['sec-fetch-site'];
      if (site === 'cross-site' || site === 'same-site') throw forbidden('Cross-site requests are not accepted.');
      const origin = request.headers.origin;
      if (origin === 'null' && request.routeOptions.config.urlTokenCredential) return;
      if (origin && origin !== publicOrigin && origin !== `${request.protocol}://${request.headers.host}`) {
        throw forbidden('Cross-site requests are not accepted.');
      }
    });
  },
  { name: 'security' },
);
