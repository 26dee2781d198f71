import { type FormEvent, useId, useState } from 'react';
import type { PublicPost } from '../../../core/feed';
import { characterCount, DESCRIPTION_MAX_LENGTH, descriptionProblem } from '../../../core/link';
import { listNameProblem } from '../../../core/list';
import { LIST_MESSAGES, LIST_NAME_MAX_LENGTH } from '../../../core/list-text';
import { errorMessage } from '../../lib/api-client';
import { ErrorAlert } from '../../ui/alert';
import { TextAreaField, TextField } from '../../ui/form-field';
import { ValidityFields, validityProblems } from '../../ui/validity-fields';
import { dashboardApi, type PostEditBody } from './api';

/**
 * Editing a post in place: its description by the rule the upload form uses, its validity dates,
 * and on a list's newest version the list's name (its stable link and QR code stay the same).
 */
export function EditPostForm({ post, newest, onDone }: { post: PublicPost; newest: boolean; onDone(saved: boolean): void }) {
  const [draft, setDraft] = useState<Required<PostEditBody>>({
    description: post.description,
    listName: post.list.name,
    validFrom: post.validFrom ?? '',
    validUntil: post.validUntil ?? '',
  });
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  const id = useId();
  const name = draft.listName.trim();
  const problems = {
    description: descriptionProblem(draft.description.trim()),
    listName: newest ? (name === '' ? LIST_MESSAGES.nameRequired : listNameProblem(name)) : null,
    ...validityProblems(draft),
  };
  const blocked = Object.values(problems).some((p) => p !== null);
  const set = (change: Partial<PostEditBody>) => {
    setDraft({ ...draft, ...change });
    setError(undefined);
  };

  async function save(event: FormEvent) {
    event.preventDefault();
    if (blocked) return;
    setBusy(true);
    try {
      const { listName, ...rest } = draft;
      await dashboardApi.editPost(post.id, newest ? { ...rest, listName: name } : rest);
      onDone(true);
    } catch (err) {
      setError(errorMessage(err));
      setBusy(false);
    }
  }

  return (
    <form className="edit-form" onSubmit={save} noValidate aria-label={`Edit ${post.list.name}`}>
      {newest && (
        <TextField
          id={`${id}listName`}
          label="List name"
          value={draft.listName}
          onChange={(e) => set({ listName: e.target.value })}
          hint={`${characterCount(name)}/${LIST_NAME_MAX_LENGTH}. The list's link and QR code stay the same.`}
          error={problems.listName ?? undefined}
          disabled={busy}
        />
      )}
      <TextAreaField
        id={`${id}description`}
        label="Description"
        value={draft.description}
        onChange={(e) => set({ description: e.target.value })}
        hint={`${characterCount(draft.description.trim())}/${DESCRIPTION_MAX_LENGTH}`}
        error={problems.description ?? undefined}
        disabled={busy}
      />
      <ValidityFields idPrefix={id} draft={draft} onChange={set} disabled={busy} />
      <ErrorAlert message={error} />
      <div className="form-actions">
        <button type="button" className="button" onClick={() => onDone(false)} disabled={busy}>
          Cancel
        </button>
        <button type="submit" className="button button-primary" disabled={busy || blocked} aria-busy={busy}>
          {busy ? 'Saving...' : 'Save'}
        </button>
      </div>
    </form>
  );
}
