import { useParams } from 'react-router';
import { listPaths } from '../../../core/list-text';
import { pagePath } from '../../../core/pages';
import { track } from '../../lib/analytics';
import { useApiGet } from '../../lib/use-api';
import { Link } from '../../ui/link';
import { ShareActions } from '../../ui/share-actions';
import { sharingApi } from './api';
import './sharing.css';

/**
 * /{handle}/lists/{slug}/card: a list's printable QR card as a page (issue 43: it opened as a bare
 * PNG in a new tab, and phones had no share sheet): the card, Download, Print, Copy link, and Share
 * where the browser has the Web Share API. The card leads to the list's own page.
 */
export function ListCardPage() {
  const { handle = '', slug = '' } = useParams();
  const { data, error, loading } = useApiGet(() => sharingApi.list(handle, slug), [handle, slug]);
  if (loading && !data) return <p className="page-status">Loading...</p>;
  if (error || !data) {
    return (
      <main className="page page-narrow center">
        <h1>{error?.message || 'This QR card cannot be shown right now'}</h1>
        <Link className="button button-primary" to={pagePath('explore')}>
          Explore businesses on Freshlist
        </Link>
      </main>
    );
  }
  const { profile, list } = data;
  const name = profile.displayName || `@${profile.handle}`;
  const listPage = pagePath('list', { handle: profile.handle, slug: list.slug });
  return (
    <main className="page page-narrow center list-card-page">
      <h1>QR card of {list.name}</h1>
      <p className="muted list-card-lead">Print it for your counter or delivery van: a scan opens the list's page.</p>
      <img
        className="list-card-image"
        src={listPaths.card(profile.handle, list.slug)}
        width={600}
        height={800}
        alt={`QR card of ${list.name} by ${name}: scan it to open the list on Freshlist`}
      />
      <div className="share-actions">
        <a
          className="button button-primary"
          href={listPaths.card(profile.handle, list.slug, true)}
          download
          onClick={() => track('feature_usage', { feature: 'list_qr_card_download' })}
        >
          Download
        </a>
      </div>
      <ShareActions
        url={`${window.location.origin}${listPage}`}
        title={`${list.name} · ${name}`}
        text={`The latest ${list.name} of ${name}, always up to date on Freshlist.`}
      />
      <p>
        <Link to={listPage}>Back to {list.name}</Link>
      </p>
    </main>
  );
}
