import { useEffect } from 'react';
import type { SessionUser } from '../../../core/api';
import { pagePath } from '../../../core/pages';
import { accountApi } from '../../lib/account-api';
import { useAuth } from '../../lib/auth';
import { RequireAuth } from '../../lib/require-auth';
import { useApiGet } from '../../lib/use-api';
import { Link } from '../../ui/link';
import { dashboardApi } from './api';
import { FeedPreview } from './feed-preview';
import { HandleCard } from './handle-card';
import { CompleteProfileNudge, FollowerCount, HandleRemovedNotice } from './handle-notices';
import { LinkProblems } from './link-problems';
import { TradeRequests } from './trade-requests';
import { YourLists } from './your-lists';
import './dashboard.css';

function QuickAction({ to, label }: { to: string; label: string }) {
  return (
    <li className="quick-action">
      <Link to={to}>{label}</Link>
    </li>
  );
}

/** A new holder's one next step (issue 43), before everything else they could do. */
function FirstListStep() {
  return (
    <section className="card card-highlight" aria-labelledby="first-list-heading">
      <h2 id="first-list-heading">Share your first list</h2>
      <p>Post your price list's link: people who follow you see it on your page and in their feed.</p>
      <Link className="button button-primary" to={pagePath('upload')}>
        Upload your first list
      </Link>
    </section>
  );
}

function Dashboard({ user }: { user: SessionUser }) {
  const { refresh } = useAuth();
  const status = useApiGet(() => accountApi.handleStatus(), []);
  // The status is fresher than the session's view (an approval may have landed since sign-in).
  const handle = status.data ? status.data.handle : user.approved ? user.handle : null;
  const stale = status.data !== undefined && status.data.handle !== user.handle;
  // A holder's lists: none yet makes "Share your first list" the next step; a trade-only one, the Trade access card.
  const own = useApiGet(handle ? () => dashboardApi.myLists() : null, [handle]);
  const firstList = own.data?.lists.length === 0;
  const tradeLists = own.data ? own.data.lists.some((list) => list.audience === 'trade') : undefined;
  useEffect(() => {
    if (stale) void refresh();
  }, [stale, refresh]);
  const handleSection = (
    <HandleCard status={status.data} handle={handle}>
      <FollowerCount />
    </HandleCard>
  );
  const connectPath = pagePath('follow', { handle: handle ?? 'yourname' });
  const invited = !handle && status.data?.status === 'pending-confirm';
  return (
    <main className="page">
      <h1>Welcome, {user.displayName || user.email}</h1>
      {status.data?.handleRemoved && <HandleRemovedNotice />}
      {handle && <LinkProblems handle={handle} />}
      {firstList && <FirstListStep />}

      {/*
        Someone without a handle reads rather than posts: their feed first, then their one next step
        ("Request a handle", "You're invited": first of all), before the tiles, on a phone too (#31).
      */}
      {handle || invited ? handleSection : <FeedPreview />}
      {invited && <FeedPreview />}
      {!handle && !invited && handleSection}
      {handle && <CompleteProfileNudge />}

      {/* Only what the person can use (issue 43): a buyer's Request a handle above says what a handle adds. */}
      <section aria-labelledby="actions-heading">
        <h2 id="actions-heading">Quick actions</h2>
        <ul className="quick-actions">
          {handle && (
            <>
              <QuickAction to={pagePath('upload')} label="Upload a new list" />
              <QuickAction to={pagePath('profile', { handle })} label="View public profile" />
              <QuickAction to={pagePath('followers')} label="Followers" />
            </>
          )}
          <QuickAction to={pagePath('feed')} label="Feed" />
          <QuickAction to={pagePath('following')} label="Following" />
          <QuickAction to={pagePath('chatFormCreator')} label="Chat forms" />
          <QuickAction to={pagePath('explore')} label="Explore" />
          {handle && <QuickAction to={pagePath('settingsProfile')} label="Business profile" />}
        </ul>
      </section>

      {handle && !firstList && <YourLists />}
      {handle && <TradeRequests tradeLists={tradeLists} />}

      <section className="card" aria-labelledby="friends-heading">
        <h2 id="friends-heading">Tell your friends</h2>
        {handle ? (
          <p>
            Invite suppliers and restaurants you work with:{' '}
            <Link to={pagePath('tellYourFriends')}>show them how Freshlist works</Link>, or share your connect page{' '}
            <Link to={connectPath}>{connectPath}</Link>.
          </p>
        ) : (
          <p>
            Invite suppliers and restaurants you work with:{' '}
            <Link to={pagePath('tellYourFriends')}>show them how Freshlist works</Link>. Once you have a handle, you can share
            your own connect page, for example <code className="example-path">{connectPath}</code>.
          </p>
        )}
      </section>
    </main>
  );
}

export function DashboardPage() {
  return <RequireAuth>{(user) => <Dashboard user={user} />}</RequireAuth>;
}
