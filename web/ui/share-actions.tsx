import { useEffect, useState } from 'react';
import { CopyButton } from './copy-button';

/**
 * Copy, Share and Print for a page people pass on (#31: the connect page, /tell-your-friends).
 * Share opens the phone's share sheet (navigator.share) and shows only where there is one: known
 * after hydration, so the server's HTML and the browser's first render agree.
 */
export function ShareActions({ url, title, text }: { url: string; title: string; text: string }) {
  const [canShare, setCanShare] = useState(false);
  useEffect(() => setCanShare(typeof navigator.share === 'function'), []);
  return (
    <div className="share-actions">
      <CopyButton text={url} label="Copy link" copiedLabel="Link copied" confirmation="The link is on your clipboard." />
      {canShare && (
        <button type="button" className="button" onClick={() => navigator.share({ title, text, url }).catch(() => undefined)}>
          Share
        </button>
      )}
      <button type="button" className="button" onClick={() => window.print()}>
        Print
      </button>
    </div>
  );
}
