import { useId } from 'react';
import { characterCount } from '../../../core/link';
import { listNameProblem, type OwnList } from '../../../core/list';
import { defaultListName, LIST_NAME_MAX_LENGTH } from '../../../core/list-text';
import type { Audience } from '../../../core/trade';
import { AudienceFields } from '../../ui/audience-fields';
import { ValidityFields, validityProblems } from '../../ui/validity-fields';

/** The upload form's list and validity fields, as typed. */
export interface VersionDraft {
  /** '' starts a new list; otherwise the id of the list this post is a new version of. */
  listId: string;
  listName: string;
  validFrom: string;
  validUntil: string;
  /** Who sees a new list (a new version keeps its list's). */
  audience: Audience;
}

export const EMPTY_DRAFT: VersionDraft = { listId: '', listName: '', validFrom: '', validUntil: '', audience: 'public' };

/** The first problem of the list and validity fields, by the server's rules and messages. */
export function draftProblems(draft: VersionDraft) {
  const { validFrom, validUntil } = validityProblems(draft);
  const listName = draft.listId === '' ? listNameProblem(draft.listName.trim()) : null;
  return { listName, validFrom, validUntil, any: Boolean(listName || validFrom || validUntil) };
}

/** The body fields they become (an empty field is left out). */
export function draftBody(draft: VersionDraft) {
  return {
    ...(draft.listId ? { listId: Number(draft.listId) } : draft.listName.trim() ? { listName: draft.listName.trim() } : {}),
    ...(draft.listId ? {} : { audience: draft.audience }),
    ...(draft.validFrom ? { validFrom: draft.validFrom } : {}),
    ...(draft.validUntil ? { validUntil: draft.validUntil } : {}),
  };
}

const versionsText = (n: number) => (n === 1 ? '1 version' : `${n} versions`);

function Problem({ id, text }: { id: string; text: string | null }) {
  if (!text) return null;
  return (
    <p id={id} className="field-error" role="alert">
      {text}
    </p>
  );
}

/**
 * "New version of" one of the owner's lists, or a name for the new list this post starts; then the
 * optional validity dates. A new version replaces the list everywhere, its earlier versions fold.
 */
export function VersionFields(props: {
  draft: VersionDraft;
  onChange(draft: VersionDraft): void;
  lists: OwnList[] | undefined;
  description: string;
  disabled: boolean;
}) {
  const { draft, onChange, lists, description, disabled } = props;
  const ids = {
    list: useId(),
    listHint: useId(),
    name: useId(),
    nameHint: useId(),
    nameError: useId(),
  };
  const problems = draftProblems(draft);
  const set = (change: Partial<VersionDraft>) => onChange({ ...draft, ...change });
  return (
    <>
      <label htmlFor={ids.list}>New version of</label>
      <select
        id={ids.list}
        name="listId"
        value={draft.listId}
        onChange={(e) => set({ listId: e.target.value })}
        aria-describedby={ids.listHint}
        disabled={disabled}
      >
        <option value="">Nothing: this starts a new list</option>
        {(lists ?? []).map((list) => (
          <option key={list.id} value={String(list.id)}>
            {list.name} ({versionsText(list.versions)})
          </option>
        ))}
      </select>
      <p id={ids.listHint} className="field-hint">
        A new version replaces the list on your profile, in feeds and at its stable link; earlier versions stay one tap away.
      </p>

      {draft.listId === '' && (
        <>
          <label htmlFor={ids.name}>List name (optional)</label>
          <input
            id={ids.name}
            name="listName"
            type="text"
            value={draft.listName}
            onChange={(e) => set({ listName: e.target.value })}
            placeholder={defaultListName(description)}
            aria-invalid={problems.listName ? true : undefined}
            aria-describedby={`${ids.nameHint}${problems.listName ? ` ${ids.nameError}` : ''}`}
            disabled={disabled}
          />
          <p id={ids.nameHint} className="field-hint">
            {characterCount(draft.listName.trim())}/{LIST_NAME_MAX_LENGTH}. Left empty, the list is named from its description.
          </p>
          <Problem id={ids.nameError} text={problems.listName} />
          <AudienceFields value={draft.audience} onChange={(audience) => set({ audience })} disabled={disabled} />
        </>
      )}

      <ValidityFields idPrefix="" draft={draft} onChange={set} disabled={disabled} />
    </>
  );
}
