import { type FormEvent, useId, useState } from 'react';
import { Link } from 'react-router';
import type { PublicPost } from '../../../core/feed';
import { characterCount, DESCRIPTION_MAX_LENGTH, descriptionProblem } from '../../../core/link';
import { listPaths } from '../../../core/list-text';
import { pagePath } from '../../../core/pages';
import { errorMessage } from '../../lib/api-client';
import { ConfirmButton } from '../../ui/confirm-button';
import { dashboardApi } from './api';

/** Editing a post's description in place, by the rule the upload form uses. */
function EditForm({ post, onDone }: { post: PublicPost; onDone(saved: boolean): void }) {
  const [description, setDescription] = useState(post.description);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  const ids = { text: useId(), counter: useId(), error: useId() };
  const problem = descriptionProblem(description);
  const shown = error ?? problem;

  async function save(event: FormEvent) {
    event.preventDefault();
    if (problem) return;
    setBusy(true);
    try {
      await dashboardApi.editPost(post.id, description);
      onDone(true);
    } catch (err) {
      setError(errorMessage(err));
      setBusy(false);
    }
  }

  return (
    <form className="edit-form" onSubmit={save} noValidate>
      <label htmlFor={ids.text}>Description</label>
      <textarea
        id={ids.text}
        value={description}
        onChange={(e) => {
          setDescription(e.target.value);
          setError(undefined);
        }}
        aria-invalid={shown ? true : undefined}
        aria-describedby={`${ids.counter}${shown ? ` ${ids.error}` : ''}`}
        disabled={busy}
      />
      <p id={ids.counter} className="field-hint counter">
        {characterCount(description.trim())}/{DESCRIPTION_MAX_LENGTH}
      </p>
      {shown && (
        <p id={ids.error} className="field-error" role="alert">
          {shown}
        </p>
      )}
      <div className="form-actions">
        <button type="button" className="button" onClick={() => onDone(false)} disabled={busy}>
          Cancel
        </button>
        <button type="submit" className="button button-primary" disabled={busy || problem !== null} aria-busy={busy}>
          {busy ? 'Saving...' : 'Save'}
        </button>
      </div>
    </form>
  );
}

/**
 * The owner's buttons on one version: edit its description, remove it (asked in the page first),
 * and, on a list's newest version, a new version and the list's printable QR card.
 */
export function OwnerActions({ post, newest, onChanged }: { post: PublicPost; newest: boolean; onChanged(): void }) {
  const [editing, setEditing] = useState(false);
  const [error, setError] = useState<string>();
  if (editing) {
    return (
      <EditForm
        post={post}
        onDone={(saved) => {
          setEditing(false);
          if (saved) onChanged();
        }}
      />
    );
  }
  const what = newest ? post.list.name : `this earlier version of ${post.list.name}`;
  return (
    <div className="owner-actions">
      <button
        type="button"
        className="button button-small"
        onClick={() => setEditing(true)}
        aria-label={`Edit the description of ${what}`}
      >
        Edit
      </button>
      {newest && (
        <>
          <Link className="button button-small" to={`${pagePath('upload')}?list=${post.list.id}`}>
            New version<span className="visually-hidden"> of {post.list.name}</span>
          </Link>
          <a
            className="button button-small"
            href={listPaths.card(post.handle, post.list.slug)}
            target="_blank"
            rel="noopener noreferrer"
          >
            QR card<span className="visually-hidden"> of {post.list.name} (opens in a new tab)</span>
          </a>
        </>
      )}
      <ConfirmButton
        label="Delete"
        ariaLabel={`Delete ${what}`}
        question={newest && post.list.versions === 1 ? `Delete ${post.list.name}?` : 'Delete this version?'}
        onConfirm={async () => {
          try {
            await dashboardApi.removePost(post.id);
            onChanged();
          } catch (err) {
            setError(errorMessage(err));
          }
        }}
      />
      {error && (
        <p className="field-error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
