import { useId, useState } from 'react';
import { pagePath } from '../../core/pages';
import type { ListSummary } from '../lib/contents-api';
import { type FeedGroup, SHOWN_A_GROUP } from '../lib/feed-groups';
import { BusinessLogo } from './business-card';
import { ChangesLine } from './changes-line';
import { Link } from './link';
import { EarlierVersions } from './list-parts';
import { PostCard } from './post-card';
import './feed-group.css';

const listsWord = (n: number) => (n === 1 ? '1 list' : `${n} lists`);

/**
 * One business in the feed (issue 31): its logo and name once, its newest lists, and the rest of
 * them behind "Show N more lists from …", so a business that posts many lists does not fill the feed.
 * The feed shows two of each; the dashboard's preview one, under a smaller heading.
 */
export function FeedGroupView({
  group,
  now,
  summaryOf,
  shownFirst = SHOWN_A_GROUP,
  headingLevel = 2,
}: {
  group: FeedGroup;
  now: number;
  summaryOf(listId: number): ListSummary | undefined;
  shownFirst?: number;
  headingLevel?: 2 | 3;
}) {
  const [open, setOpen] = useState(false);
  const headingId = useId();
  const name = group.business?.displayName || `@${group.handle}`;
  const hidden = group.posts.length - shownFirst;
  const shown = open || hidden <= 0 ? group.posts : group.posts.slice(0, shownFirst);
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <section className="feed-group" aria-labelledby={headingId}>
      <header className="feed-group-header">
        <BusinessLogo logo={group.business?.logo ?? null} name={name} size="small" />
        <Heading id={headingId} className="feed-group-name">
          <Link to={pagePath('profile', { handle: group.handle })}>{name}</Link>
        </Heading>
        <span className="muted feed-group-count">{listsWord(group.posts.length)}</span>
      </header>
      <ul className="post-list">
        {shown.map((post) => (
          <li key={post.id}>
            <PostCard post={post} now={now}>
              <ChangesLine summary={summaryOf(post.list.id)} handle={post.handle} slug={post.list.slug} />
              <EarlierVersions post={post} />
            </PostCard>
          </li>
        ))}
      </ul>
      {hidden > 0 && (
        <button type="button" className="link-button feed-group-more" aria-expanded={open} onClick={() => setOpen(!open)}>
          {open ? `Show fewer lists from ${name}` : `Show ${listsWord(hidden).replace('list', 'more list')} from ${name}`}
        </button>
      )}
    </section>
  );
}
