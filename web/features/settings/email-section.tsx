import { useId } from 'react';
import type { EmailPreferences, FormResponseChoice, ListUpdateChoice } from '../../../core/email';
import { ErrorAlert } from '../../ui/alert';
import { SubmitRow } from '../../ui/form-field';
import { settingsApi } from './api';
import { useSettingsDraft } from './use-settings-draft';

const LIST_UPDATES: { value: ListUpdateChoice; label: string; hint: string }[] = [
  {
    value: 'instant',
    label: 'Instantly',
    hint: 'Within minutes of a new list or a price change, at most one mail an hour per business.',
  },
  { value: 'daily', label: 'Daily digest', hint: 'One mail a day with the new lists and price changes, only on days with some.' },
  { value: 'weekly', label: 'Weekly digest', hint: 'One mail on Mondays with the week’s new lists and price changes.' },
  {
    value: 'off',
    label: 'Off',
    hint: 'No mail about new lists and price changes, whatever a business’s bell says. Your feed still shows them.',
  },
];

const FORM_RESPONSES: { value: FormResponseChoice; label: string; hint: string }[] = [
  { value: 'instant', label: 'Instantly', hint: 'At most one mail an hour per form.' },
  { value: 'daily', label: 'Daily digest', hint: 'One mail a day listing the new responses.' },
  { value: 'off', label: 'Off', hint: 'Read responses on the form’s page.' },
];

function Choices<V extends string>({
  legend,
  name,
  options,
  value,
  onChange,
}: {
  legend: string;
  name: string;
  options: { value: V; label: string; hint: string }[];
  value: V;
  onChange(value: V): void;
}) {
  const id = useId();
  return (
    <fieldset className="choice-group">
      <legend>{legend}</legend>
      {options.map((option) => (
        <div className="choice" key={option.value}>
          <input
            type="radio"
            id={`${id}-${option.value}`}
            name={name}
            value={option.value}
            checked={value === option.value}
            aria-describedby={`${id}-${option.value}-hint`}
            onChange={() => onChange(option.value)}
          />
          <label htmlFor={`${id}-${option.value}`}>
            {option.label}
            <span id={`${id}-${option.value}-hint`} className="choice-hint">
              {option.hint}
            </span>
          </label>
        </div>
      ))}
    </fieldset>
  );
}

/** Email preferences (#18): how the person hears about new lists and form responses, and other notices. */
export function EmailSection() {
  const { stored, draft, change, save, busy, saved, error } = useSettingsDraft<EmailPreferences>({
    load: () => settingsApi.emailPreferences(),
    store: (d) => settingsApi.saveEmailPreferences(d),
    savedMessage: 'Email preferences saved.',
  });

  return (
    <section className="card settings-section" aria-labelledby="email-heading">
      <h2 id="email-heading">Email</h2>
      <ErrorAlert message={stored.error?.message} />
      {!draft && stored.loading && <p className="muted">Loading your email preferences...</p>}
      {draft && (
        <form onSubmit={save} noValidate>
          <Choices
            legend="New lists and price changes from businesses you follow"
            name="listUpdates"
            options={LIST_UPDATES}
            value={draft.listUpdates}
            onChange={(listUpdates) => change({ listUpdates })}
          />
          <p className="field-hint">
            This is the default: set what each business sends you, and how often, with its bell on{' '}
            <a href="/following">Following</a>.
          </p>
          <Choices
            legend="Responses to your chat forms"
            name="formResponses"
            options={FORM_RESPONSES}
            value={draft.formResponses}
            onChange={(formResponses) => change({ formResponses })}
          />
          <label className="checkbox">
            <input type="checkbox" checked={draft.notices} onChange={(event) => change({ notices: event.target.checked })} />
            Other notices, such as when an admin removes your handle
          </label>
          <p className="field-hint">
            Answers to your own requests (a handle approved or declined, an invite you asked for) always come.
          </p>
          <SubmitRow alert={error} busy={busy} label="Save email preferences" busyLabel="Saving..." />
          <p className="settings-status" role="status" aria-live="polite">
            {saved}
          </p>
        </form>
      )}
    </section>
  );
}
