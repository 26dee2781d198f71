import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';

/** Where the owner asked to go: a path of the app, back or forward in the history, or back past the guard entry. */
type Pending = { path: string } | { historyKey: string } | { back: true };

/** Marks the history entry that holds Back where the Navigation API is missing. */
const GUARD = 'freshlistUnsavedGuard';
const onGuardEntry = () => Boolean((window.history.state as Record<string, unknown> | null)?.[GUARD]);
const pushGuard = () => window.history.pushState({ ...window.history.state, [GUARD]: true }, '', window.location.href);

/**
 * Asks before unsaved edits are lost (issue 19). Leaving the site, reloading or closing the tab
 * gets the browser's own question (beforeunload); following a link inside the app is held and
 * asked about in the page. The router is a declarative <BrowserRouter>, whose navigations cannot
 * be blocked, so links are caught as they are clicked (ADR 0106); Back and Forward are caught
 * with the Navigation API, and where a browser lacks it, Back is held by a guard entry of the same
 * address pushed while there are unsaved edits: Back lands on the page itself and is asked about.
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
    if (!dirty || window.navigation) return;
    pushGuard();
    const onPopState = () => {
      if (allowTraverse.current || onGuardEntry()) return;
      // Back left the guard: the page is still this one. Hold Back again and ask.
      pushGuard();
      setPending({ back: true });
    };
    window.addEventListener('popstate', onPopState);
    return () => {
      window.removeEventListener('popstate', onPopState);
      // Saved (still on the guard entry): take the guard away, so Back is one press again.
      if (onGuardEntry() && !allowTraverse.current) window.history.back();
    };
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
      else if ('back' in pending) {
        allowTraverse.current = true;
        // Past the guard and the page's own entry, to where Back was going.
        window.history.go(-2);
      } else {
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
