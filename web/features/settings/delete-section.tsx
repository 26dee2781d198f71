import { type FormEvent, useEffect, useRef, useState } from 'react';
import { ACCOUNT_MESSAGES, BACKUP_KEEP_DAYS, type DeleteAccountResponse } from '../../../core/account';
import type { SessionUser } from '../../../core/api';
import { useApiAction } from '../../lib/use-api-action';
import { ErrorAlert } from '../../ui/alert';
import { TextField } from '../../ui/form-field';
import { settingsApi } from './api';

const focusField = () => document.getElementById('delete-email')?.focus();

/**
 * "Delete my account" (issue 15 §6): asks in the page for the sign-in email, then deletes with the
 * same backup an admin's deletion keeps, restorable for BACKUP_KEEP_DAYS days.
 */
export function DeleteSection({ user, onDeleted }: { user: SessionUser; onDeleted(result: DeleteAccountResponse): void }) {
  const [asking, setAsking] = useState(false);
  const [email, setEmail] = useState('');
  const [fieldError, setFieldError] = useState<string>();
  const start = useRef<HTMLButtonElement>(null);
  const wasAsking = useRef(false);

  // Focus follows the step: into the email field when it opens, back to the button when cancelled.
  useEffect(() => {
    if (asking) focusField();
    else if (wasAsking.current) start.current?.focus();
    wasAsking.current = asking;
  }, [asking]);

  // The page changes once the account is gone: the button stays busy until then.
  const remove = useApiAction(async () => onDeleted(await settingsApi.deleteAccount({ email })), { staysBusy: true });
  const { busy } = remove;

  function submit(event: FormEvent) {
    event.preventDefault();
    remove.setError(undefined);
    if (email.trim().toLowerCase() !== user.email.toLowerCase()) {
      setFieldError(ACCOUNT_MESSAGES.confirmMismatch);
      focusField();
      return;
    }
    setFieldError(undefined);
    void remove.run();
  }

  return (
    <section className="card settings-section settings-danger" aria-labelledby="delete-heading">
      <h2 id="delete-heading">Delete my account</h2>
      <p>
        This removes your profile, handle, lists, follows, requests and invites, and your chat forms with their responses, and
        signs you out everywhere. We keep a backup for {BACKUP_KEEP_DAYS} days so an admin can restore your account if you ask;
        after that it is erased for good.
      </p>
      {user.owner ? (
        <p className="alert alert-warning">{ACCOUNT_MESSAGES.ownerCannotDelete}</p>
      ) : asking ? (
        <form onSubmit={submit} noValidate className="settings-confirm">
          <TextField
            id="delete-email"
            label="Type your email address to confirm"
            hint={
              <>
                You sign in as <strong>{user.email}</strong>.
              </>
            }
            type="email"
            autoComplete="off"
            autoCapitalize="none"
            spellCheck={false}
            value={email}
            error={fieldError}
            onChange={(event) => setEmail(event.target.value)}
          />
          <ErrorAlert message={remove.error} />
          <div className="form-actions">
            <button type="submit" className="button button-danger" disabled={busy} aria-busy={busy}>
              {busy ? 'Deleting your account...' : 'Delete my account'}
            </button>
            <button type="button" className="button" disabled={busy} onClick={() => setAsking(false)}>
              Cancel
            </button>
          </div>
        </form>
      ) : (
        <div className="form-actions">
          <button ref={start} type="button" className="button button-danger-outline" onClick={() => setAsking(true)}>
            Delete my account...
          </button>
        </div>
      )}
    </section>
  );
}
