import { PAGE_KEYS, PAGES, type PageKey } from './pages';

/**
 * Which page of the route table (core/pages.ts) a path is, shared by the browser's router and the
 * server's render of public pages. Pure, no zod: the first visit loads it (ADR 0062).
 */
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
