import { useCallback, useEffect, useState } from 'react';
import { type ApiRequestError, api, asApiError } from './api-client';

export interface ApiResource<T> {
  data: T | undefined;
  error: ApiRequestError | undefined;
  loading: boolean;
  reload(): void;
}

/** GETs a JSON resource when `path` is set; `null` waits (for example until auth is known). */
export function useApiGet<T>(path: string | null): ApiResource<T> {
  const [data, setData] = useState<T>();
  const [error, setError] = useState<ApiRequestError>();
  const [loading, setLoading] = useState(path !== null);
  const [generation, setGeneration] = useState(0);

  // biome-ignore lint/correctness/useExhaustiveDependencies: generation is the reload trigger.
  useEffect(() => {
    if (path === null) return;
    let current = true;
    setLoading(true);
    api.get<T>(path).then(
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
  }, [path, generation]);

  const reload = useCallback(() => setGeneration((g) => g + 1), []);
  return { data, error, loading, reload };
}
