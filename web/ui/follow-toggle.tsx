import { useEffect, useRef, useState } from 'react';
import { unfollowedNotice } from '../../core/follow-text';
import { track } from '../lib/analytics';
import { followsApi } from '../lib/follows-api';
import { useApiAction } from '../lib/use-api-action';
import './follow-toggle.css';

/** The confirmation after a follow (issue 31). */
export const followedNotice = (name: string) => `You now follow ${name}: their lists appear in your Feed`;

export interface FollowToggleProps {
  handle: string;
  /** The business's name as people know it (display name, else @handle). */
  name: string;
  following: boolean;
  onChange(following: boolean): void;
  /** The buttons' size class, if any. */
  size: string;
  /** The buttons' accessible names when they must name the business ("Follow Green Valley"). */
  label(text: string): string | undefined;
}

/**
 * A signed-in viewer's Follow, and "✓ Following" that asks before it unfollows (issue 31): apart
 * from follow-button.tsx, so a visitor's first visit does not carry it (docs/decisions/0219). A
 * follow is confirmed in a live region: "You now follow …: their lists appear in your Feed"; an
 * unfollow says when trade access stays (ADR 0213).
 */
export function FollowToggle({ handle, name, following, onChange, size, label }: FollowToggleProps) {
  const [asking, setAsking] = useState(false);
  const [notice, setNotice] = useState<string>();
  const unfollowButton = useRef<HTMLButtonElement>(null);
  // The question appears where the button was: focus goes to its answer, as it would in a dialog.
  useEffect(() => {
    if (asking) unfollowButton.current?.focus();
  }, [asking]);

  const {
    run: change,
    busy,
    error,
  } = useApiAction(async (follow: boolean) => {
    const next = follow ? await followsApi.follow(handle) : await followsApi.unfollow(handle);
    track(next.following ? 'follow' : 'unfollow', { handle });
    setNotice(next.following ? followedNotice(name) : unfollowedNotice(name, next.keepsTradeAccess));
    setAsking(false);
    onChange(next.following);
  });

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
      <p className="follow-notice" role="status">
        {notice}
      </p>
      {error && (
        <p className="field-error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
