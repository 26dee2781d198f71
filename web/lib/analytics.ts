import type { AnalyticsConfig, AnalyticsEventName, AnalyticsPayload } from '../../core/analytics';
import type { AdminAction } from '../../core/audit';
import { CONSENT_COOKIE, CONSENT_STORAGE_KEY, type ConsentChoice } from '../../core/consent';
import { redactPersonal } from '../../core/redact';

/**
 * First-party analytics in the browser: nothing is queued, sent or loaded until the visitor
 * accepts. Events go in batches to our own endpoint; the tag manager loads only when configured.
 */

const ENDPOINT = '/api/analytics/events';
/** The payload fields that hold free text (core/analytics.ts): the others are handles and ids the server checks as such. */
const _FREE_TEXT = new Set(['label', 'action', 'message', 'where', 'feature']);
const FLUSH_AFTER_MS = 3000;
const FLUSH_AT = 10;
const SESSION_KEY = 'freshlist-analytics-session-start';
const YEAR_S = 365 * 24 * 3600;

interface QueuedEvent {
  name: AnalyticsEventName;
  path: string;
  payload: Record<string, unknown>;
}

let queue: QueuedEvent[] = [];
let timer: ReturnType<typeof setTimeout> | undefined;
let started = false;
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
  if (choice === 'declined') queue = [];
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

function send(events: QueuedEvent[], keepalive: boolean) {
  void fetch(ENDPOINT, {
    method: 'POST',
    credentials: 'same-origin',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ events }),
    keepalive,
  }).catch(() => undefined);
}

export function flush(keepalive = false): void {
  if (timer) clearTimeout(timer);
  timer = undefined;
  if (queue.length === 0 || readConsent() !== 'accepted') return;
  const events = queue;
  queue = [];
  send(events, keepalive);
}

declare global {
  interface Window {
    dataLayer?: Array<Record<string, unknown>>;
  }
}

/** Events whose payload has no required field may leave it out. */
type PayloadArgs<N extends AnalyticsEventName> =
  Record<never, never> extends AnalyticsPayload<N> ? [payload?: AnalyticsPayload<N>] : [payload: AnalyticsPayload<N>];

/** Records an event, only when the visitor accepted analytics. */
export function track<N extends AnalyticsEventName>(name: N, ...[payload]: PayloadArgs<N>): void {
  if (readConsent() !== 'accepted') return;
  // No one's email or phone number leaves the page, to us or to the tag manager (issue 33).
  const data = Object.fromEntries(
    Object.entries((payload ?? {}) as Record<string, unknown>).map(([k, v]) => [
      k,
      typeof v === 'string' ? redactPersonal(v) : v,
    ]),
  );
  queue.push({ name, path: redactPersonal(window.location.pathname), payload: data });
  window.dataLayer?.push({ event: name, ...data });
  if (queue.length >= FLUSH_AT) flush();
  else if (!timer) timer = setTimeout(() => flush(), FLUSH_AFTER_MS);
}

async function loadTagManager() {
  const config = await fetch('/api/analytics/config')
    .then((r) => (r.ok ? (r.json() as Promise<AnalyticsConfig>) : null))
    .catch(() => null);
  if (!config?.gtmId || document.getElementById('gtm-script')) return;
  window.dataLayer = window.dataLayer ?? [];
  window.dataLayer.push({ 'gtm.start': Date.now(), event: 'gtm.js' });
  const script = document.createElement('script');
  script.id = 'gtm-script';
  script.async = true;
  script.src = `https://www.googletagmanager.com/gtm.js?id=${encodeURIComponent(config.gtmId)}`;
  document.head.appendChild(script);
}

/** Runs once consent is known to be 'accepted': session events and the tag manager. */
export function startAnalytics(): void {
  if (started || readConsent() !== 'accepted') return;
  started = true;
  mirrorToCookie('accepted');
  void loadTagManager();
  let sessionStart = Number(window.sessionStorage.getItem(SESSION_KEY));
  if (!sessionStart) {
    sessionStart = Date.now();
    window.sessionStorage.setItem(SESSION_KEY, String(sessionStart));
    track('session_start');
  }
  window.addEventListener('pagehide', () => {
    track('session_end', { durationMs: Math.max(0, Date.now() - sessionStart) });
    flush(true);
  });
  window.addEventListener('error', (event) => {
    if (event.message) track('error', { message: event.message.slice(0, 300), where: 'window' });
  });
}

/** An admin action that succeeded, named as the audit log names it. */
export function trackAdminAction(action: AdminAction): void {
  track('admin_action', { action });
}
