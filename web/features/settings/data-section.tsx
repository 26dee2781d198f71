import { useState } from 'react';
import { ApiRequestError } from '../../lib/api-client';
import { useApiAction } from '../../lib/use-api-action';
import { ErrorAlert } from '../../ui/alert';

/** Hands the browser a file to save, without a page change. */
function saveFile(name: string, file: Blob) {
  const url = URL.createObjectURL(file);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** The readable download (#31): a zip with a README, the data (plain names, ISO dates) and the logo. */
async function fetchDownload(): Promise<{ name: string; file: Blob }> {
  let response: Response;
  try {
    response = await fetch('/api/account/export.zip', { credentials: 'same-origin' });
  } catch {
    throw new ApiRequestError(0, 'Could not reach Freshlist. Check your connection and try again.');
  }
  if (!response.ok) {
    const body = (await response.json().catch(() => null)) as { message?: unknown } | null;
    throw new ApiRequestError(response.status, typeof body?.message === 'string' ? body.message : 'Something went wrong.');
  }
  const name = /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1] ?? 'freshlist-data.zip';
  return { name, file: await response.blob() };
}

/** "Download my data" (issue 15 §6): everything Freshlist stores about the person, in one zip. */
export function DataSection() {
  const [done, setDone] = useState('');
  const download = useApiAction(async () => {
    setDone('');
    const { name, file } = await fetchDownload();
    saveFile(name, file);
    setDone(`Your data was saved as ${name}.`);
  });
  const { busy } = download;

  return (
    <section className="card settings-section" aria-labelledby="data-heading">
      <h2 id="data-heading">Your data</h2>
      <p>
        One zip file with everything Freshlist stores about you: your profile, handle, logo, lists, follows both ways, requests,
        invites, chat forms with their responses, email preferences and recent mail, sign-ins and analytics events. A README
        inside says what each part is.
      </p>
      <ErrorAlert message={download.error} />
      <div className="form-actions">
        <button type="button" className="button" onClick={() => download.run()} disabled={busy} aria-busy={busy}>
          {busy ? 'Preparing your file...' : 'Download my data'}
        </button>
      </div>
      <p className="settings-status" role="status" aria-live="polite">
        {done}
      </p>
    </section>
  );
}
