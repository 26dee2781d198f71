import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { takeFollowIntent } from '../lib/follow-intent';

/** In the address back from /login after a visitor pressed Follow on a profile or a list's page (issue 43). */
const FOLLOW_AFTER_LOGIN = 'followAfterLogin';

/**
 * "Follow …?" asked in the page when a link asked to follow and the person did not press Follow
 * here themselves (issue 33): the follow happens only on their click.
 */
function FollowQuestion({ name, onFollow, onDismiss }: { name: string; onFollow(): void; onDismiss(): void }) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <section className="card follow-question" aria-labelledby="follow-question-heading">
      <h2 id="follow-question-heading" ref={heading} tabIndex={-1}>
        Follow {name}?
      </h2>
      <p>The link you opened asks to follow this business. Their new lists would appear in your Feed.</p>
      <p className="follow-question-actions">
        <button type="button" className="button button-primary" onClick={onFollow}>
          Follow
        </button>{' '}
        <button type="button" className="button" onClick={onDismiss}>
          Not now
        </button>
      </p>
    </section>
  );
}

interface FollowOnReturnProps {
  handle: string;
  name: string;
  isOwner: boolean;
  following: boolean | null;
  follow(handle: string): Promise<void>;
}

/**
 * Back from /login with followAfterLogin=true, signed in: follows once if this tab's own sign-in
 * asked for it, else asks in the page (a link from anywhere else must not follow without a click),
 * and tidies the address. Loaded only on that return, not on a first visit (docs/decisions/0193).
 */
export function FollowOnReturn({ handle, name, isOwner, following, follow }: FollowOnReturnProps) {
  const [params, setParams] = useSearchParams();
  const [asking, setAsking] = useState(false);
  const done = useRef(false);
  useEffect(() => {
    if (done.current || params.get(FOLLOW_AFTER_LOGIN) !== 'true') return;
    done.current = true;
    const next = new URLSearchParams(params);
    next.delete(FOLLOW_AFTER_LOGIN);
    setParams(next, { replace: true });
    const asked = takeFollowIntent(handle);
    if (isOwner || following) return;
    if (asked) void follow(handle);
    else setAsking(true);
  }, [params, setParams, handle, isOwner, following, follow]);
  if (!asking || following) return null;
  return (
    <FollowQuestion
      name={name}
      onFollow={() => {
        setAsking(false);
        void follow(handle);
      }}
      onDismiss={() => setAsking(false)}
    />
  );
}
