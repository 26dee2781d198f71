import { type DependencyList, useCallback, useEffect, useState } from 'react';
import { type ApiRequestError, asApiError } from './api-client';

export interface ApiResource<T> {
  data: T | undefined;
  error: ApiRequestError | undefined;
  loading: boolean;
  reload(): void;
}

/**
 * Loads a resource through a fetcher of a feature's api.ts, whose return type is the resource's;
 * `null` waits (for example until auth is known). It runs again when `deps` (what the fetcher
 * reads) change, or on reload().
 */
export function useApiGet<T>(fetcher: (() => Promise<T>) | null, deps: DependencyList): ApiResource<T> {
  const waiting = fetcher === null;
  const [data, setData] = useState<T>();
  const [error, setError] = useState<ApiRequestError>();
  const [loading, setLoading] = useState(!waiting);
  const [generation, setGeneration] = useState(0);

  // biome-ignore lint/correctness/useExhaustiveDependencies: the caller's deps stand for the fetcher; generation is the reload trigger.
  useEffect(() => {
    if (fetcher === null) return;
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
