import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';

export const WEB_ROOT = resolve(import.meta.dirname, '../../dist/web');

/** Page head additions for a path (link previews, feeds); the first provider that answers wins. */
export type HeadProvider = (request: FastifyRequest) => Promise<string | null>;

declare module 'fastify' {
  interface FastifyInstance {
    addHeadProvider(provider: HeadProvider): void;
  }
}

/** Adds a provider's tags to the page; its own title, description and manifest replace the defaults. */
function withHead(html: string, head: string): string {
  let page = html;
  if (head.includes('<title>')) page = page.replace(/<title>[^<]*<\/title>\s*/, '');
  if (head.includes('name="description"')) page = page.replace(/<meta name="description"[^>]*>\s*/, '');
  if (head.includes('rel="manifest"')) page = page.replace(/<link rel="manifest"[^>]*>\s*/, '');
  // A function replacement: '$&' in a display name must stay text, not become a replace pattern.
  return page.replace('</head>', () => `  ${head}\n  </head>`);
}

const NOT_BUILT = 'The web app is not built yet: run `npm run build` (npm start does it for you).';

/**
 * Serves the built web app: hashed assets cached for good, every other page path gets index.html.
 * Source maps are served only outside production: they would publish the whole client source.
 */
export const webPlugin = fp<{ root?: string; sourceMaps?: boolean }>(
  async (app: FastifyInstance, { root = WEB_ROOT, sourceMaps = true }) => {
    const built = existsSync(join(root, 'index.html'));
    const headProviders: HeadProvider[] = [];
    app.decorate('addHeadProvider', (provider: HeadProvider) => {
      headProviders.push(provider);
    });

    if (!sourceMaps) {
      app.addHook('onRequest', async (request, reply) => {
        const path = request.url.split('?')[0] ?? '';
        if (path.endsWith('.map'))
          return reply.code(404).send({ error: 'Not Found', message: 'Source maps are not served here.' });
      });
    }
    if (built) {
      await app.register(fastifyStatic, {
        root,
        wildcard: false,
        index: false,
        // Ours below, not @fastify/static's default "public, max-age=0".
        cacheControl: false,
        setHeaders(res, path) {
          res.setHeader('cache-control', path.includes('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache');
        },
      });
    }
    const indexHtml = built ? readFileSync(join(root, 'index.html'), 'utf8') : '';

    async function sendPage(request: FastifyRequest, reply: FastifyReply) {
      if (!built) return reply.code(503).type('text/plain').send(NOT_BUILT);
      let head: string | null = null;
      for (const provider of headProviders) {
        head = await provider(request);
        if (head) break;
      }
      const html = head ? withHead(indexHtml, head) : indexHtml;
      return reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(html);
    }

    app.setNotFoundHandler(async (request, reply) => {
      const path = request.url.split('?')[0] ?? '/';
      const isPage =
        (request.method === 'GET' || request.method === 'HEAD') && !path.startsWith('/api/') && !path.startsWith('/oidc');
      if (isPage) return sendPage(request, reply);
      return reply.code(404).send({ error: 'Not Found', message: `No route ${request.method} ${path}` });
    });
  },
  { name: 'web' },
);
