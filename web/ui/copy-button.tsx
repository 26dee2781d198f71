import { useEffect, useState } from 'react';

/** Spec 9: a copy confirmation shows for 2 seconds. */
export const COPY_CONFIRMATION_MS = 2000;

const COPY_FAILED = 'Could not copy. Select the text and copy it yourself.';

/**
 * Copies `text` to the clipboard; the label turns into `copiedLabel` for 2 seconds and a status
 * line tells screen readers (and everyone else) that it worked, or that it did not.
 */
export function CopyButton({
  text,
  label,
  copiedLabel,
  confirmation,
  className = 'button',
  ariaLabel,
}: {
  text: string;
  label: string;
  copiedLabel: string;
  confirmation: string;
  className?: string;
  /** The button's name when its label alone is ambiguous (one Copy button per list). */
  ariaLabel?: string;
}) {
  const [state, setState] = useState<'idle' | 'copied' | 'failed'>('idle');

  useEffect(() => {
    if (state === 'idle') return;
    const timer = setTimeout(() => setState('idle'), COPY_CONFIRMATION_MS);
    return () => clearTimeout(timer);
  }, [state]);

  async function copy() {
    try {
      // Absent outside secure contexts (plain http on a LAN address): that counts as a failure.
      await navigator.clipboard.writeText(text);
      setState('copied');
    } catch {
      setState('failed');
    }
  }

  return (
    <span className="copy">
      <button type="button" className={className} onClick={copy} aria-label={state === 'idle' ? ariaLabel : undefined}>
        {state === 'copied' ? copiedLabel : label}
      </button>
      <span className={state === 'failed' ? 'copy-status copy-failed' : 'copy-status'} role="status">
        {state === 'copied' ? confirmation : state === 'failed' ? COPY_FAILED : ''}
      </span>
    </span>
  );
}
