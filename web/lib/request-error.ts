import { HANDLE_MESSAGES, HANDLE_REQUEST_MESSAGES } from '../../core/handle';
import { ApiRequestError } from './api-client';
import { isSessionEnded } from './session-ended';

/** Messages about the handle itself, shown under the handle field rather than above the button. */
const HANDLE_FIELD_MESSAGES = new Set<string>([
  HANDLE_MESSAGES.characters,
  HANDLE_MESSAGES.reserved,
  HANDLE_MESSAGES.taken,
  HANDLE_MESSAGES.tooLong,
  HANDLE_MESSAGES.required,
]);

/** Where a refused handle or invite request is explained: `{ handle }` for a handle rule, `{ alert }` for the rest. */
export function requestErrorPlacement(err: unknown): { handle: string } | { alert: string } {
  const message = err instanceof ApiRequestError ? err.message : HANDLE_REQUEST_MESSAGES.somethingWrong;
  return HANDLE_FIELD_MESSAGES.has(message) ? { handle: message } : { alert: message };
}

/**
 * The `onError` of a handle or invite request's `useApiAction`: an ended session and a handle rule
 * are shown where they belong (the session's notice, the handle field); the rest above the button.
 */
export function placeRequestError(places: { sessionEnded(): void; handle(errors: { handle: string }): void }) {
  return (err: unknown): string | undefined => {
    if (isSessionEnded(err)) {
      places.sessionEnded();
      return undefined;
    }
    const placed = requestErrorPlacement(err);
    if (!('handle' in placed)) return placed.alert;
    places.handle(placed);
    return undefined;
  };
}
