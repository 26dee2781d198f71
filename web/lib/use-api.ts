import { type DependencyList, useCallback, useEffect, useRef, useState } from 'react';
import { type ApiRequestError, asApiError } from './api-client';
import { useAuth } from './auth';
import { usePreloaded } from './preloaded';

export const sameDeps = (a: DependencyList, b: DependencyList) => a.length === b.length && a.every((d, i) => Object.is(d, b[i]));

export interface ApiResource<T> {
  data: T | undefined;
  error: ApiRequestError | undefined;
  loading: boolean;
  reload(): void;
}

/**
 * Loads a resource through a fetcher of a feature's api.ts, whose return type is the resource's;
 * `null` waits (for example until auth is known). It runs again when `deps` (what the fetcher
 * reads) change, or on reload(). `preloadedPath`, the API path the fetcher asks, picks up the
 * server's answer on a page it rendered (web/lib/preloaded.tsx): the first render shows it, as
 * the server's HTML does, and no fetch follows.
 */
export function useApiGet<T>(fetcher: (() => Promise<T>) | null, deps: DependencyList, preloadedPath?: string): ApiResource<T> {
  const waiting = fetcher === null;
  const preloaded = usePreloaded();
  const signedIn = useAuth().auth.status === 'signed-in';
  const [initial] = useState(() => {
    const answer = preloaded.read<T>(preloadedPath);
    // The server rendered the page for a visitor. A page whose code came after sign-in was known
    // (a lazy chunk) mounts first for the signed-in viewer: it shows that answer and asks for theirs
    // (their Follow state), as a later mount does (issue 31: Explore showed "Follow" after a reload).
    return signedIn ? { ...answer, fresh: false } : answer;
  });
  const [data, setData] = useState<T | undefined>(initial.data);
  const [error, setError] = useState<ApiRequestError | undefined>(initial.error);
  const [loading, setLoading] = useState(!waiting && !initial.fresh);
  const [generation, setGeneration] = useState(0);
  /** The server's answer stands for the first load only: the deps it answered, until they or a reload change. */
  const answered = useRef<DependencyList | null>(initial.fresh ? deps : null);

  // biome-ignore lint/correctness/useExhaustiveDependencies: the caller's deps stand for the fetcher; generation is the reload trigger.
  useEffect(() => {
    if (fetcher === null) return;
    // Compared, not cleared: React may run this twice on mount (StrictMode) and the answer still stands.
    if (answered.current && generation === 0 && sameDeps(answered.current, deps)) {
      preloaded.shown(preloadedPath);
      return;
    }
    answered.current = null;
    let current = true;
    setLoading(true);
    fetcher().then(
      (value) => {
        if (!current) return;
        setData(value);
        setError(undefined);
        setLoading(false);
      },
      (err: unknown) => {
        if (!current) return;
        setError(asApiError(err));
        setLoading(false);
      },
    );
    return () => {
      current = false;
    };
  }, [waiting, generation, ...deps]);

  const reload = useCallback(() => setGeneration((g) => g + 1), []);
  return { data, error, loading, reload };
}
