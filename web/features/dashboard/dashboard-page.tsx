import { useEffect } from 'react';
import type { SessionUser } from '../../../core/api';
import { pagePath } from '../../../core/pages';
import { accountApi } from '../../lib/account-api';
import { useAuth } from '../../lib/auth';
import { RequireAuth } from '../../lib/require-auth';
import { useApiGet } from '../../lib/use-api';
import { Link } from '../../ui/link';
import { FeedPreview } from './feed-preview';
import { HandleCard } from './handle-card';
import { CompleteProfileNudge, FollowerCount, HandleRemovedNotice } from './handle-notices';
import { LinkProblems } from './link-problems';
import { TradeRequests } from './trade-requests';
import { YourLists } from './your-lists';
import './dashboard.css';

function QuickAction({ to, label, handle }: { to: string; label: string; handle: string | null }) {
  if (!handle) {
    return (
      <li className="quick-action disabled" aria-disabled="true">
        <span>{label}</span> <span className="muted">requires a handle</span>
      </li>
    );
  }
  return (
    <li className="quick-action">
      <Link to={to}>{label}</Link>
    </li>
  );
}

function Dashboard({ user }: { user: SessionUser }) {
  const { refresh } = useAuth();
  const status = useApiGet(() => accountApi.handleStatus(), []);
  // The status is fresher than the session's view (an approval may have landed since sign-in).
  const handle = status.data ? status.data.handle : user.approved ? user.handle : null;
  const stale = status.data !== undefined && status.data.handle !== user.handle;
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

      {/*
        Someone without a handle reads rather than posts: their feed first, then their one next step
        ("Request a handle", "You're invited": first of all), before the tiles, on a phone too (#31).
      */}
      {handle || invited ? handleSection : <FeedPreview />}
      {invited && <FeedPreview />}
      {!handle && !invited && handleSection}
      {handle && <CompleteProfileNudge />}

      <section aria-labelledby="actions-heading">
        <h2 id="actions-heading">Quick actions</h2>
        <ul className="quick-actions">
          <QuickAction to={pagePath('upload')} label="Upload a new list" handle={handle} />
          <QuickAction
            to={handle ? pagePath('profile', { handle }) : pagePath('dashboard')}
            label="View public profile"
            handle={handle}
          />
          <QuickAction to={pagePath('followers')} label="Followers" handle={handle} />
          <li className="quick-action">
            <Link to={pagePath('feed')}>Feed</Link>
          </li>
          <li className="quick-action">
            <Link to={pagePath('following')}>Following</Link>
          </li>
          <li className="quick-action">
            <Link to={pagePath('chatFormCreator')}>Chat forms</Link>
          </li>
          <li className="quick-action">
            <Link to={pagePath('explore')}>Explore</Link>
          </li>
          {handle && (
            <li className="quick-action">
              <Link to={pagePath('settingsProfile')}>Business profile</Link>
            </li>
          )}
        </ul>
      </section>

      {handle && <YourLists />}
      {handle && <TradeRequests />}

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
