/** Texts of the link check that public pages show: no zod here, so the first visit's script stays small. */
export const LINK_HEALTH_TEXTS = {
  /** On a card whose list's file is private, gone, or out of reach for a day (issue 29's words). */
  unavailable: 'This list may be unavailable',
} as const;

/** What a list's page tells a visitor about its file, by what the watcher found (never blaming anyone). */
export const UNAVAILABLE_REASONS = {
  'needs-sign-in': 'The file behind this list is not shared publicly at the moment.',
  'not-found': 'The file behind this list was not found: it may have been moved or deleted.',
  'not-a-file': 'The link behind this list no longer leads to a file.',
  unreachable: 'The file behind this list could not be reached for a day.',
} as const;
