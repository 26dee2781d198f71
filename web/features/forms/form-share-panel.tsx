import type { ManagedChatForm } from '../../../core/chat-form-api';
import { pagePath } from '../../../core/pages';
import { CopyButton } from '../../ui/copy-button';
import { Link } from '../../ui/link';

const QR_SHOWN_SIZE = 200;
const QR_DOWNLOAD_SIZE = 1024;

/** Our own server draws the QR code (decisions.md: never a third-party QR service). */
const qrUrl = (data: string, size: number) => `/qr?${new URLSearchParams({ data, size: String(size) })}`;

/** The form's public link, to copy, open or scan, and the way to its responses. */
export function FormSharePanel({ form }: { form: ManagedChatForm }) {
  const url = `${window.location.origin}${pagePath('form', { formId: form.id })}`;
  return (
    <section className="card share-panel" aria-labelledby="share-heading">
      <div className="share-text">
        <h2 id="share-heading">Share your form</h2>
        <label htmlFor="form-link">Public link</label>
        <div className="copy-row">
          <input id="form-link" type="url" readOnly value={url} onFocus={(e) => e.currentTarget.select()} />
          <CopyButton text={url} label="Copy link" copiedLabel="Link copied" confirmation="The link is on your clipboard." />
        </div>
        <p className="share-links">
          <a href={pagePath('form', { formId: form.id })} target="_blank" rel="noopener">
            Open the form
          </a>
          <Link to={pagePath('chatFormResponses', { formId: form.id })}>See responses ({form.responseCount})</Link>
          <a href={qrUrl(url, QR_DOWNLOAD_SIZE)} download={`chat-form-${form.id}-qr.png`}>
            Download QR code
          </a>
        </p>
      </div>
      <img
        className="share-qr"
        src={qrUrl(url, QR_SHOWN_SIZE)}
        width={QR_SHOWN_SIZE}
        height={QR_SHOWN_SIZE}
        alt={`QR code for ${url}`}
      />
    </section>
  );
}
