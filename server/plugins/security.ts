import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../config';
import { forbidden } from '../http-errors';

const UNSAFE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** Security headers, and a refusal of cross-site writes on top of SameSite cookies. */
export const securityPlugin = fp<{ config: Config }>(
  async (app: FastifyInstance, { config }) => {
    const production = config.env === 'production';
    const gtm = config.gtmId ? ['https://www.googletagmanager.com'] : [];
    await app.register(helmet, {
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

    const publicOrigin = new URL(config.publicUrl).origin;
    app.addHook('onRequest', async (request) => {
      // The routed pattern, not the raw URL: '/%61pi/…' routes to '/api/…' and must be checked too.
      if (!UNSAFE_METHODS.has(request.method) || !request.routeOptions.url?.startsWith('/api/')) return;
      const site = request.headers['sec-fetch-site'];
      if (site === 'cross-site' || site === 'same-site') throw forbidden('Cross-site requests are not accepted.');
      const origin = request.headers.origin;
      if (origin && origin !== publicOrigin && origin !== `${request.protocol}://${request.headers.host}`) {
        throw forbidden('Cross-site requests are not accepted.');
      }
    });
  },
  { name: 'security' },
);
