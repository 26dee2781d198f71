import { useEffect } from 'react';
import { Link, useSearchParams } from 'react-router';
import { DIRECTORY_MAX_PAGE, DIRECTORY_MESSAGES, explorePath, exploreSearchParams } from '../../../core/directory';
import { track } from '../../lib/analytics';
import { useAuth } from '../../lib/auth';
import { useApiGet } from '../../lib/use-api';
import { exploreApi } from './api';
import { DirectoryResult } from './directory-result';
import { type ExploreFilters, ExploreForm } from './explore-form';
import './explore.css';

/** The page number of the address; anything else is page 1 (the server refuses it otherwise). */
function pageOf(raw: string | null): number {
  const n = Number(raw ?? '1');
  return Number.isInteger(n) && n >= 1 && n <= DIRECTORY_MAX_PAGE ? n : 1;
}

/** /explore (issue 15 §4): the public directory of every handle, searched and filtered by its address. */
export function ExplorePage() {
  const { auth } = useAuth();
  const [params, setParams] = useSearchParams();
  const filters: ExploreFilters = { q: params.get('q') ?? '', trade: params.get('trade') ?? '', area: params.get('area') ?? '' };
  const page = pageOf(params.get('page'));
  const viewer = auth.status === 'signed-in' ? auth.user.id : auth.status;
  const { data, error, loading } = useApiGet(auth.status === 'loading' ? null : () => exploreApi.search({ ...filters, page }), [
    filters.q,
    filters.trade,
    filters.area,
    page,
    viewer,
  ]);

  // The seed's search event (spec 7), sent only after consent (track checks it); never the words.
  useEffect(() => {
    if (data && filters.q) track('search', { length: filters.q.length, results: data.entries.length });
  }, [data, filters.q]);

  const search = (next: ExploreFilters) => setParams(exploreSearchParams(next));

  const searching = Boolean(filters.q || filters.trade || filters.area);
  const now = Date.now();
  return (
    <main className="page explore">
      <h1>Explore</h1>
      <p className="lead">Find suppliers and restaurants, see their latest lists and follow them.</p>
      <ExploreForm filters={filters} onSearch={search} />

      <section aria-labelledby="results-heading" aria-busy={loading}>
        <h2 id="results-heading" className="visually-hidden">
          {searching ? 'Search results' : 'Recently active'}
        </h2>
        {!searching && data && data.entries.length > 0 && page === 1 && <p className="muted">Recently active on Freshlist</p>}
        {error && (
          <p className="alert alert-error" role="alert">
            {error.message}
          </p>
        )}
        {loading && !data && <p className="muted">Loading...</p>}
        {data && data.entries.length === 0 && (
          <p className="card explore-empty" role="status">
            {searching ? DIRECTORY_MESSAGES.noResults : DIRECTORY_MESSAGES.empty}
          </p>
        )}
        {data && data.entries.length > 0 && (
          <ol className="directory-list" aria-label={searching ? 'Search results' : 'Recently active'}>
            {data.entries.map((entry) => (
              <li key={entry.handle}>
                <DirectoryResult entry={entry} now={now} />
              </li>
            ))}
          </ol>
        )}
        {data && (data.page > 1 || data.nextPage) && (
          <nav className="pager" aria-label="Pages">
            {data.page > 1 ? (
              <Link rel="prev" to={explorePath({ ...filters, page: data.page - 1 })}>
                ← Previous
              </Link>
            ) : (
              <span />
            )}
            <span className="muted">Page {data.page}</span>
            {data.nextPage ? (
              <Link rel="next" to={explorePath({ ...filters, page: data.nextPage })}>
                Next →
              </Link>
            ) : (
              <span />
            )}
          </nav>
        )}
      </section>
    </main>
  );
}
