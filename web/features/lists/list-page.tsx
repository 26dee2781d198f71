import { lazy, Suspense, useCallback, useState } from 'react';
import { useParams, useSearchParams } from 'react-router';
import type { PublicDeliveryTerms } from '../../../core/delivery-terms';
import { UNAVAILABLE_REASONS } from '../../../core/link-check-text';
import { LINK_HEALTH_TEXTS } from '../../../core/link-health-text';
import { CONTENTS_TEXT } from '../../../core/list-contents';
import { LIST_MESSAGES } from '../../../core/list-messages';
import type { ListPage as ListPageData } from '../../../core/list-page';
import { isExpired, LIST_TIMES, listPaths, localDate, shortDate, validityLabel } from '../../../core/list-text';
import { pagePath } from '../../../core/pages';
import type { ListPrices } from '../../../core/price-table';
import { PRICE_TEXT } from '../../../core/price-table-text';
import { termsPath } from '../../../core/terms-path';
import { relativeTime } from '../../../core/time';
import { TRADE_MESSAGES } from '../../../core/trade-text';
import { track } from '../../lib/analytics';
import { api } from '../../lib/api-client';
import { useAuth } from '../../lib/auth';
import { followsApi } from '../../lib/follows-api';
import { renderedPart } from '../../lib/rendered-part';
import { useApiGet } from '../../lib/use-api';
import { BusinessLogo, ContactLinks } from '../../ui/business-card';
import { ChangesLine } from '../../ui/changes-line';
import { FollowButton } from '../../ui/follow-button';
import { Link } from '../../ui/link';
import { NextDelivery } from '../../ui/next-delivery';
import { listPageApi } from './api';
import { PriceTable } from './price-table';
import './lists.css';

/** When the list last changed on Freshlist, and which: posted or edited (the file's own saves are said beside it). */
function lastChanged(list: ListPageData['list']): { at: number; words: (age: string) => string } {
  const edited = list.editedAt !== null && list.editedAt > list.postedAt;
  return edited ? { at: list.editedAt ?? 0, words: LIST_TIMES.edited } : { at: list.postedAt, words: LIST_TIMES.posted };
}

// Parts a visitor's first look at a priced list does not show, rendered on the server all the same (rendered-part.ts):
// the owner's Check now, the enquiry of a list without a price table.
const CheckNowButton = renderedPart(async () => (await import('../../ui/check-now-button')).CheckNowButton);
const ListEnquiry = renderedPart(async () => (await import('./list-enquiry')).ListEnquiry);

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
      followsApi.follow(handle).then(
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
  return data?.terms ? <NextDelivery terms={data.terms} className="list-page-delivery" /> : null;
}

/** What the owner may want to fix in their file (issue 39): it could not be read, or some rows could not. */
function OwnerReading({ prices }: { prices: ListPrices }) {
  return (
    <>
      {prices.unreadable && (
        <section className="alert alert-warning list-page-unreadable" aria-label={CONTENTS_TEXT.unreadable}>
          <h2>{CONTENTS_TEXT.unreadable}</h2>
          <p>{CONTENTS_TEXT.reasons[prices.unreadable]}</p>
          {prices.table && <p>The prices below are from the last version Freshlist could read.</p>}
        </section>
      )}
      {prices.unread && prices.unread.count > 0 && (
        <details className="list-page-unread">
          <summary>{PRICE_TEXT.unread(prices.unread.count)}</summary>
          <p>{PRICE_TEXT.unreadHelp}</p>
          <ul>
            {[...new Set(prices.unread.examples)].map((raw) => (
              <li key={raw}>
                <code>{raw}</code>
              </li>
            ))}
          </ul>
        </details>
      )}
    </>
  );
}

function ListView({ handle, slug }: { handle: string; slug: string }) {
  const { data, error, loading } = useApiGet(() => listPageApi.page(handle, slug), [handle, slug], listPaths.page(handle, slug));
  if (loading && !data) return <p className="page-status">Loading...</p>;
  if (error || !data) return <Gone handle={handle} message={error?.message ?? ''} status={error?.status} />;

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
      {!list.locked && <ListDelivery handle={profile.handle} />}
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
      {list.prices && profile.isOwner && <OwnerReading prices={list.prices} />}
      {/* The owner who just saved the file need not wait for the watcher (issue 41). */}
      {profile.isOwner && (
        <Suspense fallback={null}>
          <CheckNowButton listId={list.id} listName={list.name} />
        </Suspense>
      )}
      {list.prices?.table && (
        <PriceTable
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
          {list.prices?.table ? PRICE_TEXT.openOriginal : 'Open list'}
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
