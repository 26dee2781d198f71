import { lazy, Suspense } from 'react';
import { pagePath } from '../../core/pages';
import { useAuth } from '../lib/auth';
import { loginPath } from '../lib/paths';
import { Link } from './link';
import './follow-button.css';

// Only a signed-in viewer follows and unfollows here: a visitor's first visit does not carry it.
const FollowToggle = lazy(async () => ({ default: (await import('./follow-toggle')).FollowToggle }));

/**
 * Where a visitor's Follow leads: sign in, then the page they were on applies the follow (spec 4):
 * the profile, or the list's page a QR card opened (issue 43: it landed on the profile).
 */
export const followAfterLoginPath = (handle: string, returnTo = pagePath('profile', { handle })) =>
  loginPath(`${returnTo}?followAfterLogin=true`);

interface FollowButtonProps {
  handle: string;
  /** The business's name as people know it (display name, else @handle). */
  name: string;
  /** Whether the signed-in viewer follows it; null while unknown (a visitor, a page rendered on the server). */
  following: boolean | null;
  onChange(following: boolean): void;
  small?: boolean;
  /** In a list of businesses (Explore): the buttons name the business ("Follow Green Valley"). */
  labelled?: boolean;
  /** The page a visitor comes back to after signing in to follow; the profile unless given. */
  returnTo?: string;
}

/**
 * Follow (issue 31). A visitor, or a page rendered on the server, gets a real link (sign in, then
 * follow), so it works without JavaScript too; a signed-in viewer gets the buttons of
 * follow-toggle.tsx, shown disabled while their code loads.
 */
export function FollowButton({
  handle,
  name,
  following,
  onChange,
  small = false,
  labelled = false,
  returnTo,
}: FollowButtonProps) {
  const { auth } = useAuth();
  const size = small ? ' button-small' : '';
  const label = (text: string) => (labelled ? `${text} ${name}` : undefined);

  if (auth.status !== 'signed-in' || following === null) {
    return (
      <div className="follow-control">
        <Link className={`button button-primary${size}`} to={followAfterLoginPath(handle, returnTo)} aria-label={label('Follow')}>
          Follow
        </Link>
      </div>
    );
  }
  const loading = (
    <div className="follow-control">
      <button
        type="button"
        className={`button ${following ? 'button-following' : 'button-primary'}${size}`}
        aria-pressed={following}
        aria-label={label(following ? 'Following' : 'Follow')}
        disabled
      >
        {following ? '✓ Following' : 'Follow'}
      </button>
    </div>
  );
  return (
    <Suspense fallback={loading}>
      <FollowToggle handle={handle} name={name} following={following} onChange={onChange} size={size} label={label} />
    </Suspense>
  );
}
