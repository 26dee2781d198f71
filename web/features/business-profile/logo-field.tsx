import { type ChangeEvent, useId, useRef, useState } from 'react';
import { LOGO_MAX_BYTES, LOGO_MESSAGES, LOGO_TYPES, type Logo } from '../../../core/business-profile';
import { errorMessage } from '../../lib/api-client';
import { isSessionEnded } from '../../lib/session-ended';
import { useApiAction } from '../../lib/use-api-action';
import { BusinessLogo } from '../../ui/business-card';
import { businessProfileApi } from './api';

/**
 * The logo: chosen, checked here (type and size, as the server will) and uploaded at once; the
 * server's answer (not an image, too many pixels) shows under the field like any other error.
 */
export function LogoField({
  logo,
  name,
  onChange,
  onSessionEnded,
}: {
  logo: Logo | null;
  name: string;
  onChange(logo: Logo | null): void;
  onSessionEnded(): void;
}) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [status, setStatus] = useState('');
  const send = useApiAction(
    async (action: () => Promise<Logo | null>, done: string) => {
      setStatus('');
      onChange(await action());
      setStatus(done);
    },
    {
      onError: (err) => {
        if (!isSessionEnded(err)) return errorMessage(err);
        onSessionEnded();
        return undefined;
      },
    },
  );
  const { busy, error, setError } = send;

  async function run(action: () => Promise<Logo | null>, done: string) {
    await send.run(action, done);
    if (input.current) input.current.value = '';
  }

  function choose(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    if (!file) return;
    if (!(LOGO_TYPES as readonly string[]).includes(file.type)) {
      setError(LOGO_MESSAGES.type);
      return;
    }
    if (file.size > LOGO_MAX_BYTES) {
      setError(LOGO_MESSAGES.tooLarge);
      return;
    }
    void run(() => businessProfileApi.uploadLogo(file), 'Logo saved.');
  }

  return (
    <fieldset className="field logo-field">
      <legend>Logo</legend>
      <div className="logo-field-row">
        <BusinessLogo logo={logo} name={name} />
        <div className="logo-field-controls">
          <label htmlFor={id}>{logo ? 'Choose another image' : 'Choose an image'}</label>
          <input
            ref={input}
            id={id}
            type="file"
            accept={LOGO_TYPES.join(',')}
            disabled={busy}
            aria-invalid={error ? true : undefined}
            aria-describedby={`${id}-hint${error ? ` ${id}-error` : ''}`}
            onChange={choose}
          />
          {busy && <p className="muted">Uploading...</p>}
          {logo && (
            <button
              type="button"
              className="link-button"
              disabled={busy}
              onClick={() => void run(async () => (await businessProfileApi.removeLogo()).logo, LOGO_MESSAGES.removed)}
            >
              Remove logo
            </button>
          )}
        </div>
      </div>
      <p id={`${id}-hint`} className="field-hint">
        PNG, JPEG or WebP, up to 2 MB. It is shown square, at most 256 pixels; what the file says about where and how it was taken
        is removed.
      </p>
      {error && (
        <p id={`${id}-error`} className="field-error" role="alert">
          {error}
        </p>
      )}
      <p className="copy-status" role="status">
        {status}
      </p>
    </fieldset>
  );
}
