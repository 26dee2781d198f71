import { useEffect, useRef, useState } from 'react';
import { Navigate, useNavigate, useParams, useSearchParams } from 'react-router';
import { pagePath } from '../../../core/pages';
import type { Profile } from '../../../core/post';
import { track } from '../../lib/analytics';
import { errorMessage } from '../../lib/api-client';
import { useAuth } from '../../lib/auth';
import { loginPath } from '../../lib/paths';
import { useApiGet } from '../../lib/use-api';
import { Link } from '../../ui/link';
import { profileApi, profilePaths } from './api';
import { ProfileHeader } from './profile-header';
import { ProfileLists } from './profile-lists';

/** Spec 9: 'Link copied' shows for 2 seconds. */
const COPIED_FOR_MS = 2000;
const FOLLOW_AFTER_LOGIN = 'followAfterLogin';

function CopyLinkButton() {
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), COPIED_FOR_MS);
    return () => clearTimeout(timer);
  }, [copied]);

  async function copy() {
    const link = `${window.location.origin}${window.location.pathname}`;
    try {
      await navigator.clipboard.writeText(link);
    } catch {
      // No clipboard permission (older browsers, insecure origins): the address bar still has it.
      window.prompt('Copy this link:', link);
    }
    setCopied(true);
  }

  return (
    <button type="button" className="button button-small" onClick={copy} aria-live="polite">
      {copied ? 'Link copied' : 'Copy link'}
    </button>
  );
}

function FollowButton({ profile, onChange }: { profile: Profile; onChange(following: boolean): void }) {
  const { auth } = useAuth();
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  if (profile.isOwner) return null;

  async function toggle() {
    if (auth.status !== 'signed-in') {
      // Spec 4: signed-out visitors sign in first and come back to a follow that applies itself.
      navigate(loginPath(`${pagePath('profile', { handle: profile.handle })}?${FOLLOW_AFTER_LOGIN}=true`));
      return;
    }
    setBusy(true);
    setError(undefined);
    try {
      const next = profile.following ? await profileApi.unfollow(profile.handle) : await profileApi.follow(profile.handle);
      track(next.following ? 'follow' : 'unfollow', { handle: profile.handle });
      onChange(next.following);
    } catch (err) {
      setError(errorMessage(err));
    } finally {
      setBusy(false);
    }
  }

  const following = profile.following === true;
  return (
    <>
      <button
        type="button"
        className={`button ${following ? 'button-following' : 'button-primary'}`}
        aria-pressed={following}
        onClick={toggle}
        disabled={busy}
      >
        {following ? '✓ Following' : 'Follow'}
      </button>
      {error && (
        <p className="field-error" role="alert">
          {error}
        </p>
      )}
    </>
  );
}

function ProfileView({ handle }: { handle: string }) {
  const { auth } = useAuth();
  const [params, setParams] = useSearchParams();
  const resource = useApiGet(() => profileApi.profile(handle), [handle], profilePaths.profile(handle));
  const [following, setFollowing] = useState<boolean | null>(null);
  const followOnReturn = useRef(false);
  const loaded = resource.data;
  const profile = loaded ? { ...loaded, following: following ?? loaded.following } : undefined;

  // Counted once the viewer is known: a signed-in viewer's page mounts again for them.
  const viewerKnown = auth.status !== 'loading';
  useEffect(() => {
    if (loaded && viewerKnown) track('profile_view', { handle: loaded.handle });
  }, [loaded, viewerKnown]);

  // Back from /login with followAfterLogin=true: apply the follow once, then tidy the address.
  useEffect(() => {
    if (!loaded || params.get(FOLLOW_AFTER_LOGIN) !== 'true' || followOnReturn.current) return;
    if (auth.status !== 'signed-in') return;
    followOnReturn.current = true;
    const next = new URLSearchParams(params);
    next.delete(FOLLOW_AFTER_LOGIN);
    setParams(next, { replace: true });
    if (loaded.isOwner || loaded.following) return;
    profileApi.follow(loaded.handle).then(
      (state) => {
        track('follow', { handle: loaded.handle });
        setFollowing(state.following);
      },
      () => undefined,
    );
  }, [loaded, params, setParams, auth.status]);

  if (resource.error?.status === 404) return <Navigate to={pagePath('home')} replace />;
  if (resource.error) {
    return (
      <main className="page">
        <p className="alert alert-error" role="alert">
          {resource.error.message}
        </p>
      </main>
    );
  }
  if (!profile) return <p className="page-status">Loading...</p>;

  return (
    <main className="page profile">
      <ProfileHeader profile={profile}>
        <FollowButton profile={profile} onChange={setFollowing} />
        <CopyLinkButton />
      </ProfileHeader>

      <ProfileLists handle={profile.handle} />

      <aside className="card profile-footer" aria-labelledby="join-heading">
        {auth.status === 'signed-in' ? (
          <>
            <h2 id="join-heading">Know someone who should be here?</h2>
            <p>
              Suppliers and restaurants share their latest lists on Freshlist.{' '}
              <Link to={pagePath('tellYourFriends')}>Tell your friends</Link>
            </p>
          </>
        ) : (
          <>
            <h2 id="join-heading">Share your own list</h2>
            <p>
              Post your menu, price list or catalogue once and keep it fresh.{' '}
              <Link to={pagePath('requestInvite')}>Join Freshlist</Link>
            </p>
          </>
        )}
      </aside>
    </main>
  );
}

/**
 * /{handle}: a public profile with its lists, a copyable link and Follow. Shown as a visitor sees it
 * until auth is known, as the server renders it (docs/decisions/0108).
 */
export function ProfilePage() {
  const { handle = '' } = useParams();
  const { auth } = useAuth();
  // A new viewer (signed in or out here) sees the profile afresh: following and ownership depend on who looks.
  return <ProfileView key={`${auth.user?.id ?? 'visitor'}:${handle}`} handle={handle} />;
}
