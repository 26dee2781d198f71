import { useState } from 'react';
import { pagePath } from '../../../core/pages';
import { contentsSummariesApi } from '../../lib/contents-api';
import { useApiGet } from '../../lib/use-api';
import { useCursorPages } from '../../lib/use-cursor-pages';
import { ChangesLine } from '../../ui/changes-line';
import { Link } from '../../ui/link';
import { EarlierVersions, StableLink } from '../../ui/list-parts';
import { LoadMore } from '../../ui/load-more';
import { PostCard } from '../../ui/post-card';
import { dashboardApi } from './api';
import { OwnerActions } from './owner-actions';
import { DeletedNotice, usePendingDelete } from './pending-delete';

const opened = (n: number) => (n === 1 ? 'Opened once from Freshlist' : `Opened ${n} times from Freshlist`);

/**
 * The owner's lists, each by its newest version: how often it was opened from Freshlist (a count,
 * no visitor identity), its stable link with a Copy button, and the owner's actions on every version.
 */
export function YourLists() {
  // Bumped after an edit or a removal: the lists load again, as the server now has them.
  const [generation, setGeneration] = useState(0);
  const reload = () => setGeneration((g) => g + 1);
  const list = useCursorPages((cursor) => dashboardApi.myPosts(cursor), [generation]);
  const deleting = usePendingDelete(reload);
  const gone = deleting.pending?.post.id;
  const posts = list.pages.flatMap((p) => p.posts);
  const listIds = posts.map((post) => post.list.id);
  // What Freshlist read of each list's file: the owner sees when it can't, and why (issue 39).
  const summaries = useApiGet(listIds.length ? () => contentsSummariesApi.of(listIds) : null, [listIds.join(',')]);
  const now = Date.now();
  return (
    <section aria-labelledby="your-lists-heading">
      <h2 id="your-lists-heading">Your lists</h2>
      {list.status === 'loading' && <p className="muted">Loading...</p>}
      {list.error && (
        <p className="alert alert-error" role="alert">
          {list.error.message}
        </p>
      )}
      <DeletedNotice pending={deleting.pending} error={deleting.error} onUndo={deleting.undo} />
      {list.status !== 'loading' && posts.length === 0 && !list.error && (
        <p className="muted">
          You haven't shared a list yet. <Link to={pagePath('upload')}>Upload a new list</Link>
        </p>
      )}
      <ul className="post-list">
        {posts.map((post) => (
          // A change remounts the cards, so an unfolded list shows its versions as they are now.
          <li key={`${post.id}:${generation}`} hidden={post.id === gone}>
            <PostCard post={post} now={now}>
              <p className="post-card-stat">{opened(post.openCount)}</p>
              <ChangesLine summary={summaries.data?.get(post.list.id)} handle={post.handle} slug={post.list.slug} showReason />
              <StableLink post={post} />
              <OwnerActions post={post} newest onChanged={reload} onDelete={deleting.start} />
              <EarlierVersions
                post={post}
                hidden={(version) => version.id === gone}
                actions={(version) => (
                  <>
                    {version.openCount !== undefined && <p className="post-card-stat">{opened(version.openCount)}</p>}
                    <OwnerActions post={version} newest={false} onChanged={reload} onDelete={deleting.start} />
                  </>
                )}
              />
            </PostCard>
          </li>
        ))}
      </ul>
      {list.hasMore && <LoadMore busy={list.status === 'more'} onClick={list.loadMore} />}
    </section>
  );
}
