import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { AppRouter, loadPageParts } from './app/router';
import { readPreloadedScript } from './lib/preloaded';
import './styles.css';

const root = document.getElementById('root');
if (root) {
  // A public page comes rendered from the server with what it was rendered from: take it over.
  const preloaded = readPreloadedScript();
  const app = (
    <StrictMode>
      <AppRouter preloaded={preloaded} />
    </StrictMode>
  );
  // The server's HTML is painted before React takes it over: on a slow phone, hydrating is a long
  // task that would otherwise hold the first frame back whenever the script is in before it. The
  // page's parts (preloaded by its HTML) are taken first, so React hydrates them in the same pass.
  if (preloaded) {
    void loadPageParts(window.location.pathname).then(() =>
      requestAnimationFrame(() => setTimeout(() => hydrateRoot(root, app))),
    );
  } else createRoot(root).render(app);
}
