import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { z } from 'zod';
import { pageOf } from '../../core/page-of';
import { PAGES, type PageEntry, type PageKey } from '../../core/pages';
import type { Preloaded, PreloadedAnswer } from '../../core/preloaded';
import { HttpError } from '../http-errors';
import { PageBytes } from './page-bytes';
import type { RenderedPage } from './web';
import { loadWebRender } from './web-render';

/**
 * What a rendered page shows: the API answers its components would fetch, keyed by their API
 * path; its status (404 for a page about something missing); its head tags when the loader has
 * them at hand (else the head providers are asked); or a redirect instead. null leaves the page
 * to the browser.
 *
 * `tags` name everything the page shows, as change notices name it (`handle:<h>`, `table:<name>`;
 * docs/architecture.md): the page is cached until a notice names one of them. A page whose loader
 * names no tags is rendered on every request. `ttlMs` bounds how long it reads the same (relative
 * ages such as "10 minutes ago").
 */
export type PageData =
  | {
      answers: Record<string, PreloadedAnswer>;
      status?: number;
      head?: string;
      tags?: readonly string[];
      ttlMs?: number;
    }
  | { redirect: string; tags?: readonly string[] }
  | null;
/** Loads a page's data from its path's parameters and its query string (the request for a rate limit). */
export type PageLoader = (
  params: Readonly<Record<string, string | undefined>>,
  search: URLSearchParams,
  request: FastifyRequest,
) => Promise<PageData>;

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * The data of a rendered page of the route table (core/pages.ts); a page without a loader
     * renders without data. `query` names the query parameters the page reads: any other is
     * ignored, so `/explore?x=1` is the cached `/explore` (issue 33).
     */
    addPageData(key: PageKey, loader: PageLoader, options?: { query?: readonly string[] }): void;
  }
}

/**
 * An API answer as its route sends it: the body through the route's response schema (only its
 * declared fields, so nothing private a service returns reaches the page), or the error a person
 * would see. Other failures are thrown: the page is then left to the browser.
 */
export async function answerOf<S extends z.ZodType>(schema: S, load: () => Promise<z.input<S>>): Promise<PreloadedAnswer> {
  try {
    return { ok: true, body: schema.parse(await load()) };
  } catch (error) {
    if (error instanceof HttpError && error.statusCode < 500)
      return { ok: false, status: error.statusCode, message: error.message };
    throw error;
  }
}

/** JSON inside a script element: no '<' may end the element early, no line separators break old parsers. */
export const scriptJson = (value: unknown) =>
  JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');

/**
 * Public pages rendered on the server (docs/decisions/0108): the same React components as in the
 * browser, as a visitor sees them, with the data modules load for them. A rendered page is kept in
 * the read cache by URL, under the tags its loader names, until a change notice names one of them
 * (docs/decisions/0118).
 */
/** A rendered page as cached: the bytes it is sent as, or a redirect; null leaves it to the browser. */
type Kept = (RenderedPage & { tags?: readonly string[]; ttlMs?: number }) | null;

/** A cached page weighs its plain bytes and, once asked for, its gzip (about a quarter of them). */
const pageSize = (kept: Kept) => (kept && 'bytes' in kept ? Math.ceil(kept.bytes.plain().length * 1.25) : 256);

/**
 * A page's address as it is cached and rendered: its path and only the query parameters the page
 * reads, in the order it names them, each once and only when not empty.
 */
export function pageAddress(url: string, known: readonly string[]): string {
  const query = url.indexOf('?');
  if (query < 0) return url;
  const path = url.slice(0, query);
  const search = new URLSearchParams(url.slice(query + 1));
  const kept = known.flatMap((name) => {
    const value = search.get(name);
    return value ? [[name, value]] : [];
  });
  return kept.length > 0 ? `${path}?${new URLSearchParams(kept)}` : path;
}

/**
 * Renders a visitor may cause on cache misses, per address: beyond it the browser renders the
 * page itself (the shell, as for every signed-in page), so a crawl over thousands of distinct
 * addresses costs the server no more than static files. The machine's own address is exempt
 * (a proxy in front without TRUST_PROXY, the bench); with it, only the proxy's own requests (ADR 0213).
 */
export const RENDER_LIMIT = { max: 300, timeWindow: '1 minute', allowList: ['127.0.0.1', '::1', '::ffff:127.0.0.1'] };

export const pagesPlugin = fp<{ publicUrl: string }>(
  async (app: FastifyInstance, { publicUrl }) => {
    const web = await loadWebRender();
    if (!web) {
      app.log.warn('pages are left to the browser: the server render is not built (run `npm run build`)');
      app.decorate('addPageData', () => {});
      return;
    }
    const { renderPage, renderedPageModule } = web;
    const loaders = new Map<PageKey, PageLoader>();
    const queries = new Map<PageKey, readonly string[]>();
    const origin = new URL(publicUrl).origin;
    const renderLimit = app.createRateLimit(RENDER_LIMIT);
    app.decorate('addPageData', (key: PageKey, loader: PageLoader, options?: { query?: readonly string[] }) => {
      loaders.set(key, loader);
      if (options?.query) queries.set(key, options.query);
    });

    /**
     * A rendered page as the bytes it is sent as, made once when it is rendered: joining the shell
     * and encoding ~30 KB of text again on every visit was most of a kept page's cost
     * (docs/decisions/0113); its gzip is made once too, when first asked for (0116).
     */
    async function render(
      request: FastifyRequest,
      url: string,
      key: PageKey,
      params: Readonly<Record<string, string | undefined>>,
    ): Promise<Kept> {
      const limit = await renderLimit(request);
      if (!limit.isAllowed && limit.isExceeded) return null;
      const loader = loaders.get(key);
      const query = url.indexOf('?');
      const search = new URLSearchParams(query < 0 ? '' : url.slice(query + 1));
      // A page without a loader shows no data: nothing but a deploy changes it.
      const data: PageData = loader ? await loader(params, search, request) : { answers: {}, tags: [] };
      if (data === null || 'redirect' in data) return data;
      const preloaded: Preloaded = { origin, answers: data.answers };
      const [root, head] = await Promise.all([
        renderPage(url, key, preloaded),
        data.head !== undefined ? data.head : app.webShell.head(request),
      ]);
      const html = app.webShell.page(head, root, scriptJson(preloaded), renderedPageModule(key));
      return {
        status: data.status ?? 200,
        bytes: PageBytes.plain(html),
        ...(data.tags ? { tags: data.tags } : {}),
        ...(data.ttlMs !== undefined ? { ttlMs: data.ttlMs } : {}),
      };
    }

    app.setPageRenderer(async (request): Promise<RenderedPage | null> => {
      if (request.method !== 'GET' && request.method !== 'HEAD') return null;
      let page: ReturnType<typeof pageOf>;
      try {
        page = pageOf(decodeURIComponent(request.url.split('?')[0] ?? '/'));
      } catch {
        return null;
      }
      if (!page || !(PAGES[page.key] as PageEntry).rendered) return null;
      const url = pageAddress(request.url, queries.get(page.key) ?? []);
      try {
        return await app.reads.get(`page:${url}`, () => render(request, url, page.key, page.params), {
          tags: (kept) => kept?.tags ?? [],
          // Kept only when the loader named what the page shows, and from its second visit on.
          ttlMs: (kept) => (kept?.tags ? (kept.ttlMs ?? Number.POSITIVE_INFINITY) : 0),
          sizeOf: pageSize,
          admitOnSecondLoad: true,
        });
      } catch (error) {
        // The browser can still render it: a failed render costs the visitor speed, not the page.
        request.log.error({ err: error }, 'page render failed');
        return null;
      }
    });
  },
  { name: 'pages', dependencies: ['web', 'rate-limit'] },
);
