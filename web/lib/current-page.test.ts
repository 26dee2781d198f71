import { matchPath } from 'react-router';
import { describe, expect, it } from 'vitest';
import { PAGE_KEYS, PAGES } from '../../core/pages';
import { pageOf } from './current-page';

/** What React Router's own matching makes of a path: the first page of the table that matches. */
function routerPageOf(pathname: string) {
  for (const key of PAGE_KEYS) {
    const match = matchPath(PAGES[key].path, pathname);
    if (match) return { key, params: match.params };
  }
  return null;
}

const SAMPLES = [
  '/',
  '//',
  '/login',
  '/LOGIN',
  '/login/',
  '/login/complete',
  '/admin',
  '/admin/',
  '/admin/users-overview',
  '/follow/fresh-farm',
  '/follow/fresh-farm/',
  '/follow/',
  '/follow/a/b',
  '/invite',
  '/invite/green-grocer',
  '/chat-form-creator/abc/responses',
  '/fresh-farm',
  '/Fresh-Farm',
  '/fresh-farm/extra',
  '/a.b',
  '/x(y)',
  '/tell-your-friends',
];

describe('pageOf', () => {
  it.each(SAMPLES)('finds the page React Router finds for %s', (path) => {
    expect(pageOf(path)).toEqual(routerPageOf(path));
  });
});
