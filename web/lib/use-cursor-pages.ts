import { type DependencyList, useCallback, useEffect, useRef, useState } from 'react';
import { type ApiRequestError, asApiError } from './api-client';
import { usePreloaded } from './preloaded';
import { sameDeps } from './use-api';

export interface CursorPages<P> {
  pages: P[];
  /** 'loading' for the first page, 'more' while a further page loads. */
  status: 'loading' | 'ready' | 'more' | 'error';
  error: ApiRequestError | undefined;
  hasMore: boolean;
  loadMore(): void;
}

/** One page of a keyset-paged list: `null` asks for the first page. */
export type PageFetcher<P> = (cursor: string | null) => Promise<P>;

/**
 * A newest-first list the server pages with a keyset cursor: the first page of `fetchPage`, then
 * 'Load more' asks for the page after the last cursor. `null` waits (e.g. until auth is known);
 * the list starts over when `deps` (what the fetcher reads) change. `preloadedPath`, the API path
 * of the first page, picks up the server's answer on a page it rendered (as useApiGet does).
 */
export function useCursorPages<P extends { nextCursor: string | null }>(
  fetchPage: PageFetcher<P> | null,
  deps: DependencyList,
  preloadedPath?: string,
): CursorPages<P> {
  const waiting = fetchPage === null;
  const preloaded = usePreloaded();
  const [initial] = useState(() => preloaded.read<P>(preloadedPath));
  const [pages, setPages] = useState<P[]>(initial.data ? [initial.data] : []);
  const [status, setStatus] = useState<CursorPages<P>['status']>(
    initial.error && initial.fresh ? 'error' : initial.data ? 'ready' : 'loading',
  );
  const [error, setError] = useState<ApiRequestError | undefined>(initial.error);
  /** The server's first page stands for the first load only: the deps it answered, until they change. */
  const answered = useRef<DependencyList | null>(initial.fresh ? deps : null);
  const placeholder = useRef(!initial.fresh && initial.data !== undefined);
  const generation = useRef(0);
  const busy = useRef(false);
  // The fetcher of the latest render, for 'Load more' (its deps are the list's own).
  const latest = useRef(fetchPage);
  useEffect(() => {
    latest.current = fetchPage;
  });

  const fail = useCallback((err: unknown) => {
    setError(asApiError(err));
    setStatus('error');
  }, []);

  // biome-ignore lint/correctness/useExhaustiveDependencies: the caller's deps stand for the fetcher.
  useEffect(() => {
    if (fetchPage === null) return;
    // Compared, not cleared: React may run this twice on mount (StrictMode) and the page still stands.
    if (answered.current && sameDeps(answered.current, deps)) {
      preloaded.shown(preloadedPath);
      return;
    }
    answered.current = null;
    const current = ++generation.current;
    busy.current = false;
    // A server's page shown as a placeholder stays until the fresh one replaces it.
    if (placeholder.current) placeholder.current = false;
    else {
      setPages([]);
      setError(undefined);
      setStatus('loading');
    }
    fetchPage(null).then(
      (page) => {
        if (current !== generation.current) return;
        setPages([page]);
        setStatus('ready');
      },
      (err: unknown) => current === generation.current && fail(err),
    );
  }, [waiting, fail, ...deps]);

  const cursor = pages.at(-1)?.nextCursor ?? null;
  const loadMore = useCallback(() => {
    // One request at a time: a double click must not ask for the same page twice.
    const fetchNext = latest.current;
    if (fetchNext === null || cursor === null || busy.current) return;
    busy.current = true;
    const current = generation.current;
    setStatus('more');
    fetchNext(cursor).then(
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
  }, [cursor, fail]);

  return { pages, status, error, hasMore: cursor !== null, loadMore };
}
