import type { ReactNode } from 'react';
import { RequireAuth } from '../../lib/require-auth';
import { type PageFetcher, useCursorPages } from '../../lib/use-cursor-pages';
import { ErrorAlert } from '../../ui/alert';
import { LoadMore } from '../../ui/load-more';

/** A signed-in page listing people page by page (followers, following), newest first, with 'Load more'. */
export function PeoplePage<P extends { nextCursor: string | null }, T extends { handle: string }>({
  title,
  fetchPage,
  people,
  empty,
  children,
}: {
  title: string;
  /** A page of the list (web/features/follows/api.ts). */
  fetchPage: PageFetcher<P>;
  people(page: P): T[];
  empty: string;
  children(person: T): ReactNode;
}) {
  return (
    <RequireAuth>
      {() => (
        <main className="page">
          <h1>{title}</h1>
          <People fetchPage={fetchPage} people={people} empty={empty}>
            {children}
          </People>
        </main>
      )}
    </RequireAuth>
  );
}

function People<P extends { nextCursor: string | null }, T extends { handle: string }>({
  fetchPage,
  people,
  empty,
  children,
}: {
  /** A page of the list (web/features/follows/api.ts). */
  fetchPage: PageFetcher<P>;
  people(page: P): T[];
  empty: string;
  children(person: T): ReactNode;
}) {
  const list = useCursorPages(fetchPage, []);
  const all = list.pages.flatMap(people);
  if (list.status === 'loading') return <p className="page-status">Loading...</p>;
  return (
    <>
      <ErrorAlert message={list.error?.message} />
      {all.length === 0 && !list.error && <p className="muted">{empty}</p>}
      <ul className="people-list">
        {all.map((person) => (
          <li key={person.handle} className="person">
            {children(person)}
          </li>
        ))}
      </ul>
      {list.hasMore && <LoadMore busy={list.status === 'more'} onClick={list.loadMore} />}
    </>
  );
}
