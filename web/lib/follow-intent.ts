/**
 * `/{handle}?followAfterLogin=true` follows at once only when this tab's own sign-in (or a Follow
 * pressed on our connect page) asked for it moments ago; a link from anywhere else makes the
 * profile ask first (issue 33: any site could make a signed-in visitor follow with no click).
 */
const KEY = 'freshlist:follow-intent';
/** A sign-in round trip, popup or full-page redirect, takes well under this. */
const FRESH_MS = 15 * 60 * 1000;

/** The person pressed a button to follow `handle`: remembered in this tab only. */
export function rememberFollowIntent(handle: string): void {
  try {
    sessionStorage.setItem(KEY, JSON.stringify({ handle: handle.toLowerCase(), at: Date.now() }));
  } catch {
    // No storage (private mode, blocked): the profile asks instead, which is safe.
  }
}

/** True when this tab asked to follow `handle` in the last few minutes; the intent is used up either way. */
export function takeFollowIntent(handle: string): boolean {
  try {
    const raw = sessionStorage.getItem(KEY);
    sessionStorage.removeItem(KEY);
    if (!raw) return false;
    const intent = JSON.parse(raw) as { handle?: unknown; at?: unknown };
    return intent.handle === handle.toLowerCase() && typeof intent.at === 'number' && Date.now() - intent.at < FRESH_MS;
  } catch {
    return false;
  }
}
