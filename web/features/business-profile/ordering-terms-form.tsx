import { type FormEvent, useMemo, useState } from 'react';
import { type DeliveryTerms, WEEKDAY_NAMES, WEEKDAYS, type Weekday } from '../../../core/delivery-terms';
import { COMMON_CURRENCIES, deliveryTermsInputSchema, TERMS_MESSAGES, termsFieldErrors } from '../../../core/delivery-terms-api';
import { errorMessage } from '../../lib/api-client';
import { isSessionEnded, SessionEndedAlert } from '../../lib/session-ended';
import { useApiAction } from '../../lib/use-api-action';
import { SubmitRow, TextAreaField, TextField } from '../../ui/form-field';
import { businessProfileApi } from './api';
import { DateList, DaysBeforeOptions, EarlierCutoffs, FieldError, SelectField } from './terms-fields';
import { browserTimeZone, fieldIdOf, type TermsFormValues, termsFormValues, termsInput } from './terms-form-values';

/**
 * /settings/profile's "Ordering terms" (issue 40 §1): delivery days with their cut-offs, minimum,
 * areas, exceptions and where orders go, checked here by the server's own rules and saved apart
 * from the rest of the profile.
 */
export function OrderingTermsForm({ terms }: { terms: DeliveryTerms | null }) {
  const [values, setValues] = useState<TermsFormValues>(() => termsFormValues(terms, browserTimeZone()));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [saved, setSaved] = useState(false);
  const [sessionEnded, setSessionEnded] = useState(false);
  const save = useApiAction(
    async (form: TermsFormValues) => {
      const answer = await businessProfileApi.saveTerms(termsInput(form));
      setValues(termsFormValues(answer.terms, form.timeZone));
      setSaved(true);
    },
    {
      onError: (err) => {
        if (!isSessionEnded(err)) return errorMessage(err);
        setSessionEnded(true);
        return undefined;
      },
    },
  );
  const zones = useMemo(() => {
    const all = Intl.supportedValuesOf('timeZone');
    return all.includes(values.timeZone) ? all : [values.timeZone, ...all];
  }, [values.timeZone]);

  const change = (next: (v: TermsFormValues) => TermsFormValues, ...fieldIds: string[]) => {
    setValues(next);
    setErrors((e) => Object.fromEntries(Object.entries(e).filter(([id]) => !fieldIds.includes(id))));
    setSaved(false);
  };
  const text = (id: string, key: 'minimumAmount' | 'postcodes' | 'towns' | 'emails' | 'phone') => ({
    id,
    value: values[key],
    error: errors[id],
    onChange: (e: { target: { value: string } }) => change((v) => ({ ...v, [key]: e.target.value }), id),
  });
  const setDay = (day: Weekday, patch: Partial<TermsFormValues['days'][Weekday]>) =>
    change(
      (v) => ({ ...v, days: { ...v.days, [day]: { ...v.days[day], ...patch } } }),
      'terms-days',
      `terms-${day}-time`,
      `terms-${day}-daysBefore`,
    );
  const setEarly = (i: number, patch: Partial<TermsFormValues['earlierCutoffs'][number]>) =>
    change(
      (v) => ({ ...v, earlierCutoffs: v.earlierCutoffs.map((e, j) => (j === i ? { ...e, ...patch } : e)) }),
      `terms-early-${i}-date`,
      `terms-early-${i}-time`,
      `terms-early-${i}-daysBefore`,
    );

  function submit(event: FormEvent) {
    event.preventDefault();
    save.setError(undefined);
    setSaved(false);
    const parsed = deliveryTermsInputSchema.safeParse(termsInput(values));
    if (!parsed.success) {
      const byField: Record<string, string> = {};
      for (const [path, message] of Object.entries(termsFieldErrors(parsed.error))) byField[fieldIdOf(path, values)] ??= message;
      setErrors(byField);
      if (byField['terms-form']) save.setError(byField['terms-form']);
      return;
    }
    void save.run(values);
  }

  return (
    <form onSubmit={submit} noValidate aria-labelledby="terms-heading" className="business-profile-form ordering-terms-form">
      <h2 id="terms-heading">Ordering terms</h2>
      <p className="muted">
        Buyers see your next delivery and its cut-off on your page and your lists. Where orders go stays private.
      </p>
      {sessionEnded && <SessionEndedAlert onSignedIn={() => setSessionEnded(false)} />}

      <SelectField
        id="terms-timeZone"
        label="Time zone of your cut-offs"
        value={values.timeZone}
        error={errors['terms-timeZone']}
        onChange={(timeZone) => change((v) => ({ ...v, timeZone }), 'terms-timeZone')}
      >
        {zones.map((zone) => (
          <option key={zone} value={zone}>
            {zone.replaceAll('_', ' ')}
          </option>
        ))}
      </SelectField>

      <fieldset className="field" aria-describedby={errors['terms-days'] ? 'terms-days-error' : undefined}>
        <legend>Delivery days and cut-offs</legend>
        <p className="field-hint">Tick the days you deliver, then when orders for each must be in.</p>
        {WEEKDAYS.map((day) => {
          const row = values.days[day];
          return (
            <div key={day} className="terms-day">
              <label className="trade-option">
                <input type="checkbox" checked={row.on} onChange={(e) => setDay(day, { on: e.target.checked })} />
                {WEEKDAY_NAMES[day]}
              </label>
              {row.on && (
                <div className="terms-cutoff">
                  <SelectField
                    id={`terms-${day}-daysBefore`}
                    label={`Order by, for ${WEEKDAY_NAMES[day]}`}
                    value={row.daysBefore}
                    error={errors[`terms-${day}-daysBefore`]}
                    onChange={(daysBefore) => setDay(day, { daysBefore })}
                  >
                    <DaysBeforeOptions day={day} />
                  </SelectField>
                  <TextField
                    id={`terms-${day}-time`}
                    label={`Cut-off time, for ${WEEKDAY_NAMES[day]}`}
                    type="time"
                    value={row.time}
                    error={errors[`terms-${day}-time`]}
                    onChange={(e) => setDay(day, { time: e.target.value })}
                  />
                </div>
              )}
            </div>
          );
        })}
        <FieldError id="terms-days" error={errors['terms-days']} />
      </fieldset>

      <fieldset className="field">
        <legend>Minimum order</legend>
        <div className="terms-cutoff">
          <TextField
            label="Amount"
            inputMode="decimal"
            hint="Leave empty for no minimum."
            {...text('terms-minimum', 'minimumAmount')}
          />
          <SelectField
            id="terms-currency"
            label="Currency"
            value={values.currency}
            error={errors['terms-currency']}
            onChange={(currency) => change((v) => ({ ...v, currency }), 'terms-currency')}
          >
            {[...new Set([values.currency, ...COMMON_CURRENCIES])].map((c) => (
              <option key={c} value={c}>
                {c}
              </option>
            ))}
          </SelectField>
        </div>
        <div className="trades-options" role="radiogroup" aria-label="When an order is under the minimum">
          {(['warning', 'rule'] as const).map((kind) => (
            <label key={kind} className="trade-option">
              <input
                type="radio"
                name="terms-minimum-kind"
                checked={values.minimumKind === kind}
                onChange={() => change((v) => ({ ...v, minimumKind: kind }), 'terms-minimum-kind')}
              />
              {kind === 'warning' ? 'Warn the buyer' : 'Refuse the order'}
            </label>
          ))}
        </div>
        <FieldError id="terms-minimum-kind" error={errors['terms-minimum-kind']} />
      </fieldset>

      <fieldset className="field">
        <legend>Areas you deliver to</legend>
        <TextField
          label="Postcodes"
          hint="Whole postcodes or how they start, separated by commas: BS1, BS8, SW1A."
          autoCapitalize="characters"
          {...text('terms-postcodes', 'postcodes')}
        />
        <TextField label="Towns" hint="Separated by commas." {...text('terms-towns', 'towns')} />
      </fieldset>

      <fieldset className="field">
        <legend>Exceptions</legend>
        <DateList
          values={values.noDelivery}
          error={errors['terms-no-delivery']}
          onChange={(noDelivery) => change((v) => ({ ...v, noDelivery }), 'terms-no-delivery')}
        />
        <EarlierCutoffs
          rows={values.earlierCutoffs}
          errors={errors}
          onChange={(i, patch) => setEarly(i, patch)}
          onAdd={() =>
            change((v) => ({ ...v, earlierCutoffs: [...v.earlierCutoffs, { date: '', daysBefore: '2', time: '12:00' }] }))
          }
          onRemove={(i) => change((v) => ({ ...v, earlierCutoffs: v.earlierCutoffs.filter((_, j) => j !== i) }))}
        />
        <FieldError id="terms-early" error={errors['terms-early']} />
      </fieldset>

      <fieldset className="field">
        <legend>Where orders go</legend>
        <TextAreaField
          label="Order emails"
          rows={2}
          hint="One or more addresses, separated by commas. Never shown to buyers."
          inputMode="email"
          autoCapitalize="none"
          {...text('terms-emails', 'emails')}
        />
        <TextField label="Phone for orders" type="tel" autoComplete="tel" hint="Optional." {...text('terms-phone', 'phone')} />
        <label className="trade-option">
          <input
            type="checkbox"
            checked={values.whatsapp}
            onChange={(e) => change((v) => ({ ...v, whatsapp: e.target.checked }), 'terms-phone')}
          />
          This number takes orders on WhatsApp
        </label>
      </fieldset>

      {saved && (
        <p className="alert alert-success" role="status">
          {TERMS_MESSAGES.saved}
        </p>
      )}
      <SubmitRow alert={save.error} busy={save.busy} label="Save ordering terms" busyLabel="Saving..." />
    </form>
  );
}
