import { useRef, useState } from 'react';
import { errorMessage } from './api-client';

export interface ApiActionOptions<A extends unknown[]> {
  /**
   * What to show for a failure: `errorMessage(err)` unless given. Undefined shows nothing, where the
   * caller placed it elsewhere (a field's error, a page's status, "your session ended").
   */
  onError?(err: unknown, ...args: A): string | undefined;
  /** After a success the control stays busy: the page moves on, or reloads without it (a retried job's card). */
  staysBusy?: boolean;
}

export interface ApiAction<A extends unknown[], T> {
  /** Runs the call: its result, or undefined when it failed (see `error`) or one was already running. */
  run(...args: A): Promise<T | undefined>;
  busy: boolean;
  /** The failure's message, until the next run. */
  error: string | undefined;
  /** A message of the caller's own in the same place (a check before sending), or none. */
  setError(message: string | undefined): void;
}

/**
 * One way to send a change to the API (docs/decisions/0229), beside `useApiGet` for reads: the
 * busy flag, the failure's message and a guard against a second press while one is on its way.
 * `call` does the request and what follows a success (a notice, onChange, navigation).
 */
export function useApiAction<A extends unknown[], T>(
  call: (...args: A) => Promise<T>,
  options: ApiActionOptions<A> = {},
): ApiAction<A, T> {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  // A ref, not `busy`: two presses in one frame both see the render before the first.
  const running = useRef(false);

  async function run(...args: A): Promise<T | undefined> {
    if (running.current) return undefined;
    running.current = true;
    setBusy(true);
    setError(undefined);
    let done = false;
    try {
      const result = await call(...args);
      done = true;
      return result;
    } catch (err) {
      setError(options.onError ? options.onError(err, ...args) : errorMessage(err));
      return undefined;
    } finally {
      if (!(done && options.staysBusy)) {
        running.current = false;
        setBusy(false);
      }
    }
  }

  return { run, busy, error, setError };
}
