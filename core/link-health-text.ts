/**
 * The link check's word on a card: apart from link-check-text.ts, whose texts only a list's page and
 * its owner's screens show, so a profile's first visit carries this one line alone.
 */
export const LINK_HEALTH_TEXTS = {
  /** On a card whose list's file is private, gone, or out of reach for a day (issue 29's words). */
  unavailable: 'This list may be unavailable',
} as const;
