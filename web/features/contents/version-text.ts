import { changeSummary, hasChanges } from '../../../core/change-summary';
import { CONTENTS_TEXT } from '../../../core/list-contents';
import type { ListVersion } from '../../../core/list-contents-api';

const SEEN = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });
export const seenLabel = (at: number) => SEEN.format(new Date(at));

/** What a version says in one line: its changes, that it was the first read, or why it can't be read. */
export function versionSummary(version: Pick<ListVersion, 'state' | 'reason' | 'counts'>): string {
  if (version.state === 'unreadable')
    return `${CONTENTS_TEXT.unreadable}. ${version.reason ? CONTENTS_TEXT.reasons[version.reason] : ''}`;
  if (!version.counts) return CONTENTS_TEXT.firstRead;
  return hasChanges(version.counts) ? changeSummary(version.counts) : CONTENTS_TEXT.noChanges;
}
