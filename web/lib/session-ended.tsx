import { useLocation } from 'react-router';
import { ApiRequestError } from './api-client';
import { SignInButton } from './sign-in-button';

/** The server no longer knows the session (it expired, or ended elsewhere) while a form was open. */
export const isSessionEnded = (err: unknown) => err instanceof ApiRequestError && err.status === 401;

/**
 * Said where a form's error goes when its session ended (issue 15): what was typed stays, and
 * "Sign in again" comes back to this page (the popup leaves the form as it is).
 */
export function SessionEndedAlert({ onSignedIn }: { onSignedIn(): void }) {
  const location = useLocation();
  return (
    <div className="alert alert-error session-ended" role="alert">
      <p>Your session has ended. What you typed is still here: sign in again, then send it.</p>
      <SignInButton redirect={location.pathname + location.search} label="Sign in again" onSignedIn={onSignedIn} />
    </div>
  );
}
