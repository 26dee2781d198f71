import { useCallback, useEffect, useRef, useState } from 'react';
import { type ApiRequestError, api, asApiError } from './api-client';

export interface CursorPages<P> {
  pages: P[];
  /** 'loading' for the first page, 'more' while a further page loads. */
  status: 'loading' | 'ready' | 'more' | 'error';
  error: ApiRequestError | undefined;
  hasMore: boolean;
  loadMore(): void;
}

/**
 * A newest-first list the server pages with a keyset cursor: the first page of `path`, then
 * 'Load more' asks for the page after the last cursor. `null` waits (e.g. until auth is known).
 */
export function useCursorPages<P extends { nextCursor: string | null }>(path: string | null): CursorPages<P> {
  const [pages, setPages] = useState<P[]>([]);
  const [status, setStatus] = useState<CursorPages<P>['status']>('loading');
  const [error, setError] = useState<ApiRequestError>();
  const generation = useRef(0);
  const busy = useRef(false);

  const fail = useCallback((err: unknown) => {
    setError(asApiError(err));
    setStatus('error');
  }, []);

  useEffect(() => {
    if (path === null) return;
    const current = ++generation.current;
    busy.current = false;
    setPages([]);
    setError(undefined);
    setStatus('loading');
    api.get<P>(path).then(
      (page) => {
        if (current !== generation.current) return;
        setPages([page]);
        setStatus('ready');
      },
      (err: unknown) => current === generation.current && fail(err),
    );
  }, [path, fail]);

  const cursor = pages.at(-1)?.nextCursor ?? null;
  const loadMore = useCallback(() => {
    // One request at a time: a double click must not ask for the same page twice.
    if (path === null || cursor === null || busy.current) return;
    busy.current = true;
    const current = generation.current;
    setStatus('more');
    const separator = path.includes('?') ? '&' : '?';
    api.get<P>(`${path}${separator}cursor=${encodeURIComponent(cursor)}`).then(
      (page) => {
        if (current !== generation.current) return;
        busy.current = false;
        setPages((earlier) => [...earlier, page]);
        setStatus('ready');
      },
      (err: unknown) => {
        if (current !== generation.current) return;
        busy.current = false;
        fail(err);
      },
    );
  }, [path, cursor, fail]);

  return { pages, status, error, hasMore: cursor !== null, loadMore };
}
