import type { AnalyticsConfig, AnalyticsEventName } from '../../core/analytics';
import { redactPersonal } from '../../core/redact';
import { readConsent } from './analytics';

/**
 * What analytics does once the visitor accepted: the batches to our own endpoint, the session's
 * events and the tag manager. Loaded with the first event or start after consent (analytics.ts), so
 * a visitor who has not accepted never downloads it.
 */

const ENDPOINT = '/api/analytics/events';
const FLUSH_AFTER_MS = 3000;
const FLUSH_AT = 10;
const SESSION_KEY = 'freshlist-analytics-session-start';

interface QueuedEvent {
  name: AnalyticsEventName;
  path: string;
  payload: Record<string, unknown>;
}

let queue: QueuedEvent[] = [];
let timer: ReturnType<typeof setTimeout> | undefined;
let started = false;

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

/** A decline drops what was recorded and not yet sent. */
export function forget(): void {
  queue = [];
}

declare global {
  interface Window {
    dataLayer?: Array<Record<string, unknown>>;
  }
}

/** Queues an event recorded at `path` (the page it happened on, not the one the code arrived on). */
export function record(name: AnalyticsEventName, payload: Record<string, unknown> | undefined, path: string): void {
  if (readConsent() !== 'accepted') return;
  // No one's email or phone number leaves the page, to us or to the tag manager (issue 33).
  const data = Object.fromEntries(
    Object.entries(payload ?? {}).map(([k, v]) => [k, typeof v === 'string' ? redactPersonal(v) : v]),
  );
  queue.push({ name, path: redactPersonal(path), payload: data });
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

/** Session events and the tag manager, once per page load. */
export function start(): void {
  if (started || readConsent() !== 'accepted') return;
  started = true;
  void loadTagManager();
  let sessionStart = Number(window.sessionStorage.getItem(SESSION_KEY));
  if (!sessionStart) {
    sessionStart = Date.now();
    window.sessionStorage.setItem(SESSION_KEY, String(sessionStart));
    record('session_start', undefined, window.location.pathname);
  }
  window.addEventListener('pagehide', () => {
    record('session_end', { durationMs: Math.max(0, Date.now() - sessionStart) }, window.location.pathname);
    flush(true);
  });
  window.addEventListener('error', (event) => {
    if (event.message) record('error', { message: event.message.slice(0, 300), where: 'window' }, window.location.pathname);
  });
}
