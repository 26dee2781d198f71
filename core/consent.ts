/**
 * The visitor's analytics consent (spec 3), without zod: every page loads these, so they live
 * apart from the event schemas of analytics.ts (issue 9: a public page's first visit stays small).
 */

/** Where the browser keeps the visitor's choice (spec 3: a local consent flag). */
export const CONSENT_STORAGE_KEY = 'freshlist-analytics-consent';
/** The same choice as a first-party cookie, so the server can refuse events without consent. */
export const CONSENT_COOKIE = 'freshlist_consent';
export const CONSENT_CHOICES = ['accepted', 'declined'] as const;
export type ConsentChoice = (typeof CONSENT_CHOICES)[number];
/** Spec 9: the banner slides in this long after load. */
export const CONSENT_BANNER_DELAY_MS = 100;
