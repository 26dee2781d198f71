import { useState } from 'react';
import { useParams } from 'react-router';
import { LINK_HEALTH_TEXTS, UNAVAILABLE_REASONS } from '../../../core/link-check-text';
import type { ListPage as ListPageData } from '../../../core/list-page';
import { isExpired, LIST_MESSAGES, listPaths, localDate, shortDate, validityLabel } from '../../../core/list-text';
import { pagePath } from '../../../core/pages';
import { relativeTime } from '../../../core/time';
import { TRADE_MESSAGES } from '../../../core/trade-text';
import { track } from '../../lib/analytics';
import { useAuth } from '../../lib/auth';
import { contentsSummariesApi } from '../../lib/contents-api';
import { useApiGet } from '../../lib/use-api';
import { BusinessLogo, ContactLinks } from '../../ui/business-card';
import { ChangesLine } from '../../ui/changes-line';
import { FollowButton } from '../../ui/follow-button';
import { Link } from '../../ui/link';
import { listPageApi } from './api';
import './lists.css';

/** When the list last changed on Freshlist: a new version or an edit (the file's own changes are said beside it). */
function lastChanged(list: ListPageData['list']): number {
  return Math.max(list.postedAt, list.editedAt ?? 0);
}

/** The business or the list is gone: say so, and offer Explore (and the business, when it is still here). */
function Gone({ handle, message, status }: { handle: string; message: string; status: number | undefined }) {
  const listGone = status === 404 && message === LIST_MESSAGES.listGone;
  return (
    <main className="page page-narrow center list-page-gone">
      <h1>{status === 404 ? message : 'This list cannot be shown right now'}</h1>
      {status !== 404 && <p className="muted">{message}</p>}
      <p>
        <Link className="button button-primary" to={pagePath('explore')}>
          Explore businesses on Freshlist
        </Link>
      </p>
      {listGone && (
        <p>
          <Link to={pagePath('profile', { handle })}>See the newest lists of @{handle}</Link>
        </p>
      )}
    </main>
  );
}

/** What changed in the file, read by Freshlist (issue 30): one line that opens the details, asked after the page shows. */
function ListChanges({ handle, slug }: { handle: string; slug: string }) {
  const { data } = useApiGet(() => contentsSummariesApi.at(handle, slug), [handle, slug]);
  if (!data?.summary) return null;
  return (
    <div className="list-page-changes">
      <ChangesLine summary={data.summary} handle={handle} slug={slug} />
      <Link to={pagePath('listChanges', { handle, slug })}>Every version</Link>
    </div>
  );
}

function ListView({ handle, slug }: { handle: string; slug: string }) {
  const { data, error, loading } = useApiGet(() => listPageApi.page(handle, slug), [handle, slug], listPaths.page(handle, slug));
  const [following, setFollowing] = useState<boolean | null>(null);
  if (loading && !data) return <p className="page-status">Loading...</p>;
  if (error || !data) return <Gone handle={handle} message={error?.message ?? ''} status={error?.status} />;

  const { profile, list } = data;
  const name = profile.displayName || `@${profile.handle}`;
  const today = localDate();
  const expired = isExpired(list.validUntil, today);
  const validity = validityLabel(list.validFrom, list.validUntil, today);
  const changed = lastChanged(list);
  return (
    <main className="page page-narrow list-page">
      <header className="list-page-business">
        <BusinessLogo logo={profile.business.logo} name={name} />
        <p>
          <Link className="list-page-business-name" to={pagePath('profile', { handle: profile.handle })}>
            {name}
          </Link>
          <span className="muted"> @{profile.handle}</span>
        </p>
      </header>
      <h1 className="list-page-name">{list.name}</h1>
      {expired && list.validUntil && (
        <p className="alert alert-error list-page-expired" role="note">
          <strong>{LIST_MESSAGES.expired}</strong>: this list was valid until {shortDate(list.validUntil, today)}.{' '}
          {/* Its owner is not told to ask themselves (#31): their next step is a new version. */}
          {profile.isOwner ? (
            <>
              Share a new version from <Link to={pagePath('dashboard')}>your dashboard</Link>.
            </>
          ) : (
            <>Ask {name} for the current one.</>
          )}
        </p>
      )}
      {!expired && validity && <p className="list-page-validity">{validity}</p>}
      {list.unavailable && (
        // The link watcher finds the file unavailable (#29): say what is wrong and who to ask, not a dead end.
        <section className="alert alert-warning list-page-unavailable" aria-label={LINK_HEALTH_TEXTS.unavailable}>
          <h2>{LINK_HEALTH_TEXTS.unavailable}</h2>
          <p>{UNAVAILABLE_REASONS[list.unavailable]}</p>
          {profile.isOwner ? (
            <p>
              Fix the link where the file lives, or edit it on <Link to={pagePath('dashboard')}>your dashboard</Link>.
            </p>
          ) : (
            <>
              <p>Ask {name} for the current list:</p>
              <ContactLinks business={profile.business} name={name} />
              <p>
                <Link to={pagePath('profile', { handle: profile.handle })}>See all lists of {name}</Link>
              </p>
            </>
          )}
        </section>
      )}
      {list.locked && (
        <p className="alert list-page-trade" role="note">
          {name} shares this list with their trade customers only.{' '}
          <Link to={`${pagePath('profile', { handle: profile.handle })}#trade-access`}>{TRADE_MESSAGES.askForAccess}</Link>
        </p>
      )}
      {list.tradeOnly && !list.locked && (
        <p className="list-page-trade-badge">
          <span className="badge badge-trade">{TRADE_MESSAGES.tradeOnly}</span> You have access to this list.
        </p>
      )}
      <p className="muted list-page-changed">
        {/* The server's clock and time zone may differ from the browser's: its words stand until the next render. */}
        Last changed{' '}
        <time dateTime={new Date(changed).toISOString()} suppressHydrationWarning>
          {relativeTime(changed, Date.now())}
        </time>
        {/* When the file itself last changed where it lives (the link watcher, #29), as the cards say it. */}
        {list.fileChangedAt !== null && (
          <>
            {' · '}
            <time dateTime={new Date(list.fileChangedAt).toISOString()} suppressHydrationWarning>
              Updated {relativeTime(list.fileChangedAt, Date.now())}
            </time>
          </>
        )}
        {list.versions > 1 && ` · ${list.versions} versions`}
      </p>
      {!list.locked && <ListChanges handle={profile.handle} slug={list.slug} />}
      {list.description && <p className="list-page-description">{list.description}</p>}
      {/* A plain link: the server counts the open and sends the browser to the newest file. */}
      {!list.locked && (
        <a
          className="button button-primary list-page-open"
          href={listPaths.open(profile.handle, list.slug)}
          onClick={() => track('button_click', { label: 'list_open' })}
        >
          Open list
        </a>
      )}
      {!profile.isOwner && (
        <div className="list-page-follow">
          <p className="muted">Follow {name} to see their new lists in your Feed.</p>
          <FollowButton handle={profile.handle} name={name} following={following ?? profile.following} onChange={setFollowing} />
        </div>
      )}
    </main>
  );
}

/**
 * /{handle}/lists/{slug}: a list's own page, where its QR card and stable address lead (issue 31):
 * the business, the list's name and validity, when it last changed, **Open list** and Follow.
 * Rendered on the server as a visitor sees it; a signed-in viewer's copy mounts again with their
 * Follow state (docs/decisions/0108).
 */
export function ListPage() {
  const { handle = '', slug = '' } = useParams();
  const { auth } = useAuth();
  return <ListView key={`${auth.user?.id ?? 'visitor'}:${handle}/${slug}`} handle={handle} slug={slug} />;
}
