import { createContext, type ReactNode, useContext, useState } from 'react';
import { ApiRequestError } from './api-client';

/**
 * What the server rendered a public page with (docs/decisions/0108), so the browser's first render
 * shows the same thing and hydrates without asking the API again. Each answer is keyed by the API
 * path the page would have fetched: a page asks for it by the same path its api.ts builds.
 */
export interface Preloaded {
  /** The site's origin as the server knows it (PUBLIC_URL), so both renders show the same address. */
  origin: string;
  answers: Record<string, PreloadedAnswer>;
}

/** An API answer: its body, or its error (a 404 page renders too). */
export type PreloadedAnswer = { ok: true; body: unknown } | { ok: false; status: number; message: string };

/** The id of the JSON script the server writes after the page's HTML. */
export const PRELOADED_SCRIPT_ID = 'preloaded';

interface Store {
  preloaded: Preloaded | null;
  /** Paths whose answer a component already took: later mounts refetch (the answer was for a visitor). */
  taken: Set<string>;
}

const PreloadedContext = createContext<Store>({ preloaded: null, taken: new Set() });

/** Reads the server's JSON script once: null on a page the server did not render. */
export function readPreloadedScript(): Preloaded | null {
  const script = typeof document === 'undefined' ? null : document.getElementById(PRELOADED_SCRIPT_ID);
  if (!script?.textContent) return null;
  try {
    return JSON.parse(script.textContent) as Preloaded;
  } catch {
    return null;
  }
}

export function PreloadedProvider({ value, children }: { value: Preloaded | null; children: ReactNode }) {
  const [store] = useState<Store>(() => ({ preloaded: value, taken: new Set() }));
  return <PreloadedContext.Provider value={store}>{children}</PreloadedContext.Provider>;
}

export interface PreloadedValue<T> {
  data: T | undefined;
  error: ApiRequestError | undefined;
  /**
   * True for the first component to take it (the one the server rendered, hydrating now): it
   * needs no fetch. A later mount (another viewer after sign-in, a visit back) shows it while it
   * fetches afresh.
   */
  fresh: boolean;
}

const NOTHING: PreloadedValue<never> = { data: undefined, error: undefined, fresh: false };

/**
 * The server's answer for an API path, read once when a component mounts (call it in a state
 * initializer); nothing for a path the server did not preload or when `path` is undefined.
 */
export function usePreloadedTaker(): <T>(path: string | undefined) => PreloadedValue<T> {
  const store = useContext(PreloadedContext);
  return <T,>(path: string | undefined) => {
    const answer = path === undefined ? undefined : store.preloaded?.answers[path];
    if (path === undefined || answer === undefined) return NOTHING;
    const fresh = !store.taken.has(path);
    store.taken.add(path);
    return answer.ok
      ? { data: answer.body as T, error: undefined, fresh }
      : { data: undefined, error: new ApiRequestError(answer.status, answer.message), fresh };
  };
}

/** The site's origin: the server's, so a server-rendered address matches when the browser hydrates it. */
export function useSiteOrigin(): string {
  const { preloaded } = useContext(PreloadedContext);
  return preloaded?.origin ?? window.location.origin;
}
