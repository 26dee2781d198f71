import { type ComponentProps, lazy, Suspense } from 'react';
import { useLocation } from 'react-router';
import { useAuth } from '../lib/auth';
import { loginUrl } from '../lib/sign-in';
import type { ItemAlertButton as Button } from './item-alert-button';

/** The form and its dialog: a signed-in viewer's only, so a visitor's first visit does not load them (issue 39). */
const ItemAlertButton = lazy(async () => ({ default: (await import('./item-alert-button')).ItemAlertButton }));

/** "Alert me" before the viewer is known: a link to sign in, the same on the server and in the browser. */
export function ItemAlertSignIn({ item, label = 'Alert me' }: { item: string; label?: string | undefined }) {
  const location = useLocation();
  return (
    <a className="button button-small" href={loginUrl(`${location.pathname}${location.search}`, false)}>
      {label}
      <span className="visually-hidden"> when {item} changes (sign in)</span>
    </a>
  );
}

/**
 * "Alert me" for one item (item-alert-button.tsx) where a page carries one a line: a visitor's
 * sign-in link here, a signed-in viewer's form loaded once they are known.
 */
export function ItemAlert(props: ComponentProps<typeof Button>) {
  const { auth } = useAuth();
  if (auth.status !== 'signed-in') return <ItemAlertSignIn item={props.item} label={props.label} />;
  return (
    <Suspense fallback={<ItemAlertSignIn item={props.item} label={props.label} />}>
      <ItemAlertButton {...props} />
    </Suspense>
  );
}
