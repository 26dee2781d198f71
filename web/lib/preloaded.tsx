import { createContext, type ReactNode, useContext, useState } from 'react';
import { PRELOADED_SCRIPT_ID, type Preloaded } from '../../core/preloaded';
import { ApiRequestError } from './api-client';

export { PRELOADED_SCRIPT_ID, type Preloaded, type PreloadedAnswer } from '../../core/preloaded';

interface Store {
  preloaded: Preloaded | null;
  /** Paths whose answer a mounted component showed: later mounts refetch (the answer was for a visitor). */
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
   * True until a component that showed it has mounted: the first (the one the server rendered,
   * hydrating now) needs no fetch. A later mount (another viewer after sign-in, a visit back)
   * shows it while it fetches afresh.
   */
  fresh: boolean;
}

const NOTHING: PreloadedValue<never> = { data: undefined, error: undefined, fresh: false };

/**
 * The server's answers for API paths, nothing for a path the server did not preload or when
 * `path` is undefined. `read` is pure (React may render a component more than once before it
 * mounts it, as while hydrating); `shown` is for an effect, once the component has mounted.
 */
export function usePreloaded(): {
  read<T>(path: string | undefined): PreloadedValue<T>;
  shown(path: string | undefined): void;
} {
  const store = useContext(PreloadedContext);
  return {
    read<T>(path: string | undefined): PreloadedValue<T> {
      const answer = path === undefined ? undefined : store.preloaded?.answers[path];
      if (path === undefined || answer === undefined) return NOTHING;
      const fresh = !store.taken.has(path);
      return answer.ok
        ? { data: answer.body as T, error: undefined, fresh }
        : { data: undefined, error: new ApiRequestError(answer.status, answer.message), fresh };
    },
    shown(path: string | undefined) {
      if (path !== undefined) store.taken.add(path);
    },
  };
}

/** The site's origin: the server's, so a server-rendered address matches when the browser hydrates it. */
export function useSiteOrigin(): string {
  const { preloaded } = useContext(PreloadedContext);
  return preloaded?.origin ?? window.location.origin;
}
