import { useEffect, useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { changeSummary, hasChanges } from '../../../core/change-summary';
import { CONTENTS_TEXT } from '../../../core/list-contents';
import { changesApiPath, type ListCompare, type ListVersion } from '../../../core/list-contents-api';
import { listPaths } from '../../../core/list-text';
import { pagePath } from '../../../core/pages';
import { errorMessage } from '../../lib/api-client';
import { useAuth } from '../../lib/auth';
import { useCursorPages } from '../../lib/use-cursor-pages';
import { ConfirmButton } from '../../ui/confirm-button';
import { Link } from '../../ui/link';
import { LoadMore } from '../../ui/load-more';
import { contentsApi } from './api';
import { ChangesTable } from './changes-table';
import { seenLabel, versionSummary } from './version-text';
import './contents.css';

function VersionCard({
  version,
  handle,
  slug,
  own,
  onRemoved,
}: {
  version: ListVersion;
  handle: string;
  slug: string;
  own: boolean;
  onRemoved(): void;
}) {
  const [error, setError] = useState<string | null>(null);
  const shown = version.changes?.length ?? 0;
  const total = version.counts
    ? version.counts.up + version.counts.down + version.counts.added + version.counts.gone + version.counts.changed
    : 0;
  return (
    <section className="version-card card" aria-labelledby={`version-${version.versionId}`}>
      <h2 id={`version-${version.versionId}`} className="version-heading">
        {/* In the reader's own clock once hydrated; the server's render says its own. */}
        <time dateTime={new Date(version.seenAt).toISOString()} suppressHydrationWarning>
          {seenLabel(version.seenAt)}
        </time>
        <span className={`version-summary${version.state === 'unreadable' ? ' is-unreadable' : ''}`}>
          {versionSummary(version)}
        </span>
      </h2>
      {version.changes && version.changes.length > 0 && (
        <ChangesTable changes={version.changes} caption={`Changes seen ${seenLabel(version.seenAt)}`} />
      )}
      {total > shown && (
        <p className="muted">
          The {shown} largest of {total} changes are shown.
        </p>
      )}
      <div className="version-actions">
        {version.state === 'read' && (
          <Link to={pagePath('listVersion', { handle, slug, version: String(version.versionId) })}>See this version as text</Link>
        )}
        {own && (
          <ConfirmButton
            label="Remove this version"
            question="Remove this version for everyone?"
            confirmLabel="Yes, remove"
            onConfirm={async () => {
              try {
                await contentsApi.remove(handle, slug, version.versionId);
                onRemoved();
              } catch (err) {
                setError(errorMessage(err));
              }
            }}
          />
        )}
      </div>
      {error && (
        <p className="alert alert-error" role="alert">
          {error}
        </p>
      )}
    </section>
  );
}

/** Two versions of the list side by side: any two, in either order. */
function CompareForm({ handle, slug, versions }: { handle: string; slug: string; versions: ListVersion[] }) {
  const readable = versions.filter((v) => v.state === 'read');
  const [from, setFrom] = useState(String(readable.at(-1)?.versionId ?? ''));
  const [to, setTo] = useState(String(readable[0]?.versionId ?? ''));
  const [result, setResult] = useState<ListCompare | null>(null);
  const [error, setError] = useState<string | null>(null);
  if (readable.length < 2) return null;
  const option = (v: ListVersion) => (
    <option key={v.versionId} value={v.versionId} suppressHydrationWarning>
      {seenLabel(v.seenAt)}
    </option>
  );
  return (
    <section className="compare card" aria-labelledby="compare-heading">
      <h2 id="compare-heading">Compare two versions</h2>
      <form
        className="compare-form"
        onSubmit={async (event) => {
          event.preventDefault();
          setError(null);
          try {
            setResult(await contentsApi.compare(handle, slug, Number(from), Number(to)));
          } catch (err) {
            setError(errorMessage(err));
          }
        }}
      >
        <label>
          From
          <select value={from} onChange={(e) => setFrom(e.target.value)}>
            {readable.map(option)}
          </select>
        </label>
        <label>
          To
          <select value={to} onChange={(e) => setTo(e.target.value)}>
            {readable.map(option)}
          </select>
        </label>
        <button type="submit" className="button">
          Compare
        </button>
      </form>
      {error && (
        <p className="alert alert-error" role="alert">
          {error}
        </p>
      )}
      {result && (
        <div aria-live="polite">
          <p className="compare-summary">
            {seenLabel(result.from.seenAt)} → {seenLabel(result.to.seenAt)}:{' '}
            <strong>{hasChanges(result.counts) ? changeSummary(result.counts) : CONTENTS_TEXT.noChanges}</strong>
          </p>
          <ChangesTable changes={result.changes} caption="Changes between the two versions" />
        </div>
      )}
    </section>
  );
}

/**
 * /{handle}/lists/{slug}/changes: every version Freshlist read of the list, newest first, with what
 * changed. Rendered on the server as a visitor sees it (issue 43); a signed-in viewer's copy mounts
 * again with their own answer (their Remove, a trade-only list they may read), as the list page does.
 */
export function ListChangesPage() {
  const { handle = '', slug = '' } = useParams();
  const { auth } = useAuth();
  return <ListChanges key={`${auth.user?.id ?? 'visitor'}:${handle}/${slug}`} handle={handle} slug={slug} />;
}

function ListChanges({ handle, slug }: { handle: string; slug: string }) {
  const navigate = useNavigate();
  const [day, setDay] = useState('');
  // The two forms answer in the browser: without JavaScript (the server's page) they are left out.
  const [live, setLive] = useState(false);
  useEffect(() => setLive(true), []);
  const archive = useCursorPages(
    (cursor) => contentsApi.changes(handle, slug, cursor),
    [handle, slug],
    changesApiPath(handle, slug),
  );
  const first = archive.pages[0];
  const versions = archive.pages.flatMap((p) => p.versions);
  if (archive.status === 'loading') return <p className="page-status">Loading changes...</p>;
  if (!first) {
    return (
      <main className="page">
        <h1>What changed</h1>
        <p className="alert alert-error" role="alert">
          {archive.error?.message ?? CONTENTS_TEXT.listNotFound}
        </p>
        <Link to={pagePath('profile', { handle })}>@{handle}</Link>
      </main>
    );
  }
  const { list } = first;
  return (
    <main className="page contents-page">
      <p className="breadcrumbs">
        <Link to={pagePath('profile', { handle: list.handle })}>@{list.handle}</Link> ›{' '}
        <a href={listPaths.stable(list.handle, list.slug)}>{list.name}</a>
      </p>
      <h1>What changed in {list.name}</h1>
      {live && (
        <form
          className="as-of-form"
          onSubmit={(event) => {
            event.preventDefault();
            if (day) navigate(pagePath('listVersion', { handle: list.handle, slug: list.slug, version: day }));
          }}
        >
          <label>
            The list as of
            <input type="date" value={day} onChange={(e) => setDay(e.target.value)} required />
          </label>
          <button type="submit" className="button">
            Show
          </button>
        </form>
      )}
      {versions.length === 0 && <p className="muted">Freshlist has not read this list's file yet.</p>}
      {versions.map((version) => (
        <VersionCard
          key={version.versionId}
          version={version}
          handle={list.handle}
          slug={list.slug}
          own={list.own}
          onRemoved={() => window.location.reload()}
        />
      ))}
      {archive.hasMore && <LoadMore busy={archive.status === 'more'} onClick={archive.loadMore} />}
      {live && <CompareForm handle={list.handle} slug={list.slug} versions={versions} />}
    </main>
  );
}
