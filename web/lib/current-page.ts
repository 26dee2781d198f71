import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { type CurrentPage, pageOf } from '../../core/page-of';
import { PAGES } from '../../core/pages';

export { type CurrentPage, pageOf };

const SITE = 'Freshlist';

/**
 * A page's document title: its route-table title and the site's name ("Feed · Freshlist"); a
 * profile and a connect page name their handle, as the server's link preview does.
 */
export function documentTitle(page: CurrentPage | null): string {
  if (!page || page.key === 'home') return SITE;
  const handle = page.params.handle;
  if (page.key === 'profile' && handle) return `@${handle} · ${SITE}`;
  if (page.key === 'follow' && handle) return `Follow @${handle} · ${SITE}`;
  if (page.key === 'list' && handle) return `A list of @${handle} · ${SITE}`;
  return `${PAGES[page.key].title} · ${SITE}`;
}

/** The page the address shows, read once by the layout. */
export function useCurrentPage(): CurrentPage | null {
  const { pathname } = useLocation();
  return pageOf(pathname);
}

/** Keeps `document.title` on the current page's title (issue 15). */
export function useDocumentTitle(page: CurrentPage | null): void {
  const title = documentTitle(page);
  useEffect(() => {
    document.title = title;
  }, [title]);
}
