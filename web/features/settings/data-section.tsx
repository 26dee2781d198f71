import { useState } from 'react';
import { exportFileName } from '../../../core/account';
import { errorMessage } from '../../lib/api-client';
import { ErrorAlert } from '../../ui/alert';
import { settingsApi } from './api';

/** Hands the browser a file to save, without a page change. */
function saveFile(name: string, text: string) {
  const url = URL.createObjectURL(new Blob([text], { type: 'application/json' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** "Download my data" (issue 15 §6): one JSON file with everything Freshlist stores about the person. */
export function DataSection() {
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState('');
  const [error, setError] = useState<string>();

  async function download() {
    setBusy(true);
    setDone('');
    setError(undefined);
    try {
      const data = await settingsApi.exportData();
      const name = exportFileName(data.handle?.handle ?? null, data.exportedAt);
      saveFile(name, `${JSON.stringify(data, null, 2)}\n`);
      setDone(`Your data was saved as ${name}.`);
    } catch (err) {
      setError(errorMessage(err));
    } finally {
      setBusy(false);
    }
  }

  return (
    <section className="card settings-section" aria-labelledby="data-heading">
      <h2 id="data-heading">Your data</h2>
      <p>
        One JSON file with everything Freshlist stores about you: your profile, handle, lists, follows both ways, requests,
        invites, chat forms with their responses, email preferences and recent mail, sign-ins and analytics events.
      </p>
      <ErrorAlert message={error} />
      <div className="form-actions">
        <button type="button" className="button" onClick={download} disabled={busy} aria-busy={busy}>
          {busy ? 'Preparing your file...' : 'Download my data'}
        </button>
      </div>
      <p className="settings-status" role="status" aria-live="polite">
        {done}
      </p>
    </section>
  );
}
