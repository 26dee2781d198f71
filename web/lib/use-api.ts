import { type DependencyList, useCallback, useEffect, useRef, useState } from 'react';
import { type ApiRequestError, asApiError } from './api-client';
import { usePreloadedTaker } from './preloaded';

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
  const take = usePreloadedTaker();
  const [initial] = useState(() => take<T>(preloadedPath));
  const [data, setData] = useState<T | undefined>(initial.data);
  const [error, setError] = useState<ApiRequestError | undefined>(initial.error);
  const [loading, setLoading] = useState(!waiting && !initial.fresh);
  const [generation, setGeneration] = useState(0);
  /** The server's answer stands for the first load only. */
  const skipFirst = useRef(initial.fresh);

  // biome-ignore lint/correctness/useExhaustiveDependencies: the caller's deps stand for the fetcher; generation is the reload trigger.
  useEffect(() => {
    if (fetcher === null) return;
    if (skipFirst.current) {
      skipFirst.current = false;
      return;
    }
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
