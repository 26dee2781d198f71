import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { PAGE_KEYS, PAGES, type PageKey } from '../../core/pages';

const SITE = 'Freshlist';

export interface CurrentPage {
  key: PageKey;
  params: Readonly<Record<string, string | undefined>>;
}

/**
 * A page's path pattern as React Router's matchPath compiles it (case-insensitive, trailing slashes
 * optional, a `:name` for one segment), compiled once: compiling every pattern on every render
 * cost more than the rest of a server-rendered page (docs/decisions/0108).
 */
function compile(path: string): { pattern: RegExp; names: string[] } {
  const names: string[] = [];
  const source = path
    .replace(/\/*\*?$/, '')
    .replace(/^\/*/, '/')
    .replace(/[\\.*+^${}|()[\]]/g, '\\$&')
    .replace(/\/:([\w-]+)/g, (_, name: string) => {
      names.push(name);
      return '/([^\\/]+)';
    });
  return { pattern: new RegExp(`^${source}\\/*$`, 'i'), names };
}

const MATCHERS = PAGE_KEYS.map((key) => ({ key, ...compile(PAGES[key].path) }));

/** The route-table entry (core/pages.ts) of a path; fixed routes first, the public profile last. */
export function pageOf(pathname: string): CurrentPage | null {
  for (const { key, pattern, names } of MATCHERS) {
    const match = pattern.exec(pathname);
    if (match) return { key, params: Object.fromEntries(names.map((name, i) => [name, match[i + 1]])) };
  }
  return null;
}

/**
 * A page's document title: its route-table title and the site's name ("Feed · Freshlist"); a
 * profile and a connect page name their handle, as the server's link preview does.
 */
export function documentTitle(page: CurrentPage | null): string {
  if (!page || page.key === 'home') return SITE;
  const handle = page.params.handle;
  if (page.key === 'profile' && handle) return `@${handle} · ${SITE}`;
  if (page.key === 'follow' && handle) return `Follow @${handle} · ${SITE}`;
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
