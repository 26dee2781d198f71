import type { ReactNode } from 'react';
import { RequireAuth } from '../../lib/require-auth';
import { type PageFetcher, useCursorPages } from '../../lib/use-cursor-pages';
import { ErrorAlert } from '../../ui/alert';
import { LoadMore } from '../../ui/load-more';

/** One person of the list: a follower may have no handle (shown by their choice, issue 32). */
interface Person {
  handle: string | null;
  displayName?: string | null;
  followedAt: number;
}

/** A signed-in page listing people page by page (followers, following), newest first, with 'Load more'. */
export function PeoplePage<P extends { nextCursor: string | null }, T extends Person>({
  title,
  fetchPage,
  people,
  empty,
  above,
  below,
  children,
}: {
  title: string;
  /** A page of the list (web/features/follows/api.ts). */
  fetchPage: PageFetcher<P>;
  people(page: P): T[];
  /** What an empty list says; a function may read the first page (null: the list is not empty after all). */
  empty: ReactNode | ((first: P) => string | null);
  /** Lines above and under the list, from the first page (followers: the counts). */
  above?(first: P): ReactNode;
  below?(first: P, shown: number): ReactNode;
  children(person: T): ReactNode;
}) {
  return (
    <RequireAuth>
      {() => (
        <main className="page">
          <h1>{title}</h1>
          <People fetchPage={fetchPage} people={people} empty={empty} above={above} below={below}>
            {children}
          </People>
        </main>
      )}
    </RequireAuth>
  );
}

function People<P extends { nextCursor: string | null }, T extends Person>({
  fetchPage,
  people,
  empty,
  above,
  below,
  children,
}: {
  /** A page of the list (web/features/follows/api.ts). */
  fetchPage: PageFetcher<P>;
  people(page: P): T[];
  empty: ReactNode | ((first: P) => string | null);
  above?(first: P): ReactNode;
  below?(first: P, shown: number): ReactNode;
  children(person: T): ReactNode;
}) {
  const list = useCursorPages(fetchPage, []);
  const all = list.pages.flatMap(people);
  const first = list.pages[0];
  if (list.status === 'loading') return <p className="page-status">Loading...</p>;
  const emptyText = first === undefined ? null : typeof empty === 'function' ? empty(first) : empty;
  return (
    <>
      <ErrorAlert message={list.error?.message} />
      {first && above?.(first)}
      {all.length === 0 && !list.error && emptyText && <p className="muted">{emptyText}</p>}
      <ul className="people-list">
        {all.map((person) => (
          <li key={`${person.handle ?? person.displayName}:${person.followedAt}`} className="person">
            {children(person)}
          </li>
        ))}
      </ul>
      {list.hasMore && <LoadMore busy={list.status === 'more'} onClick={list.loadMore} />}
      {first && below?.(first, all.length)}
    </>
  );
}
