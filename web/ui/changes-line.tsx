import { changeSummary, hasChanges } from '../../core/change-summary';
import { CONTENTS_TEXT } from '../../core/list-contents';
import { pagePath } from '../../core/pages';
import type { ListSummary } from '../lib/contents-api';
import { Link } from './link';
import './changes-line.css';

/**
 * A card's one line about what changed in its list's file: "2 prices up, 1 new item", or that
 * Freshlist can't read the file. Both open the details. Nothing when nothing was read or changed.
 */
export function ChangesLine({
  summary,
  handle,
  slug,
  showReason = false,
}: {
  summary: Omit<ListSummary, 'listId'> | null | undefined;
  handle: string;
  slug: string;
  /** The owner's card says why the file can't be read, so they can fix it (issue 39). */
  showReason?: boolean;
}) {
  if (!summary) return null;
  const to = pagePath('listChanges', { handle, slug });
  if (summary.state === 'unreadable') {
    return (
      <p className="changes-line is-unreadable">
        <Link to={to}>{CONTENTS_TEXT.unreadable}</Link>
        {showReason && summary.reason && <span className="changes-line-reason"> {CONTENTS_TEXT.reasons[summary.reason]}</span>}
      </p>
    );
  }
  if (!summary.counts || !hasChanges(summary.counts)) return null;
  return (
    <p className="changes-line">
      <Link to={to} aria-label={`What changed: ${changeSummary(summary.counts)}`}>
        {changeSummary(summary.counts)}
      </Link>
    </p>
  );
}
