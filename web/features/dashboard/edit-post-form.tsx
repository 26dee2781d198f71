import { type FormEvent, useId, useRef, useState } from 'react';
import type { PublicPost } from '../../../core/feed';
import { characterCount, completeLink, DESCRIPTION_MAX_LENGTH, descriptionProblem, linkProblem } from '../../../core/link';
import { FIXABLE } from '../../../core/link-check';
import { listNameProblem } from '../../../core/list';
import { LIST_MESSAGES } from '../../../core/list-messages';
import { LIST_NAME_MAX_LENGTH } from '../../../core/list-text';
import { useLinkCheck } from '../../lib/link-check';
import { useApiGet } from '../../lib/use-api';
import { useApiAction } from '../../lib/use-api-action';
import { ErrorAlert } from '../../ui/alert';
import { TextAreaField, TextField } from '../../ui/form-field';
import { LinkCheckNote, LinkProblemQuestion } from '../../ui/link-check-note';
import { PastValidUntilQuestion, ValidityFields, validityProblems, validUntilPassed } from '../../ui/validity-fields';
import { dashboardApi, type PostEditBody } from './api';

/**
 * Editing a post in place: its link (a mistyped one put right, #31) and description by the rules the
 * upload form uses, its validity dates, and on a list's newest version the list's name (its stable
 * link and QR code stay the same).
 */
export function EditPostForm({ post, newest, onDone }: { post: PublicPost; newest: boolean; onDone(saved: boolean): void }) {
  const [draft, setDraft] = useState<Required<PostEditBody>>({
    url: post.url,
    description: post.description,
    listName: post.list.name,
    validFrom: post.validFrom ?? '',
    validUntil: post.validUntil ?? '',
  });
  const [asking, setAsking] = useState(false);
  // A new link the check found private, missing or not a file: fixed, or saved anyway (#29).
  const [linkQuestion, setLinkQuestion] = useState<string | null>(null);
  const linkAnswered = useRef('');
  const linkCheck = useLinkCheck();
  const policy = useApiGet(() => dashboardApi.linkPolicy(), []);
  const id = useId();
  const name = draft.listName.trim();
  const link = completeLink(draft.url);
  const problems = {
    url: policy.data && link !== post.url ? linkProblem(link, policy.data) : null,
    description: descriptionProblem(draft.description.trim()),
    listName: newest ? (name === '' ? LIST_MESSAGES.nameRequired : listNameProblem(name)) : null,
    ...validityProblems(draft),
  };
  const blocked = Object.values(problems).some((p) => p !== null);
  // The check of a new link is part of saving; the form closes once saved.
  const send = useApiAction(async () => {
    if (link !== post.url && linkAnswered.current !== link) {
      const result = await linkCheck.settle(link);
      if (result?.message && FIXABLE.has(result.health)) {
        setLinkQuestion(result.message);
        return;
      }
    }
    const { listName, url: _typed, ...rest } = draft;
    const changes = { ...rest, ...(link !== post.url ? { url: link } : {}) };
    await dashboardApi.editPost(post.id, newest ? { ...changes, listName: name } : changes);
    onDone(true);
  });
  const { busy, error } = send;
  const set = (change: Partial<PostEditBody>) => {
    setDraft({ ...draft, ...change });
    send.setError(undefined);
    setAsking(false);
    setLinkQuestion(null);
  };

  function save(event?: FormEvent) {
    event?.preventDefault();
    if (blocked) return;
    // A past date already stored was answered for when it was set.
    if (!asking && draft.validUntil !== (post.validUntil ?? '') && validUntilPassed(draft)) {
      setAsking(true);
      return;
    }
    setAsking(false);
    void send.run();
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
      <TextField
        id={`${id}url`}
        label="Link URL"
        value={draft.url}
        inputMode="url"
        spellCheck={false}
        onChange={(e) => set({ url: e.target.value })}
        onBlur={(e) => {
          setDraft((d) => ({ ...d, url: completeLink(d.url) }));
          // Straight to Save: saving checks it; a note appearing now would move the button from under the click.
          const toSave = e.relatedTarget instanceof HTMLButtonElement && e.relatedTarget.type === 'submit';
          if (link !== post.url && !problems.url && policy.data && !toSave) void linkCheck.check(link);
        }}
        hint="Put a mistyped link right here; for a new file, share a new version instead."
        error={problems.url ?? undefined}
        disabled={busy}
      />
      {linkCheck.state?.link === link && link !== post.url && !problems.url && (
        <LinkCheckNote id={`${id}check`} checking={linkCheck.state.result === null} result={linkCheck.state.result} />
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
      {asking && (
        <PastValidUntilQuestion
          validUntil={draft.validUntil}
          confirmLabel="Save anyway"
          onConfirm={() => void save()}
          onChange={() => {
            setAsking(false);
            document.getElementById(`${id}validUntil`)?.focus();
          }}
        />
      )}
      {linkQuestion && (
        <LinkProblemQuestion
          message={linkQuestion}
          confirmLabel="Save anyway"
          onConfirm={() => {
            linkAnswered.current = link;
            setLinkQuestion(null);
            void save();
          }}
          onFix={() => {
            setLinkQuestion(null);
            document.getElementById(`${id}url`)?.focus();
          }}
        />
      )}
      <div className="form-actions">
        <button type="button" className="button" onClick={() => onDone(false)} disabled={busy}>
          Cancel
        </button>
        <button
          type="submit"
          className="button button-primary"
          disabled={busy || blocked || asking || linkQuestion !== null}
          aria-busy={busy}
        >
          {busy ? 'Saving...' : 'Save'}
        </button>
      </div>
    </form>
  );
}
