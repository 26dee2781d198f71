import type { AnchorHTMLAttributes, MouseEvent, Ref } from 'react';
import { useLocation, useNavigate } from 'react-router';

export type LinkProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> & {
  /** One of the app's own paths (pagePath, loginPath): absolute, so nothing is resolved against the route. */
  to: string;
  ref?: Ref<HTMLAnchorElement>;
};

const modified = (event: MouseEvent) => event.metaKey || event.altKey || event.ctrlKey || event.shiftKey;

/**
 * A link to a page of the app, followed in the browser without loading the page again, as React
 * Router's `Link` does for an absolute path. React Router's resolves the path against the route it
 * sits in on every render, the largest single part of rendering a public page on the server
 * (docs/decisions/0114); every path here is already absolute. A modified or middle click, another
 * target, or an onClick that prevents the default leaves the browser to it; a link to the page
 * already shown replaces its history entry rather than adding one.
 */
export function Link({ to, onClick, target, ref, ...rest }: LinkProps) {
  const navigate = useNavigate();
  const location = useLocation();
  const follow = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event);
    if (event.defaultPrevented || event.button !== 0 || (target && target !== '_self') || modified(event)) return;
    event.preventDefault();
    navigate(to, { replace: `${location.pathname}${location.search}${location.hash}` === to });
  };
  return <a {...rest} ref={ref} href={to} target={target} onClick={follow} />;
}
