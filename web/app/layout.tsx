import { Suspense } from 'react';
import { Outlet } from 'react-router';
import { ConsentBanner } from '../features/analytics/consent-banner';
import { useCurrentPage, useDocumentTitle } from '../lib/current-page';
import { Footer } from '../ui/footer';
import { SiteHeader } from '../ui/site-header';

export function AppLayout() {
  const page = useCurrentPage();
  useDocumentTitle(page);
  return (
    <div className="app">
      <a className="skip-link" href="#content">
        Skip to content
      </a>
      {/* Early in the tab order (issue 15 §6); it shows fixed at the bottom, its spacer at the end. */}
      <ConsentBanner />
      <SiteHeader page={page} />
      <div id="content" className="app-content">
        {/* A page's code loads on first visit (router.tsx); nothing shows meanwhile, as before. */}
        <Suspense fallback={null}>
          <Outlet />
        </Suspense>
      </div>
      <Footer />
    </div>
  );
}
