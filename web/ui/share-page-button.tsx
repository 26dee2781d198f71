import { useEffect, useState } from 'react';
import { CopyButton } from './copy-button';

/**
 * One button that passes a page on (issue 43): the phone's share sheet (navigator.share) where there
 * is one, else a copy of its link. Which one is known after hydration, so the server's HTML and the
 * browser's first render agree (the copy).
 */
export function SharePageButton({ url, title, text }: { url: string; title: string; text: string }) {
  const [canShare, setCanShare] = useState(false);
  useEffect(() => setCanShare(typeof navigator.share === 'function'), []);
  if (!canShare) {
    return (
      <CopyButton
        text={url}
        label="Copy this page's link"
        copiedLabel="Link copied"
        confirmation="The link is on your clipboard."
        className="button button-primary"
      />
    );
  }
  return (
    <button
      type="button"
      className="button button-primary"
      onClick={() => navigator.share({ title, text, url }).catch(() => undefined)}
    >
      Share this page
    </button>
  );
}
