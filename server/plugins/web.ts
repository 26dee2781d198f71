import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { notModified } from '../not-modified';
import { acceptsGzip, type PageBytes } from './page-bytes';
import { shellPages, withHead } from './web-shell';

export const WEB_ROOT = resolve(import.meta.dirname, '../../dist/web');

/** Page head additions for a path (link previews, feeds); the first provider that answers wins. */
export type HeadProvider = (request: FastifyRequest) => Promise<string | null>;

/**
 * A page rendered on the server (docs/decisions/0108): its whole HTML (webShell.page) as the bytes
 * sent, plain or gzipped as the browser accepts (0116), or where to send the browser instead. null
 * leaves the page to the browser, as every page was before.
 */
export type RenderedPage = { status: number; bytes: PageBytes } | { redirect: string };
export type PageRenderer = (request: FastifyRequest) => Promise<RenderedPage | null>;

/** The built app's shell as a rendered page fills it. */
export interface WebShell {
  /** The head tags the providers give this request's path (link previews, feeds), or null. */
  head(request: FastifyRequest): Promise<string | null>;
  /**
   * The whole page: the shell with its styles inline, the head's tags, the styles of the page's
   * own chunk (`module`, its source as the build's manifest names it) with a preload of the page
   * table it loads through, the HTML inside #root and the data it was rendered from.
   */
  page(head: string | null, root: string, preloadedJson: string, module?: string): Buffer;
  /** The built app's identity: its index.html names every chunk by content hash. */
  build: string;
}

declare module 'fastify' {
  interface FastifyInstance {
    addHeadProvider(provider: HeadProvider): void;
    setPageRenderer(renderer: PageRenderer): void;
    webShell: WebShell;
  }
}

/**
 * A rendered page for a visitor (no session cookie): a browser asks again every time (a 304 while
 * the page is the same, so a change shows on the next visit), and a CDN or reverse proxy may keep it
 * 30 s and serve it stale for 5 minutes while it asks again with the page's tag: the targeted
 * header RFC 9213 defines (and Surrogate-Control, its older form) carries the stale-while-revalidate,
 * which in `Cache-Control` browsers would apply too. The HTML is the same for everyone (signed-in
 * state is the browser's), but a signed-in request's answer is never shared.
 */
const VISITOR_PAGE_CACHE = 'public, no-cache';
const SHARED_CACHE = 'public, max-age=30, stale-while-revalidate=300';
const SIGNED_IN_PAGE_CACHE = 'private, no-cache';

/**
 * True for a path that names a source map however it is spelt: percent-encoded (`.js.%6dap`,
 * `.js%2emap`, twice encoded), in capitals, or with trailing slashes or dots (issue 33).
 */
export function isSourceMapPath(url: string): boolean {
  let path = url.split('?')[0] ?? '';
  for (let i = 0; i < 3 && path.includes('%'); i++) {
    try {
      path = decodeURIComponent(path);
    } catch {
      break;
    }
  }
  return /\.map[\s/.]*$/i.test(path);
}

const NOT_BUILT = 'The web app is not built yet: run `npm run build` (npm start does it for you).';

/**
 * Serves the built web app: hashed assets cached for good, every other page path gets index.html.
 * Source maps are served only outside production: they would publish the whole client source.
 */
export const webPlugin = fp<{ root?: string; sourceMaps?: boolean; sessionCookie?: string }>(
  async (app: FastifyInstance, { root = WEB_ROOT, sourceMaps = true, sessionCookie }) => {
    const built = existsSync(join(root, 'index.html'));
    const headProviders: HeadProvider[] = [];
    app.decorate('addHeadProvider', (provider: HeadProvider) => {
      headProviders.push(provider);
    });
    let renderPage: PageRenderer = async () => null;
    app.decorate('setPageRenderer', (renderer: PageRenderer) => {
      renderPage = renderer;
    });

    if (!sourceMaps) {
      app.addHook('onRequest', async (request, reply) => {
        if (isSourceMapPath(request.url))
          return reply.code(404).send({ error: 'Not Found', message: 'Source maps are not served here.' });
      });
    }
    if (built) {
      await app.register(fastifyStatic, {
        root,
        wildcard: false,
        index: false,
        // The build's .br and .gz copies (vite.config.ts), for browsers that accept them.
        preCompressed: true,
        // Ours below, not @fastify/static's default "public, max-age=0".
        cacheControl: false,
        // The path as the file is looked up (decoded): no way of spelling '.map' reaches a source map.
        allowedPath: (pathname: string) => sourceMaps || !isSourceMapPath(pathname),
        setHeaders(res, path) {
          res.setHeader('cache-control', path.includes('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache');
        },
      });
    }
    const shell = shellPages(built ? root : null);
    const indexHtml = shell.indexHtml;

    async function head(request: FastifyRequest): Promise<string | null> {
      for (const provider of headProviders) {
        const tags = await provider(request);
        if (tags) return tags;
      }
      return null;
    }
    app.decorate('webShell', { build: shell.build, head, page: shell.page } satisfies WebShell);

    async function sendPage(request: FastifyRequest, reply: FastifyReply) {
      if (!built) return reply.code(503).type('text/plain').send(NOT_BUILT);
      const page = await renderPage(request);
      if (page && 'redirect' in page) return reply.redirect(page.redirect, 302);
      reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache');
      if (page) {
        // ~6 KB instead of ~28 KB on a phone's slow link; the answer depends on what the browser takes.
        const etag = page.bytes.tag();
        const signedIn = sessionCookie !== undefined && request.cookies[sessionCookie] !== undefined;
        reply
          .code(page.status)
          .header('vary', 'accept-encoding')
          .header('etag', etag)
          .header('cache-control', signedIn ? SIGNED_IN_PAGE_CACHE : VISITOR_PAGE_CACHE);
        if (!signedIn) reply.header('cdn-cache-control', SHARED_CACHE).header('surrogate-control', SHARED_CACHE);
        // A visitor coming back (a QR code scanned again) gets "nothing changed" instead of the page.
        if (page.status === 200 && notModified(request, etag)) return reply.code(304).send();
        if (acceptsGzip(request.headers['accept-encoding']))
          return reply.header('content-encoding', 'gzip').send(page.bytes.gzip());
        return reply.send(page.bytes.plain());
      }
      return reply.send(await head(request).then((tags) => (tags ? withHead(indexHtml, tags) : indexHtml)));
    }

    app.setNotFoundHandler(async (request, reply) => {
      const path = request.url.split('?')[0] ?? '/';
      const isPage =
        (request.method === 'GET' || request.method === 'HEAD') && !path.startsWith('/api/') && !path.startsWith('/oidc');
      if (isPage) return sendPage(request, reply);
      // A readable message: a long path is cut (the fuzz sends kilobytes of them).
      const shown = path.length > 200 ? `${path.slice(0, 200)}…` : path;
      return reply.code(404).send({ error: 'Not Found', message: `No route ${request.method} ${shown}` });
    });
  },
  { name: 'web' },
);
