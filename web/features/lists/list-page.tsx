import { lazy, Suspense, useCallback, useState } from 'react';
import { useParams, useSearchParams } from 'react-router';
import type { PublicDeliveryTerms } from '../../../core/delivery-terms';
import type { ListPage as ListPageData } from '../../../core/list-page';
import { isExpired, LIST_LABELS, LIST_TIMES, listPaths, localDate, shortDate, validityLabel } from '../../../core/list-text';
import { pagePath } from '../../../core/pages';
import { termsPath } from '../../../core/terms-path';
import { relativeTime } from '../../../core/time';
import { TRADE_LABELS } from '../../../core/trade-labels';
import { track } from '../../lib/analytics';
import { api } from '../../lib/api-client';
import { useAuth } from '../../lib/auth';
import { renderedPart } from '../../lib/rendered-part';
import { useApiGet } from '../../lib/use-api';
import { BusinessLogo } from '../../ui/business-card';
import { ChangesLine } from '../../ui/changes-line';
import { FollowButton } from '../../ui/follow-button';
import { Link } from '../../ui/link';
import { listPageApi } from './api';
import { PriceTableSlot } from './price-table-slot';
import './lists.css';

/** When the list last changed on Freshlist, and which: posted or edited (the file's own saves are said beside it). */
function lastChanged(list: ListPageData['list']): { at: number; words: (age: string) => string } {
  const edited = list.editedAt !== null && list.editedAt > list.postedAt;
  return edited ? { at: list.editedAt ?? 0, words: LIST_TIMES.edited } : { at: list.postedAt, words: LIST_TIMES.posted };
}

// Parts a visitor's first look at a priced list does not show, rendered on the server all the same (rendered-part.ts):
// the owner's Check now and what Freshlist could not read, the enquiry of a list without a price table, a gone list,
// a broken file, and the next delivery (which renders once mounted, so the server's part is empty).
const CheckNowButton = renderedPart(async () => (await import('../../ui/check-now-button')).CheckNowButton);
const OwnerReading = renderedPart(async () => (await import('./owner-reading')).OwnerReading);
const ListEnquiry = renderedPart(async () => (await import('./list-enquiry')).ListEnquiry);
const ListGone = renderedPart(async () => (await import('./list-gone')).ListGone);
const ListUnavailable = renderedPart(async () => (await import('./list-unavailable')).ListUnavailable);
const NextDelivery = renderedPart(async () => (await import('../../ui/next-delivery')).NextDelivery);

// Back from signing in to follow (issue 43): loaded only when the address asks for it.
const FollowOnReturn = lazy(async () => ({ default: (await import('../../ui/follow-question')).FollowOnReturn }));

/** Follow on the list's page: a visitor signs in and comes back here, followed (issue 43: they landed on the profile). */
function ListFollow({ profile, name, address }: { profile: ListPageData['profile']; name: string; address: string }) {
  const { auth } = useAuth();
  const [params] = useSearchParams();
  const [returned] = useState(() => params.get('followAfterLogin') === 'true');
  const [following, setFollowing] = useState<boolean | null>(null);
  const follow = useCallback(
    (handle: string) =>
      import('../../lib/follows-api')
        .then(({ followsApi }) => followsApi.follow(handle))
        .then(
          (state) => setFollowing(state.following),
          () => undefined,
        ),
    [],
  );
  const shown = following ?? profile.following;
  return (
    <div className="list-page-follow">
      <p className="muted">Follow {name} to see their new lists in your Feed.</p>
      <FollowButton handle={profile.handle} name={name} following={shown} onChange={setFollowing} returnTo={address} />
      {returned && auth.status === 'signed-in' && (
        <Suspense fallback={null}>
          <FollowOnReturn handle={profile.handle} name={name} isOwner={profile.isOwner} following={shown} follow={follow} />
        </Suspense>
      )}
    </div>
  );
}

/** What changed in the file, read by Freshlist (issue 30): one line that opens the details, in the page's own data (issue 43: without JavaScript too). */
function ListChanges({ handle, slug, summary }: { handle: string; slug: string; summary: ListPageData['list']['changes'] }) {
  if (!summary) return null;
  return (
    <div className="list-page-changes">
      <ChangesLine summary={summary} handle={handle} slug={slug} />
      <Link to={pagePath('listChanges', { handle, slug })}>Every version</Link>
    </div>
  );
}

/** When the business next delivers and until when to order (issue 40 §1); nothing without terms. */
function ListDelivery({ handle }: { handle: string }) {
  const { data } = useApiGet(
    () => api.get<{ terms: PublicDeliveryTerms | null }>(termsPath(handle)),
    [handle],
    termsPath(handle),
  );
  return data?.terms ? (
    <Suspense fallback={null}>
      <NextDelivery terms={data.terms} className="list-page-delivery" />
    </Suspense>
  ) : null;
}

function ListView({ handle, slug }: { handle: string; slug: string }) {
  const { data, error, loading } = useApiGet(() => listPageApi.page(handle, slug), [handle, slug], listPaths.page(handle, slug));
  if (loading && !data) return <p className="page-status">Loading...</p>;
  if (error || !data) {
    return (
      <Suspense fallback={null}>
        <ListGone handle={handle} message={error?.message ?? ''} status={error?.status} />
      </Suspense>
    );
  }

  const { profile, list } = data;
  const name = profile.displayName || `@${profile.handle}`;
  const today = localDate();
  const expired = isExpired(list.validUntil, today);
  const validity = validityLabel(list.validFrom, list.validUntil, today);
  const changed = lastChanged(list);
  return (
    <main className={`page ${list.prices?.table ? 'list-page-wide' : 'page-narrow'} list-page`}>
      <header className="list-page-business">
        <BusinessLogo logo={profile.business.logo} name={name} />
        <p>
          <Link className="list-page-business-name" to={pagePath('profile', { handle: profile.handle })}>
            {name}
          </Link>{' '}
          <span className="muted handle-whole">@{profile.handle}</span>
        </p>
      </header>
      <h1 className="list-page-name">{list.name}</h1>
      {expired && list.validUntil && (
        <p className="alert alert-error list-page-expired" role="note">
          <strong>{LIST_LABELS.expired}</strong>: this list was valid until {shortDate(list.validUntil, today)}.{' '}
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
      {!list.locked && <ListDelivery handle={profile.handle} />}
      {list.unavailable && (
        <Suspense fallback={null}>
          <ListUnavailable profile={profile} name={name} reason={list.unavailable} />
        </Suspense>
      )}
      {list.locked && (
        <p className="alert list-page-trade" role="note">
          {name} shares this list with their trade customers only.{' '}
          <Link to={`${pagePath('profile', { handle: profile.handle })}#trade-access`}>{TRADE_LABELS.askForAccess}</Link>
        </p>
      )}
      {list.tradeOnly && !list.locked && (
        <p className="list-page-trade-badge">
          <span className="badge badge-trade">{TRADE_LABELS.tradeOnly}</span> You have access to this list.
        </p>
      )}
      <p className="muted list-page-changed">
        {/* The server's clock and time zone may differ from the browser's: its words stand until the next render. */}
        <time dateTime={new Date(changed.at).toISOString()} suppressHydrationWarning>
          {changed.words(relativeTime(changed.at, Date.now()))}
        </time>
        {/* When the file itself was last saved where it lives (the link watcher, #29), as the cards say it. */}
        {list.fileChangedAt !== null && (
          <>
            {' · '}
            <time dateTime={new Date(list.fileChangedAt).toISOString()} suppressHydrationWarning>
              {LIST_TIMES.fileSaved(relativeTime(list.fileChangedAt, Date.now()))}
            </time>
          </>
        )}
        {list.versions > 1 && ` · ${list.versions} versions`}
      </p>
      {!list.locked && <ListChanges handle={profile.handle} slug={list.slug} summary={list.changes} />}
      {list.description && <p className="list-page-description">{list.description}</p>}
      {list.prices && profile.isOwner && (
        <Suspense fallback={null}>
          <OwnerReading prices={list.prices} />
        </Suspense>
      )}
      {/* The owner who just saved the file need not wait for the watcher (issue 41). */}
      {profile.isOwner && (
        <Suspense fallback={null}>
          <CheckNowButton listId={list.id} listName={list.name} />
        </Suspense>
      )}
      {list.prices?.table && (
        <PriceTableSlot
          handle={profile.handle}
          slug={list.slug}
          prices={list.prices}
          fileUnavailable={list.unavailable !== null}
          title={`${name} · ${list.name}`}
          ordering={!profile.isOwner}
        />
      )}
      {!profile.isOwner && !list.locked && !list.prices?.table && (
        <Suspense fallback={null}>
          <ListEnquiry
            handle={profile.handle}
            slug={list.slug}
            name={name}
            here={pagePath('list', { handle: profile.handle, slug: list.slug })}
          />
        </Suspense>
      )}
      {/* A plain link: the server counts the open and sends the browser to the newest file. */}
      {!list.locked && (
        <a
          className={`button ${list.prices?.table ? 'list-page-original' : 'button-primary list-page-open'}`}
          href={listPaths.open(profile.handle, list.slug)}
          onClick={() => track('button_click', { label: 'list_open' })}
        >
          {/* With the prices on the page, the file is the second way to read them (issue 39). */}
          {list.prices?.table ? LIST_LABELS.openOriginal : 'Open list'}
        </a>
      )}
      {!profile.isOwner && (
        <ListFollow profile={profile} name={name} address={pagePath('list', { handle: profile.handle, slug: list.slug })} />
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
