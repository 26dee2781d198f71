import { type FormEvent, useEffect, useId, useState } from 'react';
import {
  BELL_CADENCES,
  BELL_LABELS,
  BELLS,
  type Bell,
  type BellCadence,
  bellSummary,
  CADENCE_LABELS,
  type FollowBell,
  MOVE_PERCENT_MAX,
  MOVE_PERCENT_MIN,
} from '../../core/follow-bell-text';
import { errorMessage } from '../lib/api-client';
import { bellApi } from '../lib/follows-api';
import { useApiAction } from '../lib/use-api-action';
import './follow-bell.css';

/** The form's fields for a bell (10 % offered until a threshold is chosen). */
const formOf = (b: FollowBell | undefined) => ({
  bell: b?.bell ?? ('all' as Bell),
  percent: b?.movePercent ? String(b.movePercent) : '10',
  cadence: (b?.cadence ?? '') as BellCadence | '',
});

/**
 * The bell of one followed business (issue 41 §2, docs/decisions/0214): what the reader hears of
 * it (all updates, new lists and price moves of at least X %, new lists only, nothing) and how
 * often (instantly, daily, weekly, or their default). A disclosure, so a row or the profile's
 * Following button stays small; `initial` saves a request where the page already has it.
 */
export function FollowBellControl({ handle, name, initial }: { handle: string; name: string; initial?: FollowBell }) {
  const id = useId();
  const [saved, setSaved] = useState<FollowBell | undefined>(initial);
  const [form, setForm] = useState(formOf(initial));
  const [status, setStatus] = useState('');
  const { bell, percent, cadence } = form;
  const change = (part: Partial<typeof form>) => setForm({ ...form, ...part });

  const store = useApiAction(async (next: Parameters<typeof bellApi.set>[1]) => {
    setStatus('');
    const b = await bellApi.set(handle, next);
    setSaved(b);
    setForm(formOf(b));
    setStatus(`Saved: ${bellSummary(b)}.`);
  });
  const { busy, error, setError } = store;

  useEffect(() => {
    if (initial) return;
    let live = true;
    bellApi.get(handle).then(
      (b) => {
        if (!live) return;
        setSaved(b);
        setForm(formOf(b));
      },
      (err) => live && setError(errorMessage(err)),
    );
    return () => {
      live = false;
    };
  }, [handle, initial, setError]);

  function save(event: FormEvent) {
    event.preventDefault();
    void store.run({ bell, movePercent: bell === 'moves' ? Number(percent) : null, cadence: cadence === '' ? null : cadence });
  }

  return (
    <details className="follow-bell">
      <summary aria-label={`What you hear of ${name}: ${saved ? bellSummary(saved) : '…'}`}>
        <span aria-hidden="true">🔔</span> {saved ? bellSummary(saved) : 'Bell'}
      </summary>
      <form onSubmit={save} noValidate>
        <fieldset>
          <legend>What you hear of {name}</legend>
          {BELLS.map((value) => (
            <label key={value} className="follow-bell-choice">
              <input
                type="radio"
                name={`${id}-bell`}
                value={value}
                checked={bell === value}
                onChange={() => change({ bell: value })}
              />
              {BELL_LABELS[value]}
            </label>
          ))}
        </fieldset>
        {bell === 'moves' && (
          <label className="follow-bell-percent">
            Smallest price move, in %
            <input
              type="number"
              inputMode="numeric"
              min={MOVE_PERCENT_MIN}
              max={MOVE_PERCENT_MAX}
              step={1}
              value={percent}
              onChange={(event) => change({ percent: event.target.value })}
            />
          </label>
        )}
        {bell !== 'none' && (
          <label>
            How often
            <select value={cadence} onChange={(event) => change({ cadence: event.target.value as BellCadence | '' })}>
              <option value="">{CADENCE_LABELS.default}</option>
              {BELL_CADENCES.map((value) => (
                <option key={value} value={value}>
                  {CADENCE_LABELS[value]}
                </option>
              ))}
            </select>
          </label>
        )}
        <button type="submit" className="button button-small" disabled={busy} aria-busy={busy}>
          Save
        </button>
        <p role="status" className="follow-bell-status">
          {status}
        </p>
        {error && (
          <p className="field-error" role="alert">
            {error}
          </p>
        )}
      </form>
    </details>
  );
}
