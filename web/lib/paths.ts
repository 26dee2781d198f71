import { pagePath } from '../../core/pages';

/** /login, with the page to come back to once signed in (links to other pages: `pagePath` of core/pages.ts). */
export function loginPath(redirect?: string): string {
  return redirect ? `${pagePath('login')}?${new URLSearchParams({ redirect })}` : pagePath('login');
}
