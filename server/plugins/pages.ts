import { register } from 'node:module';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { z } from 'zod';
import { PAGES, type PageEntry, type PageKey } from '../../core/pages';
import { pageOf } from '../../web/lib/current-page';
import type { Preloaded, PreloadedAnswer } from '../../web/lib/preloaded';
import { HttpError } from '../http-errors';
import type { ReadCache } from '../read-cache';
import type { ChangeClock } from './db-changes';
import { PageBytes } from './page-bytes';
import { pageStore, renderBuild } from './page-store';
import type { RenderedPage } from './web';

/**
 * What a rendered page shows: the API answers its components would fetch, keyed by their API
 * path; its status (404 for a page about something missing); its head tags when the loader has
 * them at hand (else the head providers are asked); or a redirect instead. null leaves the page
 * to the browser.
 */
export type PageData =
  | {
      answers: Record<string, PreloadedAnswer>;
      status?: number;
      head?: string;
      /** The page may be stored ahead (docs/decisions/0115): its handle's page version, read with the data, and how long it reads the same. */
      storable?: { version: number; freshUntil: number };
    }
  | { redirect: string }
  | null;
/** A rendered page's own parts; the shell goes around them when it is sent. */
interface PageParts {
  status: number;
  head: string | null;
  root: string;
  data: string;
}

/**
 * Loads a page's data from its path's parameters and its query string (the request for a rate
 * limit; null when the page is rendered ahead, with no one asking).
 */
export type PageLoader = (
  params: Readonly<Record<string, string | undefined>>,
  search: URLSearchParams,
  request: FastifyRequest | null,
) => Promise<PageData>;

declare module 'fastify' {
  interface FastifyInstance {
    /** The data of a rendered page of the route table (core/pages.ts); a page without a loader renders without data. */
    addPageData(key: PageKey, loader: PageLoader): void;
    /** Rendered pages by URL, kept until the data behind them changes. */
    readonly pageCache: ReadCache;
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
 * browser, as a visitor sees them, with the data modules load for them. The result is a read of
 * the database like any other: `pages`, a read cache of its own (a page weighs a few feed pages),
 * keeps it until the data behind it changes.
 */
let styleImportsIgnored = false;

/**
 * The web app's render, loaded once Node ignores the style sheets its components import (the
 * bundler's business; under Vitest its own loader handles them first).
 */
async function loadRenderer() {
  if (!styleImportsIgnored) {
    register('./style-imports.mjs', import.meta.url);
    styleImportsIgnored = true;
  }
  return import('../../web/app/render-page');
}

/** A profile's address in the one form pages are stored under: no query, the handle as stored. */
const STORED_PATH = /^\/[a-z0-9-]{1,30}$/;

export const pagesPlugin = fp<{ publicUrl: string; pages: ReadCache; storePages: boolean; changes: ChangeClock }>(
  async (app: FastifyInstance, { publicUrl, pages, storePages, changes }) => {
    const { renderPage, renderedPageModule } = await loadRenderer();
    const loaders = new Map<PageKey, PageLoader>();
    const origin = new URL(publicUrl).origin;
    app.decorate('pageCache', pages);
    app.decorate('addPageData', (key: PageKey, loader: PageLoader) => {
      loaders.set(key, loader);
    });

    /**
     * A rendered page as the bytes it is sent as, made once when it is rendered: joining the shell
     * and encoding ~30 KB of text again on every visit was most of a kept page's cost
     * (docs/decisions/0113); its gzip is made once too, when first asked for (0116).
     */
    type Kept = { status: number; bytes: PageBytes };

    /** A page's own parts (the shell goes around them when it is sent), or a redirect, or null for the browser. */
    async function renderParts(
      url: string,
      key: PageKey,
      params: Readonly<Record<string, string | undefined>>,
      request: FastifyRequest | null,
    ) {
      const loader = loaders.get(key);
      const query = url.indexOf('?');
      const search = new URLSearchParams(query < 0 ? '' : url.slice(query + 1));
      const data: PageData = loader ? await loader(params, search, request) : { answers: {} };
      if (data === null || 'redirect' in data) return data;
      const preloaded: Preloaded = { origin, answers: data.answers };
      const [root, head] = await Promise.all([
        renderPage(url, key, preloaded),
        data.head !== undefined ? data.head : request ? app.webShell.head(request) : null,
      ]);
      const parts: PageParts = { status: data.status ?? 200, head, root, data: scriptJson(preloaded) };
      return { parts, storable: data.storable };
    }

    const htmlOf = (key: PageKey, parts: PageParts) =>
      app.webShell.page(parts.head, parts.root, parts.data, renderedPageModule(key));
    const bytesOf = (key: PageKey, parts: PageParts): Kept => ({
      status: parts.status,
      bytes: PageBytes.plain(htmlOf(key, parts)),
    });

    async function render(request: FastifyRequest, key: PageKey, params: Readonly<Record<string, string | undefined>>) {
      const rendered = await renderParts(request.url, key, params, request);
      if (rendered === null || 'redirect' in rendered) return rendered;
      return bytesOf(key, rendered.parts);
    }

    // Only when pages are stored: the build's hash reads every source file.
    const store = storePages
      ? pageStore(app.db, {
          build: await renderBuild(app.webShell.build),
          render: async (handle) => {
            const rendered = await renderParts(`/${handle}`, 'profile', { handle }, null);
            if (rendered === null || 'redirect' in rendered) return null;
            const { parts, storable } = rendered;
            return { page: { status: parts.status, gzip: PageBytes.plain(htmlOf('profile', parts)).gzip() }, storable };
          },
          log: app.log,
        })
      : null;
    if (store) {
      const unsubscribe = changes.onChange(() => store.changed());
      app.addHook('onReady', async () => store.start());
      app.addHook('onClose', async () => {
        unsubscribe();
        // A page being saved finishes before the database closes.
        await store.stop();
      });
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
      const stored = store && page.key === 'profile' && STORED_PATH.test(request.url) ? store : null;
      let kept: Awaited<ReturnType<typeof render>>;
      try {
        kept = await pages.get(request.url, async () => {
          const kept = await stored?.read(request.url);
          return kept ? { status: kept.status, bytes: PageBytes.gzipped(kept.gzip) } : render(request, page.key, page.params);
        });
      } catch (error) {
        // The browser can still render it: a failed render costs the visitor speed, not the page.
        request.log.error({ err: error }, 'page render failed');
        return null;
      }
      return kept;
    });
  },
  { name: 'pages', dependencies: ['web'] },
);
