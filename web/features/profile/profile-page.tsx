import { lazy, Suspense, useCallback, useEffect, useState } from 'react';
import { useParams, useSearchParams } from 'react-router';
import { pagePath } from '../../../core/pages';
import { track } from '../../lib/analytics';
import { useAuth } from '../../lib/auth';
import { renderedPart } from '../../lib/rendered-part';
import { useApiGet } from '../../lib/use-api';
import { FollowButton } from '../../ui/follow-button';
import { Link } from '../../ui/link';
import { profileApi, profilePaths } from './api';
import { ProfileHeader } from './profile-header';

/** Spec 9: 'Link copied' shows for 2 seconds. */
const COPIED_FOR_MS = 2000;
/** As follow-question.tsx reads it: that module loads only when the address has it. */
const FOLLOW_AFTER_LOGIN = 'followAfterLogin';

const FollowOnReturn = lazy(async () => ({ default: (await import('../../ui/follow-question')).FollowOnReturn }));
// Only a business with ordering terms needs the rule that reads them: the first visit stays as small.
// Only a follower's copy shows the bell: a visitor's first visit does not carry it.
const FollowBellControl = lazy(async () => ({ default: (await import('../../ui/follow-bell')).FollowBellControl }));
const ProfileOrdering = lazy(async () => ({ default: (await import('./profile-ordering')).ProfileOrdering }));
// Only an unknown handle's page shows it; the server renders it complete all the same.
const NoSuchBusiness = renderedPart(async () => (await import('./no-such-business')).NoSuchBusiness);
// The cards' code (issue 39): a list's page, which the entry also carries, never shows them. The server renders them
// complete and preloads their chunk beside the entry (router.tsx RENDERED_PAGE_MODULES), so the page hydrates them at once.
const ProfileLists = renderedPart(async () => (await import('./profile-lists')).ProfileLists);

/**
 * The cards' code, awaited before React takes a rendered profile over (main.tsx): a boundary still
 * waiting for its code when the viewer's sign-in state arrives is rendered anew, its HTML dropped.
 */
export const loadProfileParts = () => ProfileLists.load();

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

function ProfileView({ handle }: { handle: string }) {
  const { auth } = useAuth();
  const [params] = useSearchParams();
  // Back from /login to follow (the address says so when the page mounts; it is tidied away after).
  const [returnedToFollow] = useState(() => params.get(FOLLOW_AFTER_LOGIN) === 'true');
  const resource = useApiGet(() => profileApi.profile(handle), [handle], profilePaths.profile(handle));
  const terms = useApiGet(() => profileApi.terms(handle), [handle], profileApi.termsPath(handle)).data?.terms;
  const [following, setFollowing] = useState<boolean | null>(null);
  const loaded = resource.data;
  const profile = loaded ? { ...loaded, following: following ?? loaded.following } : undefined;

  // Counted once the viewer is known: a signed-in viewer's page mounts again for them.
  const viewerKnown = auth.status !== 'loading';
  useEffect(() => {
    if (loaded && viewerKnown) track('profile_view', { handle: loaded.handle });
  }, [loaded, viewerKnown]);

  const follow = useCallback(
    (handleToFollow: string) =>
      profileApi.follow(handleToFollow).then(
        (state) => {
          track('follow', { handle: handleToFollow });
          setFollowing(state.following);
        },
        () => undefined,
      ),
    [],
  );

  if (resource.error?.status === 404) {
    return (
      <Suspense fallback={null}>
        <NoSuchBusiness handle={handle} />
      </Suspense>
    );
  }
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
        {!profile.isOwner && (
          <FollowButton
            handle={profile.handle}
            name={profile.displayName || `@${profile.handle}`}
            following={profile.following}
            onChange={setFollowing}
          />
        )}
        {!profile.isOwner && profile.following === true && (
          <Suspense fallback={null}>
            <FollowBellControl handle={profile.handle} name={profile.displayName || `@${profile.handle}`} />
          </Suspense>
        )}
        <CopyLinkButton />
      </ProfileHeader>

      {terms && (
        <Suspense fallback={null}>
          <ProfileOrdering terms={terms} />
        </Suspense>
      )}

      {returnedToFollow && auth.status === 'signed-in' && (
        <Suspense fallback={null}>
          <FollowOnReturn
            handle={profile.handle}
            name={profile.displayName || `@${profile.handle}`}
            isOwner={profile.isOwner}
            following={profile.following}
            follow={follow}
          />
        </Suspense>
      )}

      <Suspense fallback={<p className="muted">Loading lists...</p>}>
        <ProfileLists handle={profile.handle} isOwner={profile.isOwner} onFollowed={() => setFollowing(true)} />
      </Suspense>

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
              <Link to={pagePath('requestHandle')}>Join Freshlist</Link>
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
