import { type ReactNode, useEffect, useRef, useState } from 'react';
import type { PublicPost } from '../../core/feed';
import { LINK_HEALTH_TEXTS } from '../../core/link-health-text';
import { defaultListName, isExpired, LIST_LABELS, LIST_TIMES, localDate, validityLabel } from '../../core/list-text';
import { pagePath } from '../../core/pages';
import { postOpenPath } from '../../core/post-text';
import { relativeTime } from '../../core/time';
import { TRADE_LABELS } from '../../core/trade-labels';
import { readConsent, track } from '../lib/analytics';
import { useAuth } from '../lib/auth';
import { Link } from './link';

/** A post's full date and time for its tooltip: one formatter, as making one per card is slow. */
const FULL_TIME = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/** The host a link points at, shown so people know where 'go to page' takes them. */
function hostOf(url: string): string {
  try {
    return new URL(url).hostname.replace(/^www\./, '');
  } catch {
    return '';
  }
}

interface PostCardProps {
  post: PublicPost;
  /** The clock the relative age is measured against (tests and lists pass one). */
  now?: number;
  /** Extra lines under the card: the owner's open count, a list's stable address, earlier versions. */
  children?: ReactNode;
  /** False for a made-up example post: it is no upload, so it is not counted as viewed. */
  counted?: boolean;
  /** False for an earlier version shown under its list: the list is named already. */
  showList?: boolean;
}

/** The list's name when it says more than the description, and whether this is a new version of it. */
function ListLine({ post }: { post: PublicPost }) {
  const { list } = post;
  const newVersion = list.versions > 1;
  if (!newVersion && list.name === defaultListName(post.description)) return null;
  return (
    <p className="post-card-list">
      <span className="post-card-list-name">{list.name}</span>
      {newVersion && <span className="post-card-list-version"> · {LIST_LABELS.newVersion}</span>}
    </p>
  );
}

/** When the list's file itself was last saved (the link watcher, #29): beside the date it was posted. */
function FileUpdated({ post, now }: { post: PublicPost; now: number }) {
  if (post.fileChangedAt === null) return null;
  const changed = new Date(post.fileChangedAt);
  return (
    <span className="post-card-updated">
      {' · '}
      <time dateTime={changed.toISOString()} title={FULL_TIME.format(changed)} suppressHydrationWarning>
        {LIST_TIMES.fileSaved(relativeTime(post.fileChangedAt, now))}
      </time>
    </span>
  );
}

/** The watcher finds the file private, gone or out of reach for a day: said before anyone taps through. */
function Unavailable({ post }: { post: PublicPost }) {
  if (!post.unavailable) return null;
  return <p className="post-card-unavailable">{LINK_HEALTH_TEXTS.unavailable}</p>;
}

/** 'Valid until 31 Oct' and, after that day (the viewer's own calendar), an 'Expired' mark. */
function Validity({ post }: { post: PublicPost }) {
  const today = localDate();
  const label = validityLabel(post.validFrom, post.validUntil, today);
  if (!label) return null;
  return (
    <p className="post-card-validity">
      {label}
      {isExpired(post.validUntil, today) && <span className="badge badge-expired">{LIST_LABELS.expired}</span>}
    </p>
  );
}

/**
 * Records upload_viewed once, when at least half the card has been on screen (after consent only),
 * and not before the viewer is known: a server-rendered page mounts again for a signed-in viewer.
 */
function useViewedOnce(postId: number, counted: boolean) {
  const ref = useRef<HTMLElement>(null);
  const viewerKnown = useAuth().auth.status !== 'loading';
  useEffect(() => {
    const card = ref.current;
    if (!counted || !viewerKnown || !card || readConsent() !== 'accepted' || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (!entries.some((entry) => entry.isIntersecting)) return;
        track('upload_viewed', { postId: String(postId) });
        observer.disconnect();
      },
      { threshold: 0.5 },
    );
    observer.observe(card);
    return () => observer.disconnect();
  }, [postId, counted, viewerKnown]);
  return ref;
}

/** Where a person without access asks for it: the ask panel on the supplier's profile. */
export const askForAccessPath = (handle: string) => `${pagePath('profile', { handle })}#trade-access`;

/** A trade-only list the viewer may not read: its name, the business, and the way to ask (docs/decisions/0180). */
function LockedCard({ post, now }: { post: PublicPost; now: number }) {
  const created = new Date(post.createdAt);
  return (
    <article className="post-card post-card-locked">
      <header className="post-card-header">
        <Link className="post-card-handle" to={pagePath('profile', { handle: post.handle })}>
          @{post.handle}
        </Link>
        <span className="post-card-age">
          <time dateTime={created.toISOString()} title={FULL_TIME.format(created)} suppressHydrationWarning>
            {LIST_TIMES.posted(relativeTime(post.createdAt, now))}
          </time>
          <FileUpdated post={post} now={now} />
        </span>
      </header>
      <Unavailable post={post} />
      <p className="post-card-list">
        <span className="post-card-list-name">{post.list.name}</span>{' '}
        <span className="badge badge-trade">{TRADE_LABELS.tradeOnly}</span>
      </p>
      <div className="post-card-footer">
        {/* A plain link: on the profile the browser goes to the panel, from elsewhere the profile opens at it. */}
        <a className="button button-small" href={askForAccessPath(post.handle)}>
          {TRADE_LABELS.askForAccess}
        </a>
      </div>
    </article>
  );
}

/**
 * A post everywhere it appears: @handle, the description clamped to 2 lines (tap to expand), its
 * age, and 'go to page', which opens in a new tab through the server's counted redirect. A
 * trade-only list the viewer may not read shows only that it exists.
 */
export function PostCard(props: PostCardProps) {
  if (props.post.locked) return <LockedCard post={props.post} now={props.now ?? Date.now()} />;
  return <OpenCard {...props} />;
}

function OpenCard({ post, now = Date.now(), children, counted = true, showList = true }: PostCardProps) {
  const [expanded, setExpanded] = useState(false);
  const ref = useViewedOnce(post.id, counted);
  const created = new Date(post.createdAt);
  const host = hostOf(post.url);
  return (
    <article className="post-card" ref={ref}>
      <header className="post-card-header">
        <Link className="post-card-handle" to={pagePath('profile', { handle: post.handle })}>
          @{post.handle}
        </Link>
        <span className="post-card-age">
          {/* The server's clock and time zone may differ from the browser's: its age and title stand until the next render. */}
          <time dateTime={created.toISOString()} title={FULL_TIME.format(created)} suppressHydrationWarning>
            {LIST_TIMES.posted(relativeTime(post.createdAt, now))}
          </time>
          {post.editedAt !== null && <span className="post-card-edited"> · {LIST_LABELS.edited}</span>}
          <FileUpdated post={post} now={now} />
        </span>
      </header>
      <Unavailable post={post} />
      {showList && <ListLine post={post} />}
      {post.list.audience === 'trade' && (
        <p className="post-card-trade">
          <span className="badge badge-trade">{TRADE_LABELS.tradeOnly}</span>
        </p>
      )}
      {post.description && (
        <button
          type="button"
          className={`post-card-description${expanded ? ' is-expanded' : ''}`}
          aria-expanded={expanded}
          onClick={() => setExpanded((open) => !open)}
        >
          {post.description}
        </button>
      )}
      <div className="post-card-footer">
        <a
          className="button button-small post-card-open"
          href={postOpenPath(post.id)}
          target="_blank"
          rel="noopener noreferrer"
          onClick={() => track('link_clicked', { postId: String(post.id), handle: post.handle })}
        >
          Go to page<span className="visually-hidden"> (opens in a new tab)</span>
          <span aria-hidden="true"> ↗</span>
        </a>
        {host && <span className="post-card-host">{host}</span>}
      </div>
      <Validity post={post} />
      {children}
    </article>
  );
}
