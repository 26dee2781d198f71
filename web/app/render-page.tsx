import type { ComponentType } from 'react';
import { renderToString } from 'react-dom/server';
import { renderMatches, StaticRouter } from 'react-router';
import { PAGES, type PageKey } from '../../core/pages';
import { AuthProvider } from '../lib/auth';
import { pageOf } from '../lib/current-page';
import { type Preloaded, PreloadedProvider } from '../lib/preloaded';
import { loadRenderedParts } from '../lib/rendered-part';
import { AppLayout } from './layout';
import { loadPageComponent, RENDERED_PAGE_MODULES } from './router';

const components = new Map<PageKey, ComponentType>();

/** The source module of a rendered page that loads lazily (its chunk's styles), or undefined. */
export const renderedPageModule = (key: PageKey): string | undefined => RENDERED_PAGE_MODULES[key];

/**
 * The layout and the page, matched as <Routes> matches them in the browser but without matching
 * the whole route table on every render (that cost more than the page itself): the server already
 * knows which page it renders.
 */
function matchedPage(key: PageKey, Page: ComponentType, pathname: string) {
  const params = pageOf(pathname)?.params ?? {};
  const page = { path: PAGES[key].path, element: <Page /> };
  return renderMatches([
    { route: { element: <AppLayout />, children: [page] }, params, pathname: '/', pathnameBase: '/' },
    { route: page, params, pathname, pathnameBase: pathname },
  ]);
}

/**
 * The HTML of a public page (`key`, at `url`), rendered on the server from the same components the
 * browser runs (docs/decisions/0108), as a visitor sees it: auth is still unknown, as in the
 * browser before /api/me answers, so nothing of any session is in it. The data comes in
 * `preloaded`, which the page also sends for hydration.
 */
export async function renderPage(url: string, key: PageKey, preloaded: Preloaded): Promise<string> {
  let component = components.get(key);
  if (!component) {
    // A page's parts that load lazily in the browser are rendered here in full (rendered-part.ts):
    // a lazily loaded page names its own parts as it loads, so theirs are loaded after it.
    component = await loadPageComponent(key);
    await loadRenderedParts();
    components.set(key, component);
  }
  const pathname = decodeURIComponent(url.split('?')[0] ?? '/');
  return renderToString(
    <PreloadedProvider value={preloaded}>
      <AuthProvider>
        <StaticRouter location={url}>{matchedPage(key, component, pathname)}</StaticRouter>
      </AuthProvider>
    </PreloadedProvider>,
  );
}
