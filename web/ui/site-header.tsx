import { type RefObject, useEffect, useId, useRef, useState } from 'react';
import { useLocation } from 'react-router';
import { pagePath } from '../../core/pages';
import { useAuth, useSignOut } from '../lib/auth';
import type { CurrentPage } from '../lib/current-page';
import { ACCOUNT_ITEMS, navItems } from '../lib/nav-items';
import { loginPath } from '../lib/paths';
import { Link } from './link';

/** Closes a menu on Escape (focus back on its button) and on a click outside it. */
function useDismiss(
  open: boolean,
  close: () => void,
  area: RefObject<HTMLElement | null>,
  button: RefObject<HTMLElement | null>,
) {
  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      close();
      button.current?.focus();
    };
    const onPointer = (event: PointerEvent) => {
      if (area.current && !area.current.contains(event.target as Node)) close();
    };
    document.addEventListener('keydown', onKey);
    document.addEventListener('pointerdown', onPointer);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('pointerdown', onPointer);
    };
  }, [open, close, area, button]);
}

function AccountMenu({ email, page }: { email: string; page: CurrentPage | null }) {
  const signOut = useSignOut();
  const [open, setOpen] = useState(false);
  const area = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const id = useId();
  const { pathname } = useLocation();
  useDismiss(open, () => setOpen(false), area, button);
  // Following Settings closes the menu, as a navigation closes the phone menu.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the location change is the trigger.
  useEffect(() => setOpen(false), [pathname]);
  return (
    <div className="account-menu" ref={area}>
      <button
        ref={button}
        type="button"
        className="account-menu-button"
        aria-expanded={open}
        aria-controls={id}
        onClick={() => setOpen((o) => !o)}
      >
        Account
      </button>
      {/* On a phone the list shows inside the open site menu; the button is for wide screens. */}
      <ul id={id} className="account-menu-list" data-open={open || undefined}>
        <li className="account-menu-email">{email}</li>
        {ACCOUNT_ITEMS.map((item) => (
          <li key={item.to}>
            <Link to={item.to} aria-current={item.current(page) ? 'page' : undefined}>
              {item.label}
            </Link>
          </li>
        ))}
        <li>
          <button type="button" className="link-button" onClick={() => void signOut()}>
            Sign out
          </button>
        </li>
      </ul>
    </div>
  );
}

/**
 * The header on every page (issue 15): Freshlist, the links for the person looking, and an
 * account menu or Sign in. Wide screens show it in a row; a phone folds it behind a Menu button.
 */
export function SiteHeader({ page }: { page: CurrentPage | null }) {
  const { auth } = useAuth();
  const location = useLocation();
  const [open, setOpen] = useState(false);
  const area = useRef<HTMLElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const menuId = useId();
  useDismiss(open, () => setOpen(false), area, button);
  // Following a link closes the phone menu.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the location change is the trigger.
  useEffect(() => setOpen(false), [location.pathname]);

  const user = auth.status === 'signed-in' ? auth.user : null;
  const items = navItems(user);
  const onLoginPage = page?.key === 'login' || page?.key === 'loginComplete';
  const home = user ? pagePath('dashboard') : pagePath('home');
  // Signed in, the Dashboard item marks the dashboard; the brand marks only the landing page.
  const homeCurrent = !user && page?.key === 'home';
  // Sign in comes back here, except from / (the landing page sends signed-in people on anyway).
  const signInPath = page?.key === 'home' ? loginPath() : loginPath(location.pathname + location.search);

  return (
    <header className="site-header" ref={area}>
      <Link className="site-brand" to={home} aria-current={homeCurrent ? 'page' : undefined}>
        Freshlist
      </Link>
      {(user || items.length > 0) && (
        <>
          <button
            ref={button}
            type="button"
            className="site-menu-button"
            aria-expanded={open}
            aria-controls={menuId}
            onClick={() => setOpen((o) => !o)}
          >
            Menu
          </button>
          <div id={menuId} className="site-menu" data-open={open || undefined}>
            <nav aria-label="Main">
              <ul className="site-nav">
                {items.map((item) => (
                  <li key={item.label}>
                    <Link
                      to={item.to}
                      className={item.action ? 'site-nav-action' : undefined}
                      aria-current={item.current(page) ? 'page' : undefined}
                    >
                      {item.label}
                    </Link>
                  </li>
                ))}
              </ul>
            </nav>
            {user && <AccountMenu email={user.email} page={page} />}
          </div>
        </>
      )}
      {auth.status === 'signed-out' && !onLoginPage && (
        <Link className="site-sign-in" to={signInPath}>
          Sign in
        </Link>
      )}
      {/* A page the server rendered, read without JavaScript: who is signed in is never known, and the phone's Menu cannot open. */}
      {auth.status === 'loading' && !onLoginPage && (
        <noscript>
          <a className="site-sign-in" href={signInPath}>
            Sign in
          </a>
        </noscript>
      )}
    </header>
  );
}
