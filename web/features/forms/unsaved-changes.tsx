import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';

/** Where the owner asked to go: a path of the app, or back or forward in the history. */
type Pending = { path: string } | { historyKey: string };

/**
 * Asks before unsaved edits are lost (issue 19). Leaving the site, reloading or closing the tab
 * gets the browser's own question (beforeunload); following a link inside the app is held and
 * asked about in the page. The router is a declarative <BrowserRouter>, whose navigations cannot
 * be blocked, so links are caught as they are clicked (ADR 0106); Back and Forward are caught
 * where the browser has the Navigation API, and otherwise go without asking.
 */
export function useUnsavedChanges(dirty: boolean) {
  const navigate = useNavigate();
  const [pending, setPending] = useState<Pending | null>(null);
  const allowTraverse = useRef(false);

  useEffect(() => {
    const navigation = 'navigation' in window ? window.navigation : undefined;
    if (!dirty || !navigation) return;
    const onNavigate = (event: NavigateEvent) => {
      if (event.navigationType !== 'traverse' || !event.cancelable || allowTraverse.current) return;
      event.preventDefault();
      setPending({ historyKey: event.destination.key });
    };
    navigation.addEventListener('navigate', onNavigate);
    return () => navigation.removeEventListener('navigate', onNavigate);
  }, [dirty]);

  useEffect(() => {
    if (!dirty) return;
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older browsers show the question only when returnValue is set.
      event.returnValue = '';
    };
    const onClick = (event: MouseEvent) => {
      if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey)
        return;
      const link = (event.target as Element | null)?.closest?.('a[href]');
      if (!(link instanceof HTMLAnchorElement) || link.hasAttribute('download')) return;
      if (link.target && link.target !== '_self') return;
      const url = new URL(link.href, window.location.href);
      // Another site: beforeunload asks. The same page (an anchor): nothing is lost.
      if (url.origin !== window.location.origin || url.pathname === window.location.pathname) return;
      event.preventDefault();
      event.stopPropagation();
      setPending({ path: url.pathname + url.search + url.hash });
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    // Capture, on the document: before React's own listeners on the app's root see the click.
    document.addEventListener('click', onClick, true);
    return () => {
      window.removeEventListener('beforeunload', onBeforeUnload);
      document.removeEventListener('click', onClick, true);
    };
  }, [dirty]);

  return {
    asking: pending !== null,
    stay: () => setPending(null),
    leave: () => {
      setPending(null);
      if (!pending) return;
      if ('path' in pending) navigate(pending.path);
      else {
        allowTraverse.current = true;
        window.navigation?.traverseTo(pending.historyKey);
      }
    },
  };
}

/** The in-page question: a modal dialog, so focus stays in it (on "Stay", its first button) and Escape means "stay". */
export function LeaveDialog({ open, onStay, onLeave }: { open: boolean; onStay(): void; onLeave(): void }) {
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);
  return (
    <dialog ref={ref} className="leave-dialog" aria-labelledby="leave-heading" aria-describedby="leave-text" onClose={onStay}>
      <h2 id="leave-heading">Leave without saving?</h2>
      <p id="leave-text">You have changes to this form that are not saved yet.</p>
      <div className="form-actions">
        <button type="button" className="button button-primary" onClick={onStay}>
          Stay and keep editing
        </button>
        <button type="button" className="button" onClick={onLeave}>
          Leave without saving
        </button>
      </div>
    </dialog>
  );
}
