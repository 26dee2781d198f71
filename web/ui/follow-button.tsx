import { useEffect, useRef, useState } from 'react';
import { pagePath } from '../../core/pages';
import { track } from '../lib/analytics';
import { errorMessage } from '../lib/api-client';
import { useAuth } from '../lib/auth';
import { followsApi } from '../lib/follows-api';
import { loginPath } from '../lib/paths';
import { Link } from './link';
import './follow-button.css';

/** Where a visitor's Follow leads: sign in, then the profile applies the follow (spec 4). */
export const followAfterLoginPath = (handle: string) => loginPath(`${pagePath('profile', { handle })}?followAfterLogin=true`);

/** The confirmation after a follow (issue 31). */
export const followedNotice = (name: string) => `You now follow ${name}: their lists appear in your Feed`;

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
}

/**
 * Follow, and "✓ Following" that asks before it unfollows (issue 31). A visitor, or a page rendered
 * on the server, gets a real link (sign in, then follow), so it works without JavaScript too. A
 * follow is confirmed in a live region: "You now follow …: their lists appear in your Feed".
 */
export function FollowButton({ handle, name, following, onChange, small = false, labelled = false }: FollowButtonProps) {
  const { auth } = useAuth();
  const [busy, setBusy] = useState(false);
  const [asking, setAsking] = useState(false);
  const [notice, setNotice] = useState<string>();
  const [error, setError] = useState<string>();
  const unfollowButton = useRef<HTMLButtonElement>(null);
  // The question appears where the button was: focus goes to its answer, as it would in a dialog.
  useEffect(() => {
    if (asking) unfollowButton.current?.focus();
  }, [asking]);
  const size = small ? ' button-small' : '';
  const label = (text: string) => (labelled ? `${text} ${name}` : undefined);

  async function change(follow: boolean) {
    setBusy(true);
    setError(undefined);
    try {
      const next = follow ? await followsApi.follow(handle) : await followsApi.unfollow(handle);
      track(next.following ? 'follow' : 'unfollow', { handle });
      setNotice(next.following ? followedNotice(name) : `You no longer follow ${name}.`);
      setAsking(false);
      onChange(next.following);
    } catch (err) {
      setError(errorMessage(err));
    } finally {
      setBusy(false);
    }
  }

  const status = (
    <p className="follow-notice" role="status">
      {notice}
    </p>
  );
  if (auth.status !== 'signed-in' || following === null) {
    return (
      <div className="follow-control">
        <Link className={`button button-primary${size}`} to={followAfterLoginPath(handle)} aria-label={label('Follow')}>
          Follow
        </Link>
      </div>
    );
  }
  return (
    <div className="follow-control">
      {following && asking ? (
        <fieldset className="follow-confirm">
          <legend>Unfollow {name}? Their lists leave your Feed.</legend>
          <button
            ref={unfollowButton}
            type="button"
            className={`button button-danger${size}`}
            onClick={() => change(false)}
            disabled={busy}
          >
            Unfollow
          </button>
          <button type="button" className={`button${size}`} onClick={() => setAsking(false)} disabled={busy}>
            Keep following
          </button>
        </fieldset>
      ) : following ? (
        <button
          type="button"
          className={`button button-following${size}`}
          aria-pressed="true"
          aria-label={label('Following')}
          title="Press to unfollow"
          onClick={() => {
            setNotice(undefined);
            setAsking(true);
          }}
        >
          ✓ Following
        </button>
      ) : (
        <button
          type="button"
          className={`button button-primary${size}`}
          aria-pressed="false"
          aria-label={label('Follow')}
          onClick={() => change(true)}
          disabled={busy}
        >
          Follow
        </button>
      )}
      {status}
      {error && (
        <p className="field-error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
