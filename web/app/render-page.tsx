import type { ComponentType } from 'react';
import { renderToString } from 'react-dom/server';
import { StaticRouter } from 'react-router';
import type { PageKey } from '../../core/pages';
import { AuthProvider } from '../lib/auth';
import { type Preloaded, PreloadedProvider } from '../lib/preloaded';
import { AppRoutes, loadPageComponent } from './router';

const components = new Map<PageKey, ComponentType>();

/**
 * The HTML of a public page (`key`, at `url`), rendered on the server from the same components the
 * browser runs (docs/decisions/0108), as a visitor sees it: auth is still unknown, as in the
 * browser before /api/me answers, so nothing of any session is in it. The data comes in
 * `preloaded`, which the page also sends for hydration.
 */
export async function renderPage(url: string, key: PageKey, preloaded: Preloaded): Promise<string> {
  let component = components.get(key);
  if (!component) {
    component = await loadPageComponent(key);
    components.set(key, component);
  }
  return renderToString(
    <PreloadedProvider value={preloaded}>
      <AuthProvider>
        <StaticRouter location={url}>
          <AppRoutes only={{ key, component }} />
        </StaticRouter>
      </AuthProvider>
    </PreloadedProvider>,
  );
}
