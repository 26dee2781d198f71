import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { AppRouter } from './app/router';
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
  // task that would otherwise hold the first frame back whenever the script is in before it.
  if (preloaded) requestAnimationFrame(() => setTimeout(() => hydrateRoot(root, app)));
  else createRoot(root).render(app);
}
