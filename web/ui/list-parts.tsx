import { type ReactNode, useId, useState } from 'react';
import type { PublicPost } from '../../core/feed';
import type { ListVersionsPage } from '../../core/list';
import { earlierVersionsLabel, listPaths } from '../../core/list-text';
import { listsApi } from '../lib/lists-api';
import { useSiteOrigin } from '../lib/preloaded';
import { useCursorPages } from '../lib/use-cursor-pages';
import { CopyButton } from './copy-button';
import { LoadMore } from './load-more';
import { PostCard } from './post-card';

/**
 * A list's stable address (always its newest version) as a link, with a Copy button: what an owner
 * prints or sends once and never has to change (docs/decisions/0102).
 */
export function StableLink({ post }: { post: PublicPost }) {
  const path = listPaths.stable(post.handle, post.list.slug);
  const url = `${useSiteOrigin()}${path}`;
  return (
    <p className="stable-link">
      <span className="stable-link-label">Always the newest:</span>
      <a href={path} target="_blank" rel="noopener noreferrer">
        {url.replace(/^https?:\/\//, '')}
        <span className="visually-hidden"> (stable link to {post.list.name}, opens in a new tab)</span>
      </a>
      <CopyButton
        text={url}
        label="Copy"
        copiedLabel="Copied"
        confirmation="Stable link copied"
        className="button button-small"
        ariaLabel={`Copy the stable link of ${post.list.name}`}
      />
    </p>
  );
}

type Version = ListVersionsPage['posts'][number];

/**
 * "2 earlier versions", folded under a list's newest version; one tap loads them, newest first.
 * `actions` adds the owner's buttons to each one (the dashboard).
 */
export function EarlierVersions({
  post,
  actions,
  hidden,
}: {
  post: PublicPost;
  actions?: (version: Version) => ReactNode;
  /** A version not to show (one being deleted, with Undo offered). */
  hidden?: (version: Version) => boolean;
}) {
  const [open, setOpen] = useState(false);
  const regionId = useId();
  const earlier = post.list.versions - 1;
  const listId = post.list.id;
  const pages = useCursorPages(open ? (cursor) => listsApi.versions(listId, cursor) : null, [listId, open]);
  if (earlier < 1) return null;
  const versions = pages.pages.flatMap((p) => p.posts);
  const now = Date.now();
  return (
    <div className="earlier-versions">
      <button type="button" className="link-button" aria-expanded={open} aria-controls={regionId} onClick={() => setOpen(!open)}>
        {open ? 'Hide earlier versions' : earlierVersionsLabel(earlier)}
      </button>
      <div id={regionId} hidden={!open}>
        {open && pages.status === 'loading' && <p className="muted">Loading...</p>}
        {pages.error && (
          <p className="alert alert-error" role="alert">
            {pages.error.message}
          </p>
        )}
        <ul className="post-list" aria-label={`Earlier versions of ${post.list.name}`}>
          {versions.map((version) => (
            <li key={version.id} hidden={hidden?.(version)}>
              <PostCard post={version} now={now} showList={false}>
                {actions?.(version)}
              </PostCard>
            </li>
          ))}
        </ul>
        {pages.hasMore && <LoadMore busy={pages.status === 'more'} onClick={pages.loadMore} />}
      </div>
    </div>
  );
}
