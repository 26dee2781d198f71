import { Suspense } from 'react';
import { Outlet } from 'react-router';
import { ConsentBanner } from '../features/analytics/consent-banner';
import { Footer } from '../ui/footer';

export function AppLayout() {
  return (
    <div className="app">
      <a className="skip-link" href="#content">
        Skip to content
      </a>
      <div id="content" className="app-content">
        {/* A page's code loads on first visit (router.tsx); nothing shows meanwhile, as before. */}
        <Suspense fallback={null}>
          <Outlet />
        </Suspense>
      </div>
      <Footer />
      <ConsentBanner />
    </div>
  );
}
