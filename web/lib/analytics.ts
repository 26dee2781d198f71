import type { AnalyticsEventName, AnalyticsPayload } from '../../core/analytics';
import type { AdminAction } from '../../core/audit';
import { CONSENT_COOKIE, CONSENT_STORAGE_KEY, type ConsentChoice } from '../../core/consent';

/**
 * First-party analytics in the browser: nothing is queued, sent or loaded until the visitor
 * accepts. Events go in batches to our own endpoint; the tag manager loads only when configured.
 * The sending is a chunk of its own (analytics-sender.ts): a first visit has not accepted yet.
 */

const YEAR_S = 365 * 24 * 3600;

const listeners = new Set<(choice: ConsentChoice | null) => void>();

export function readConsent(): ConsentChoice | null {
  try {
    const value = window.localStorage.getItem(CONSENT_STORAGE_KEY);
    return value === 'accepted' || value === 'declined' ? value : null;
  } catch {
    return null;
  }
}

/** The server reads the same choice from a cookie, so it can refuse events without consent. */
function mirrorToCookie(choice: ConsentChoice) {
  const secure = window.location.protocol === 'https:' ? '; Secure' : '';
  // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is missing in Firefox; this value needs no escaping.
  document.cookie = `${CONSENT_COOKIE}=${choice}; Path=/; Max-Age=${YEAR_S}; SameSite=Lax${secure}`;
}

export function setConsent(choice: ConsentChoice): void {
  try {
    window.localStorage.setItem(CONSENT_STORAGE_KEY, choice);
  } catch {
    // Private mode without storage: the choice lasts for this page only.
  }
  mirrorToCookie(choice);
  if (choice === 'declined') void sender.then((loaded) => loaded?.forget());
  for (const listener of listeners) listener(choice);
  if (choice === 'accepted') startAnalytics();
}

export function onConsentChange(listener: (choice: ConsentChoice | null) => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const openers = new Set<() => void>();

/** "Privacy choices" (footer): shows the consent banner again, whatever was chosen, to change it. */
export function openConsentChoices(): void {
  for (const open of openers) open();
}

export function onConsentChoicesOpened(listener: () => void): () => void {
  openers.add(listener);
  return () => openers.delete(listener);
}

/** The sender, once something needed it: null until then, so a decline has nothing to load. */
let sender: Promise<typeof import('./analytics-sender') | null> = Promise.resolve(null);
let senderLoaded = false;

function loadSender(): Promise<typeof import('./analytics-sender')> {
  if (!senderLoaded) {
    senderLoaded = true;
    sender = import('./analytics-sender');
  }
  return sender as Promise<typeof import('./analytics-sender')>;
}

/** Events whose payload has no required field may leave it out. */
type PayloadArgs<N extends AnalyticsEventName> =
  Record<never, never> extends AnalyticsPayload<N> ? [payload?: AnalyticsPayload<N>] : [payload: AnalyticsPayload<N>];

/** Records an event, only when the visitor accepted analytics. */
export function track<N extends AnalyticsEventName>(name: N, ...[payload]: PayloadArgs<N>): void {
  if (readConsent() !== 'accepted') return;
  // The page is read now: a click that leads elsewhere happened here.
  const path = window.location.pathname;
  void loadSender().then((loaded) => loaded.record(name, payload as Record<string, unknown> | undefined, path));
}

/** Runs once consent is known to be 'accepted': session events and the tag manager. */
export function startAnalytics(): void {
  if (readConsent() !== 'accepted') return;
  mirrorToCookie('accepted');
  void loadSender().then((loaded) => loaded.start());
}

/** An admin action that succeeded, named as the audit log names it. */
export function trackAdminAction(action: AdminAction): void {
  track('admin_action', { action });
}
