import { useApiGet } from '../../lib/use-api';
import { AdminPage } from './admin-page';
import { adminApi } from './api';
import './admin.css';
import '../../ui/admin-area.css';

function IndexCheck() {
  const result = useApiGet(() => adminApi.indexCheck(), []);
  return (
    <>
      <button type="button" className="button" onClick={result.reload} disabled={result.loading}>
        {result.loading ? 'Checking...' : 'Run again'}
      </button>
      {result.error && (
        <p className="alert alert-error" role="alert">
          {result.error.message}
        </p>
      )}
      <div aria-live="polite" aria-busy={result.loading}>
        {result.data && (
          <>
            <p className="muted">
              Database: {result.data.database === 'postgres' ? 'PostgreSQL' : 'PGlite (embedded PostgreSQL)'}.{' '}
              {result.data.checks.filter((c) => c.pass).length} of {result.data.checks.length} queries pass.
            </p>
            <ul className="admin-list">
              {result.data.checks.map((check) => (
                <li key={check.name} className={`admin-item index-check ${check.pass ? 'is-pass' : 'is-fail'}`}>
                  <div className="admin-item-main">
                    <h2 className="index-check-name">
                      <span className={`badge ${check.pass ? 'badge-approved' : 'badge-fail'}`}>
                        {check.pass ? 'PASS' : 'FAIL'}
                      </span>{' '}
                      {check.name}
                    </h2>
                    <p>{check.reason}</p>
                    <pre className="index-check-query">
                      <code>{check.query}</code>
                    </pre>
                  </div>
                </li>
              ))}
            </ul>
          </>
        )}
      </div>
    </>
  );
}

export function IndexCheckPage() {
  return (
    <AdminPage
      title="Test upload indexes"
      intro="Asks the database's query planner whether an index serves each of the three upload queries (sequential scans and sorts priced out, so the answer does not depend on how many posts exist today)."
    >
      {() => <IndexCheck />}
    </AdminPage>
  );
}
