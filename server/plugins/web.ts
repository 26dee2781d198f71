import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { notModified } from '../not-modified';
import { acceptsGzip, type PageBytes } from './page-bytes';

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
   * own chunk (`module`, its source as the build's manifest names it), the HTML inside #root and
   * the data it was rendered from.
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

/** The id of the JSON script with a rendered page's data, as web/lib/preloaded.tsx reads it. */
const PRELOADED_SCRIPT_ID = 'preloaded';

/** The page without the defaults a provider's tags replace: its own title, description and manifest. */
function withoutDefaults(html: string, head: string): string {
  let page = html;
  if (head.includes('<title>')) page = page.replace(/<title>[^<]*<\/title>\s*/, '');
  if (head.includes('name="description"')) page = page.replace(/<meta name="description"[^>]*>\s*/, '');
  if (head.includes('rel="manifest"')) page = page.replace(/<link rel="manifest"[^>]*>\s*/, '');
  return page;
}

/** Adds a provider's tags to the page, in place of the defaults they replace. */
function withHead(html: string, head: string): string {
  // A function replacement: '$&' in a display name must stay text, not become a replace pattern.
  return withoutDefaults(html, head).replace('</head>', () => `  ${head}\n  </head>`);
}

/** A style sheet's text inside a style element (nothing in it can close the element early). */
const inlineStyle = (css: string) => `<style>${css.replaceAll('</style', '<\\/style')}</style>`;

/**
 * The shell with the build's style sheets inside it instead of linked: a rendered page paints as
 * soon as its HTML is in, without a second round trip for styles that the scripts' download would
 * slow down on a poor connection (docs/decisions/0108).
 */
function withInlineStyles(html: string, root: string): string {
  return html.replace(/<link rel="stylesheet"[^>]*href="(\/assets\/[^"]+\.css)"[^>]*>/g, (link, href: string) => {
    const file = join(root, href);
    if (!existsSync(file)) return link;
    return inlineStyle(readFileSync(file, 'utf8'));
  });
}

/**
 * The style sheets a lazily loaded page's chunk brings, by its source path (the build's manifest),
 * inline: the browser would only fetch them once the page's code ran.
 */
function chunkStylesOf(root: string): (module: string) => string {
  const manifestFile = join(root, '.vite', 'manifest.json');
  const manifest: Record<string, { css?: string[] }> = existsSync(manifestFile)
    ? JSON.parse(readFileSync(manifestFile, 'utf8'))
    : {};
  const styles = new Map<string, string>();
  return (module) => {
    let html = styles.get(module);
    if (html === undefined) {
      html = (manifest[module]?.css ?? [])
        .filter((file) => existsSync(join(root, file)))
        .map((file) => inlineStyle(readFileSync(join(root, file), 'utf8')))
        .join('');
      styles.set(module, html);
    }
    return html;
  };
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
    let renderPage: PageRenderer = async () => null;
    app.decorate('setPageRenderer', (renderer: PageRenderer) => {
      renderPage = renderer;
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
        // The build's .br and .gz copies (vite.config.ts), for browsers that accept them.
        preCompressed: true,
        // Ours below, not @fastify/static's default "public, max-age=0".
        cacheControl: false,
        setHeaders(res, path) {
          res.setHeader('cache-control', path.includes('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache');
        },
      });
    }
    const indexHtml = built ? readFileSync(join(root, 'index.html'), 'utf8') : '';
    const renderedShell = built ? withInlineStyles(indexHtml, root) : '';

    async function head(request: FastifyRequest): Promise<string | null> {
      for (const provider of headProviders) {
        const tags = await provider(request);
        if (tags) return tags;
      }
      return null;
    }
    // The rendered shell cut where a page's own parts go, once: a page is then a few concatenations.
    const [shellHead = '', shellBody = ''] = renderedShell.split('</head>');
    const [bodyStart = '', bodyEnd = ''] = shellBody.split('<div id="root"></div>');
    const heads = new Map<string, Buffer>();
    /** The shell's head without the defaults the page's tags replace (title, description, manifest). */
    const headFor = (tags: string) => {
      const key = ['<title>', 'name="description"', 'rel="manifest"'].map((t) => (tags.includes(t) ? '1' : '0')).join('');
      let cut = heads.get(key);
      if (cut === undefined) {
        cut = Buffer.from(withoutDefaults(shellHead, tags));
        heads.set(key, cut);
      }
      return cut;
    };
    const chunkStyles = built ? chunkStylesOf(root) : () => '';
    const chunkBytes = new Map<string, Buffer>();
    const stylesOf = (module: string) => {
      let bytes = chunkBytes.get(module);
      if (bytes === undefined) {
        bytes = Buffer.from(chunkStyles(module));
        chunkBytes.set(module, bytes);
      }
      return bytes;
    };
    // The shell's fixed parts as bytes, once: only a page's own parts are encoded per render
    // (docs/decisions/0113), not the ~15 KB of styles around them.
    const fixed = {
      head: Buffer.from(shellHead),
      bodyStart: Buffer.from(`</head>${bodyStart}<div id="root">`),
      rootEnd: Buffer.from(`</div><script id="${PRELOADED_SCRIPT_ID}" type="application/json">`),
      bodyEnd: Buffer.from(`</script>${bodyEnd}`),
    };
    app.decorate('webShell', {
      build: createHash('sha256').update(indexHtml).digest('base64url'),
      head,
      page: (tags: string | null, rootHtml: string, preloadedJson: string, module?: string) =>
        Buffer.concat([
          ...(tags ? [headFor(tags), Buffer.from(`  ${tags}\n  `)] : [fixed.head]),
          ...(module ? [stylesOf(module)] : []),
          fixed.bodyStart,
          Buffer.from(rootHtml),
          fixed.rootEnd,
          Buffer.from(preloadedJson),
          fixed.bodyEnd,
        ]),
    } satisfies WebShell);

    async function sendPage(request: FastifyRequest, reply: FastifyReply) {
      if (!built) return reply.code(503).type('text/plain').send(NOT_BUILT);
      const page = await renderPage(request);
      if (page && 'redirect' in page) return reply.redirect(page.redirect, 302);
      reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache');
      if (page) {
        // ~6 KB instead of ~28 KB on a phone's slow link; the answer depends on what the browser takes.
        const etag = page.bytes.tag();
        reply.code(page.status).header('vary', 'accept-encoding').header('etag', etag);
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
      return reply.code(404).send({ error: 'Not Found', message: `No route ${request.method} ${path}` });
    });
  },
  { name: 'web' },
);
