import { useState } from 'react';
import { useParams } from 'react-router';
import { pagePath } from '../../../core/pages';
import { sharingPaths } from '../../../core/sharing';
import { track } from '../../lib/analytics';
import { useAuth } from '../../lib/auth';
import { rememberFollowIntent } from '../../lib/follow-intent';
import { loginPath } from '../../lib/paths';
import { useSiteOrigin } from '../../lib/preloaded';
import { useApiGet } from '../../lib/use-api';
import { BusinessCardView } from '../../ui/business-card';
import { FollowButton } from '../../ui/follow-button';
import { Link } from '../../ui/link';
import { PostCard } from '../../ui/post-card';
import { ShareActions } from '../../ui/share-actions';
import { connectPaths, sharingApi } from './api';
import { QrCard } from './qr-card';
import './sharing.css';

/** Where a profile link sends someone after login: the follow is applied there (spec 4). */
const followPath = (handle: string) => `${pagePath('profile', { handle })}?followAfterLogin=true`;

/** /follow/{handle}: the personal connect page a business shares or prints as a QR code. */
export function ConnectPage() {
  const { handle = '' } = useParams();
  const { auth } = useAuth();
  const { data, error, loading } = useApiGet(() => sharingApi.connect(handle), [handle], connectPaths.connect(handle));
  const origin = useSiteOrigin();
  const host = new URL(origin).host;
  const signedIn = auth.status === 'signed-in';
  // A signed-in viewer sees whether they follow already, as on the profile and the list page (#31).
  const viewer = useApiGet(signedIn ? () => sharingApi.viewer(handle) : null, [handle, signedIn]);
  const [following, setFollowing] = useState<boolean | null>(null);

  if (loading && !data) return <p className="page-status">Loading...</p>;
  if (error || !data) {
    return (
      <main className="page page-narrow center">
        <h1>@{handle} isn't on Freshlist yet</h1>
        <p className="muted">{error?.status === 404 ? 'No one has this handle. Is it yours?' : error?.message}</p>
        <p>
          <Link className="button button-primary" to={pagePath('tellYourFriends')}>
            See how Freshlist works
          </Link>
        </p>
      </main>
    );
  }

  const { profile, latestPost } = data;
  const isOwner = auth.status === 'signed-in' && auth.user.handle === profile.handle;
  const name = profile.displayName || `@${profile.handle}`;
  return (
    <main className="page page-narrow connect">
      <BusinessCardView
        handle={profile.handle}
        displayName={profile.displayName}
        business={profile.business}
        heading={`Follow ${profile.displayName || `@${profile.handle}`}`}
        subtitle={`@${profile.handle}`}
      />
      <p className="center muted">Scan the code or follow below to always see their latest list.</p>
      <QrCard handle={profile.handle} displayName={profile.displayName} />
      <p className="center">
        <Link
          to={pagePath('profile', { handle: profile.handle })}
        >{`${host}${pagePath('profile', { handle: profile.handle })}`}</Link>
      </p>
      <ShareActions
        url={`${origin}${pagePath('follow', { handle: profile.handle })}`}
        title={`Follow ${profile.displayName || `@${profile.handle}`} on Freshlist`}
        text={`Scan or tap to always see the latest list of ${profile.displayName || `@${profile.handle}`}.`}
      />
      <section aria-labelledby="latest-heading">
        <h2 id="latest-heading">Latest list</h2>
        {latestPost ? <PostCard post={latestPost} /> : <p className="muted">Nothing shared yet. Follow to see the first list.</p>}
        <p className="muted connect-feed">
          Prefer a feed reader? <a href={sharingPaths.feed(profile.handle)}>Atom feed of @{profile.handle}</a>
        </p>
      </section>
      {isOwner ? (
        <section className="card" aria-labelledby="print-heading">
          <h2 id="print-heading">This is your connect page</h2>
          <p>Share this page's link, or print your QR card as a counter sticker.</p>
          <a
            className="button button-primary"
            href={sharingPaths.card(profile.handle, true)}
            download
            onClick={() => track('feature_usage', { feature: 'qr_card_download' })}
          >
            Download QR card (PNG)
          </a>
        </section>
      ) : signedIn ? (
        <div className="center connect-follow">
          <FollowButton
            handle={profile.handle}
            name={name}
            following={following ?? viewer.data?.following ?? null}
            onChange={setFollowing}
          />
        </div>
      ) : (
        <p className="center">
          <Link
            className="button button-primary"
            to={loginPath(followPath(profile.handle))}
            onClick={() => {
              track('button_click', { label: 'connect_follow' });
              rememberFollowIntent(profile.handle);
            }}
          >
            SIGN IN &amp; FOLLOW
          </Link>
        </p>
      )}
    </main>
  );
}
