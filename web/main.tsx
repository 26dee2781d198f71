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
  if (preloaded) hydrateRoot(root, app);
  else createRoot(root).render(app);
}
