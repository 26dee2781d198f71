import { useEffect } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { safeRedirectPath } from '../../../core/api';
import { track } from '../../lib/analytics';
import { useAuth } from '../../lib/auth';
import { SIGN_IN_CHANNEL, type SignInMessage } from '../../lib/sign-in';

/** Where the provider sends the browser back: a popup reports to its opener and closes; a full page moves on. */
export function LoginCompletePage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const { refresh } = useAuth();
  const redirect = safeRedirectPath(params.get('redirect'));
  const ok = params.get('error') !== '1';
  const popup = params.get('popup') === '1';
  const newUser = params.get('new') === '1';

  useEffect(() => {
    const message: SignInMessage = { type: 'freshlist:sign-in', ok, redirect, newUser };
    if (popup && (window.opener || 'BroadcastChannel' in window)) {
      const channel = new BroadcastChannel(SIGN_IN_CHANNEL);
      channel.postMessage(message);
      channel.close();
      if (window.opener) (window.opener as Window).postMessage(message, window.location.origin);
      window.close();
    }
    // Not a popup, or the popup could not close: carry on in this window.
    const timer = setTimeout(
      async () => {
        if (ok) {
          // A popup's opener records its own sign-in; this counts the full-page redirect.
          if (!popup) {
            track('login', { method: 'redirect' });
            if (newUser) track('sign_up');
          }
          await refresh();
          navigate(redirect, { replace: true });
        } else {
          navigate(`/login?${new URLSearchParams({ redirect, error: '1' })}`, { replace: true });
        }
      },
      popup ? 800 : 0,
    );
    return () => clearTimeout(timer);
  }, [navigate, ok, popup, redirect, refresh, newUser]);

  return <p className="page-status">{ok ? 'Signing you in...' : 'Sign-in did not finish.'}</p>;
}
