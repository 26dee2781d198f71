import { type FormEvent, useEffect, useState } from 'react';
import { QUIET_MESSAGES, type QuietHours } from '../../../core/quiet-hours';
import { useApiGet } from '../../lib/use-api';
import { useApiAction } from '../../lib/use-api-action';
import { ErrorAlert } from '../../ui/alert';
import { SubmitRow, TextField } from '../../ui/form-field';
import { settingsApi } from './api';

type Errors = Partial<Record<'start' | 'end', string>>;

const browserZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';

/** The zones the browser knows, with the person's own first if the list lacks it (some browsers leave out UTC). */
function zoneChoices(current: string): string[] {
  const known = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  return known.includes(current) ? known : [current, ...known];
}

/** What the server's rules say of a draft (core/quiet-hours.ts), field by field, before it is sent. */
function check(start: string, end: string): Errors {
  if (start && !end) return { end: QUIET_MESSAGES.both };
  if (end && !start) return { start: QUIET_MESSAGES.both };
  if (start && start === end) return { end: QUIET_MESSAGES.same };
  return {};
}

const described = (quiet: QuietHours) =>
  quiet.start && quiet.end
    ? `Quiet hours saved: ${quiet.start} to ${quiet.end}, ${quiet.timeZone} time.`
    : 'Quiet hours off: alerts come at any hour.';

/** Quiet hours (issue 41 §4, docs/decisions/0214): a start, an end and the zone they are in; alerts inside wait. */
export function QuietHoursForm() {
  const stored = useApiGet(() => settingsApi.quietHours(), []);
  const [start, setStart] = useState('');
  const [end, setEnd] = useState('');
  const [timeZone, setTimeZone] = useState(browserZone);
  const [errors, setErrors] = useState<Errors>({});
  const [status, setStatus] = useState('');

  useEffect(() => {
    const quiet = stored.data;
    if (!quiet) return;
    setStart(quiet.start ?? '');
    setEnd(quiet.end ?? '');
    // Never set: the zone this browser is in, not the server's default.
    if (quiet.start !== null) setTimeZone(quiet.timeZone);
  }, [stored.data]);

  const store = useApiAction(async (quiet: QuietHours) => {
    setStatus('');
    const saved = await settingsApi.saveQuietHours(quiet);
    setStart(saved.start ?? '');
    setEnd(saved.end ?? '');
    setStatus(described(saved));
  });
  const { busy } = store;

  function submit(event: FormEvent) {
    event.preventDefault();
    const found = check(start, end);
    setErrors(found);
    const first = (['start', 'end'] as const).find((field) => found[field]);
    if (first) {
      document.getElementById(`quiet-${first}`)?.focus();
      return;
    }
    void store.run({ start: start || null, end: end || null, timeZone });
  }

  const edited = (set: (value: string) => void) => (value: string) => {
    set(value);
    setErrors({});
    setStatus('');
  };

  if (!stored.data) {
    return (
      <>
        <ErrorAlert message={stored.error?.message} />
        {stored.loading && <p className="muted">Loading your quiet hours...</p>}
      </>
    );
  }
  return (
    <form onSubmit={submit} noValidate aria-labelledby="quiet-hours-heading" aria-describedby="quiet-hint">
      <h3 id="quiet-hours-heading">Quiet hours</h3>
      <p className="field-hint" id="quiet-hint">
        Alerts that would reach you inside them, by mail or on your devices, wait until they end: none are lost. 22:00 to 07:00
        runs over midnight. Leave both empty for none.
      </p>
      <div className="quiet-hours-times">
        <TextField
          id="quiet-start"
          label="Start"
          type="time"
          value={start}
          error={errors.start}
          onChange={(event) => edited(setStart)(event.target.value)}
        />
        <TextField
          id="quiet-end"
          label="End"
          type="time"
          value={end}
          error={errors.end}
          onChange={(event) => edited(setEnd)(event.target.value)}
        />
      </div>
      <div className="field">
        <label htmlFor="quiet-zone">Time zone</label>
        <select id="quiet-zone" name="quiet-zone" value={timeZone} onChange={(event) => edited(setTimeZone)(event.target.value)}>
          {zoneChoices(timeZone).map((zone) => (
            <option key={zone} value={zone}>
              {zone.replaceAll('_', ' ')}
            </option>
          ))}
        </select>
      </div>
      <SubmitRow alert={store.error} busy={busy} label="Save quiet hours" busyLabel="Saving...">
        {(start || end) && (
          <button
            type="button"
            className="button"
            disabled={busy}
            onClick={() => void store.run({ start: null, end: null, timeZone })}
          >
            Turn quiet hours off
          </button>
        )}
      </SubmitRow>
      <p className="settings-status" role="status" aria-live="polite">
        {status}
      </p>
    </form>
  );
}
