import { useState } from 'react';
import { useNavigate } from 'react-router';
import { track } from './analytics';
import { useAuth } from './auth';
import { signInWithPopup } from './sign-in';

interface Props {
  /** Where the person lands once signed in. */
  redirect: string;
  label?: string;
  className?: string;
  /** Shown when the provider reports a failure (the request screen has its own text). */
  onFailure?: () => void;
  /** Called once signed in, before moving on to `redirect` (a form that stays open resets its error). */
  onSignedIn?: () => void;
  /** Called when the button is pressed, before the sign-in starts (the login page remembers a Follow). */
  onStart?: () => void;
}

export function SignInButton({
  redirect,
  label = 'Continue with Google',
  className = 'button button-primary',
  onFailure,
  onSignedIn,
  onStart,
}: Props) {
  const { refresh } = useAuth();
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);

  async function signIn() {
    onStart?.();
    setBusy(true);
    const result = await signInWithPopup(redirect);
    if (result === 'redirected') return;
    setBusy(false);
    if (result === 'closed') return;
    if (!result.ok) {
      onFailure?.();
      return;
    }
    track('login', { method: 'popup' });
    if (result.newUser) track('sign_up');
    await refresh();
    onSignedIn?.();
    navigate(result.redirect, { replace: true });
  }

  return (
    <button type="button" className={className} onClick={signIn} disabled={busy} aria-busy={busy}>
      {busy ? 'Signing in...' : label}
    </button>
  );
}
