import { useCallback, useEffect, useRef, useState } from 'react';
import type { PublicPost } from '../../../core/feed';
import { errorMessage } from '../../lib/api-client';
import { dashboardApi } from './api';

/** How long a deleted list or version can be brought back before it is deleted for good. */
export const UNDO_FOR_MS = 8000;

interface Pending {
  post: PublicPost;
  /** What was deleted, in words: 'Vegetable prices', 'an earlier version of Vegetable prices'. */
  what: string;
}

/**
 * A delete that waits (#31): the card goes at once and a message offers Undo; the server is asked
 * after UNDO_FOR_MS, or at once when another delete starts, the dashboard is left or the tab is
 * closed (a keepalive request outlives the page). Undo only forgets it: nothing was deleted yet.
 */
export function usePendingDelete(onDeleted: () => void) {
  const [pending, setPending] = useState<Pending | null>(null);
  const [error, setError] = useState<string>();
  const current = useRef<Pending | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  // The latest callback, without making commit (and so the unmount flush) change with each render.
  const deleted = useRef(onDeleted);
  deleted.current = onDeleted;

  const commit = useCallback((keepalive = false) => {
    const deleting = current.current;
    clearTimeout(timer.current);
    current.current = null;
    if (!deleting) return;
    if (keepalive) {
      void fetch(`/api/posts/${deleting.post.id}`, { method: 'DELETE', credentials: 'same-origin', keepalive: true });
      return;
    }
    setPending(null);
    dashboardApi.removePost(deleting.post.id).then(
      () => deleted.current(),
      (err: unknown) => {
        setError(`Could not delete ${deleting.what}: ${errorMessage(err)}`);
        deleted.current();
      },
    );
  }, []);

  useEffect(() => {
    const onHide = () => commit(true);
    window.addEventListener('pagehide', onHide);
    return () => {
      window.removeEventListener('pagehide', onHide);
      commit();
    };
  }, [commit]);

  return {
    pending,
    error,
    start(post: PublicPost, what: string) {
      commit();
      setError(undefined);
      current.current = { post, what };
      setPending(current.current);
      timer.current = setTimeout(() => commit(), UNDO_FOR_MS);
    },
    undo() {
      clearTimeout(timer.current);
      current.current = null;
      setPending(null);
    },
  };
}

/** The message a delete leaves, with Undo while it can still be taken back; in view wherever the page is scrolled. */
export function DeletedNotice({ pending, error, onUndo }: { pending: Pending | null; error?: string; onUndo(): void }) {
  return (
    <div className="deleted-notice" role="status">
      {pending && (
        <p className="alert alert-success">
          Deleted {pending.what}.{' '}
          <button type="button" className="button button-small" onClick={onUndo}>
            Undo
          </button>
        </p>
      )}
      {error && <p className="alert alert-error">{error}</p>}
    </div>
  );
}
