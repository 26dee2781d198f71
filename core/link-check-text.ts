/** Texts of the link check on a list's page and its owner's screens (a card's are in link-health-text.ts). */

/** What a list's page tells a visitor about its file, by what the watcher found (never blaming anyone). */
export const UNAVAILABLE_REASONS = {
  'needs-sign-in': 'The file behind this list is not shared publicly at the moment.',
  'not-found': 'The file behind this list was not found: it may have been moved or deleted.',
  'not-a-file': 'The link behind this list no longer leads to a file.',
  unreachable: 'The file behind this list could not be reached for a day.',
} as const;

/** The owner's "I've updated it: check now" (docs/decisions/0208), as the button and its outcome read. */
/** A broken link its owner fixed (issue 43): checked again at once from the banner, and said when it works. */
export const LINK_FIX_TEXTS = {
  checkAgain: "I've fixed it: check again",
  checking: 'Checking the new link…',
  fixed: 'Fixed: people can open it again',
  /** The upload form's check after a moment: some hosts answer slowly (issue 43). */
  slow: 'Still checking the link... some file hosts take a few seconds to answer.',
} as const;

export const CHECK_NOW_TEXTS = {
  button: "I've updated it: check now",
  busy: 'Checking the file…',
  unchanged: 'No change found in the file.',
  told: 'your followers are being told',
  fileChanged: 'The file changed',
  /** The page stopped asking: the worker is late, the check still ends and followers are still told. */
  late: 'The check is taking longer than usual: Freshlist finishes it and tells your followers if the file changed.',
  noVersion: 'This list has no version to check.',
} as const;
