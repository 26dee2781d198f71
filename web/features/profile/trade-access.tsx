import { lazy, Suspense, useEffect, useRef } from 'react';
import { pagePath } from '../../../core/pages';
import { TRADE_LABELS } from '../../../core/trade-labels';
import { useAuth } from '../../lib/auth';
import { loginPath } from '../../lib/paths';
import { Link } from '../../ui/link';

/** The form and where a request stands: code only a signed-in viewer of a trade-only list needs. */
const TradeAccessForm = lazy(async () => ({ default: (await import('./trade-access-form')).TradeAccessForm }));

/**
 * "Trade only: ask for access" on a supplier's profile (issue 32): a visitor is asked to sign in (a
 * plain link where scripts do not run); a signed-in person gives their business name (and a note)
 * and is told where their request stands. The server renders it as a visitor sees it; the
 * signed-in part loads once the viewer is known, after hydration (docs/decisions/0193).
 */
export function TradeAccessPanel({
  handle,
  isOwner = false,
  onFollowed,
}: {
  handle: string;
  isOwner?: boolean;
  onFollowed?: (() => void) | undefined;
}) {
  const { auth } = useAuth();
  const panel = useRef<HTMLElement>(null);
  // Arrived by "Trade only: ask for access" (a card, a mail): the panel is brought into view.
  useEffect(() => {
    if (window.location.hash !== '#trade-access') return;
    panel.current?.scrollIntoView({ block: 'start' });
    panel.current?.focus({ preventScroll: true });
  }, []);
  if (isOwner) return null;
  const signIn = loginPath(`${pagePath('profile', { handle })}#trade-access`);
  return (
    <section id="trade-access" ref={panel} className="card trade-access" aria-labelledby="trade-access-heading" tabIndex={-1}>
      <h2 id="trade-access-heading">{TRADE_LABELS.askForAccess}</h2>
      <p>Some lists here are for trade customers only. The business decides who sees them.</p>
      {auth.status === 'signed-out' && (
        <p>
          <Link className="button button-primary" to={signIn}>
            Sign in to ask for access
          </Link>
        </p>
      )}
      {auth.status === 'loading' && (
        <noscript>
          <p>
            <a className="button button-primary" href={signIn}>
              Sign in to ask for access
            </a>
          </p>
        </noscript>
      )}
      {auth.status === 'signed-in' && (
        <Suspense fallback={null}>
          <TradeAccessForm handle={handle} onFollowed={onFollowed} />
        </Suspense>
      )}
    </section>
  );
}
