import { useEffect } from 'react';
import { useSearchParams } from 'react-router';
import { DIRECTORY_MESSAGES, directoryApiPath, explorePath, exploreSearchOf, exploreSearchParams } from '../../../core/directory';
import { pagePath } from '../../../core/pages';
import { track } from '../../lib/analytics';
import { useAuth } from '../../lib/auth';
import { useApiGet } from '../../lib/use-api';
import { Link } from '../../ui/link';
import { exploreApi } from './api';
import { DirectoryResult } from './directory-result';
import { type ExploreFilters, ExploreForm } from './explore-form';
import './explore.css';

/**
 * /explore (issue 15 §4): the public directory of every handle, searched and filtered by its
 * address. Shown as a visitor sees it until auth is known, as the server renders it
 * (docs/decisions/0108); a signed-in viewer's own Follow states come with the next answer.
 */
export function ExplorePage() {
  const { auth } = useAuth();
  const [params, setParams] = useSearchParams();
  const { page, ...filters }: ExploreFilters & { page: number } = exploreSearchOf(params);
  const viewer = auth.status === 'signed-in' ? auth.user.id : 'visitor';
  const query = { ...filters, page };
  const { data, error, loading } = useApiGet(
    () => exploreApi.search(query),
    [filters.q, filters.trade, filters.area, filters.deliversTo, filters.day, page, viewer],
    directoryApiPath(query),
  );

  // The seed's search event (spec 7), sent only after consent (track checks it); never the words.
  useEffect(() => {
    if (data && filters.q) track('search', { length: filters.q.length, results: data.entries.length });
  }, [data, filters.q]);

  const search = (next: ExploreFilters) => setParams(exploreSearchParams(next));

  const searching = Boolean(filters.q || filters.trade || filters.area || filters.deliversTo || filters.day);
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
          <div className="card explore-empty" role="status">
            <p>{searching ? DIRECTORY_MESSAGES.noResults : DIRECTORY_MESSAGES.empty}</p>
            {/* A real link: it works before the app loads, as the server renders this page. */}
            {searching && (
              <Link className="button" to={pagePath('explore')}>
                Clear filters
              </Link>
            )}
          </div>
        )}
        {data && data.entries.length > 0 && (
          <ol className="directory-list" aria-label={searching ? 'Search results' : 'Recently active'}>
            {data.entries.map((entry) => (
              // A new viewer's answer brings its own Follow states: each result starts afresh.
              <li key={`${viewer}:${entry.handle}:${entry.following}`}>
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
