import { type FormEvent, useId, useState } from 'react';
import type { PublicPost } from '../../../core/feed';
import { characterCount, DESCRIPTION_MAX_LENGTH, descriptionProblem } from '../../../core/link';
import { isCalendarDate, listNameProblem, validityOrderProblem } from '../../../core/list';
import { LIST_MESSAGES, LIST_NAME_MAX_LENGTH } from '../../../core/list-text';
import { errorMessage } from '../../lib/api-client';
import { dashboardApi, type PostEditBody } from './api';

function Problem({ id, text }: { id: string; text: string | null }) {
  if (!text) return null;
  return (
    <p id={id} className="field-error" role="alert">
      {text}
    </p>
  );
}

/** The form's first problems, by the server's rules and messages. */
function problemsOf(draft: Required<PostEditBody>, withName: boolean) {
  const date = (text: string, label: string) => (text !== '' && !isCalendarDate(text) ? LIST_MESSAGES.dateInvalid(label) : null);
  const name = draft.listName.trim();
  return {
    description: descriptionProblem(draft.description.trim()),
    listName: withName ? (name === '' ? LIST_MESSAGES.nameRequired : listNameProblem(name)) : null,
    validFrom: date(draft.validFrom, 'Valid from'),
    validUntil:
      date(draft.validUntil, 'Valid until') ??
      validityOrderProblem({ validFrom: draft.validFrom || null, validUntil: draft.validUntil || null }),
  };
}

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
  const ids = {
    text: `${id}-text`,
    counter: `${id}-counter`,
    textError: `${id}-text-error`,
    name: `${id}-name`,
    nameHint: `${id}-name-hint`,
    nameError: `${id}-name-error`,
    from: `${id}-from`,
    fromError: `${id}-from-error`,
    until: `${id}-until`,
    untilError: `${id}-until-error`,
    error: `${id}-error`,
  };
  const problems = problemsOf(draft, newest);
  const blocked = Object.values(problems).some((p) => p !== null);
  const set = (change: Partial<PostEditBody>) => {
    setDraft({ ...draft, ...change });
    setError(undefined);
  };
  const describedBy = (hint: string | null, errorId: string, problem: string | null) =>
    [hint, problem ? errorId : null].filter(Boolean).join(' ') || undefined;

  async function save(event: FormEvent) {
    event.preventDefault();
    if (blocked) return;
    setBusy(true);
    try {
      const { listName, ...rest } = draft;
      await dashboardApi.editPost(post.id, newest ? { ...rest, listName: listName.trim() } : rest);
      onDone(true);
    } catch (err) {
      setError(errorMessage(err));
      setBusy(false);
    }
  }

  return (
    <form className="edit-form" onSubmit={save} noValidate aria-label={`Edit ${post.list.name}`}>
      {newest && (
        <>
          <label htmlFor={ids.name}>List name</label>
          <input
            id={ids.name}
            type="text"
            value={draft.listName}
            onChange={(e) => set({ listName: e.target.value })}
            aria-invalid={problems.listName ? true : undefined}
            aria-describedby={describedBy(ids.nameHint, ids.nameError, problems.listName)}
            disabled={busy}
          />
          <p id={ids.nameHint} className="field-hint">
            {characterCount(draft.listName.trim())}/{LIST_NAME_MAX_LENGTH}. The list's link and QR code stay the same.
          </p>
          <Problem id={ids.nameError} text={problems.listName} />
        </>
      )}
      <label htmlFor={ids.text}>Description</label>
      <textarea
        id={ids.text}
        value={draft.description}
        onChange={(e) => set({ description: e.target.value })}
        aria-invalid={problems.description ? true : undefined}
        aria-describedby={describedBy(ids.counter, ids.textError, problems.description)}
        disabled={busy}
      />
      <p id={ids.counter} className="field-hint counter">
        {characterCount(draft.description.trim())}/{DESCRIPTION_MAX_LENGTH}
      </p>
      <Problem id={ids.textError} text={problems.description} />
      <div className="date-fields">
        <div>
          <label htmlFor={ids.from}>Valid from (optional)</label>
          <input
            id={ids.from}
            type="date"
            value={draft.validFrom}
            onChange={(e) => set({ validFrom: e.target.value })}
            aria-invalid={problems.validFrom ? true : undefined}
            aria-describedby={describedBy(null, ids.fromError, problems.validFrom)}
            disabled={busy}
          />
          <Problem id={ids.fromError} text={problems.validFrom} />
        </div>
        <div>
          <label htmlFor={ids.until}>Valid until (optional)</label>
          <input
            id={ids.until}
            type="date"
            value={draft.validUntil}
            min={draft.validFrom || undefined}
            onChange={(e) => set({ validUntil: e.target.value })}
            aria-invalid={problems.validUntil ? true : undefined}
            aria-describedby={describedBy(null, ids.untilError, problems.validUntil)}
            disabled={busy}
          />
          <Problem id={ids.untilError} text={problems.validUntil} />
        </div>
      </div>
      <Problem id={ids.error} text={error ?? null} />
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
