import { useParams } from 'react-router';
import { CONTENTS_TEXT } from '../../../core/list-contents';
import type { ListVersionText } from '../../../core/list-contents-api';
import { formatPrice } from '../../../core/list-price';
import { pagePath } from '../../../core/pages';
import { useApiGet } from '../../lib/use-api';
import { Link } from '../../ui/link';
import { contentsApi } from './api';
import { seenLabel, versionSummary } from './version-text';
import './contents.css';

type Line = ListVersionText['lines'][number];

/** Lines grouped by the sheet or page they are on, in order. */
function byPlace(lines: Line[]): { place: string | undefined; lines: Line[] }[] {
  const groups: { place: string | undefined; lines: Line[] }[] = [];
  for (const line of lines) {
    const last = groups.at(-1);
    if (last && last.place === line.where) last.lines.push(line);
    else groups.push({ place: line.where, lines: [line] });
  }
  return groups;
}

/** /{handle}/lists/{slug}/versions/{id or YYYY-MM-DD}: one version of the list as text. */
export function ListVersionPage() {
  const { handle = '', slug = '', version = '' } = useParams();
  const { data, error, loading } = useApiGet(() => contentsApi.version(handle, slug, version), [handle, slug, version]);
  const changesPath = pagePath('listChanges', { handle, slug });
  if (loading) return <p className="page-status">Loading version...</p>;
  if (!data) {
    return (
      <main className="page">
        <h1>Earlier version</h1>
        <p className="alert alert-error" role="alert">
          {error?.message ?? CONTENTS_TEXT.versionGone}
        </p>
        <Link to={changesPath}>See every version</Link>
      </main>
    );
  }
  const { list, version: shown, lines } = data;
  return (
    <main className="page contents-page">
      <p className="breadcrumbs">
        <Link to={pagePath('profile', { handle: list.handle })}>@{list.handle}</Link> › <Link to={changesPath}>What changed</Link>
      </p>
      <h1>
        {list.name} as of <time dateTime={new Date(shown.seenAt).toISOString()}>{seenLabel(shown.seenAt)}</time>
      </h1>
      <p className="muted">
        Seen first {seenLabel(shown.seenAt)}, last {seenLabel(shown.checkedAt)} · {versionSummary(shown)}
      </p>
      {byPlace(lines).map((group, g) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: groups are in the file's order and never move.
        <section key={g} className="version-lines card" aria-label={group.place ?? list.name}>
          {group.place && <h2>{group.place}</h2>}
          <ol>
            {group.lines.map((line, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: a version's lines are fixed.
              <li key={i} className={line.item ? 'is-item' : undefined}>
                <span className="line-raw">{line.raw}</span>
                {line.item && line.price !== undefined && (
                  <span className="line-price">
                    {formatPrice({ amount: line.price, currency: line.currency, unit: line.unit })}
                  </span>
                )}
              </li>
            ))}
          </ol>
        </section>
      ))}
    </main>
  );
}
