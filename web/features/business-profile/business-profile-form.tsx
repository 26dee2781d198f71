import { type FormEvent, useState } from 'react';
import { BIO_MAX_LENGTH, businessProfileInputSchema, formValues, type OwnBusinessProfile } from '../../../core/business-profile';
import { fieldErrors } from '../../../core/handle';
import { completeLink } from '../../../core/link-completion';
import { pagePath } from '../../../core/pages';
import { errorMessage } from '../../lib/api-client';
import { isSessionEnded, SessionEndedAlert } from '../../lib/session-ended';
import { useApiAction } from '../../lib/use-api-action';
import { SubmitRow, TextAreaField, TextField } from '../../ui/form-field';
import { Link } from '../../ui/link';
import { businessProfileApi, type BusinessProfileForm as FormValues } from './api';
import { LogoField } from './logo-field';
import { TradesField } from './trades-field';

type TextFieldName = Exclude<keyof FormValues, 'trades'>;

/** /settings/profile's form: every field checked here by the server's own rules, then saved in one request. */
export function BusinessProfileForm({ profile }: { profile: OwnBusinessProfile }) {
  const [values, setValues] = useState<FormValues>(() => formValues(profile));
  const [logo, setLogo] = useState(profile.logo);
  const [errors, setErrors] = useState<Partial<Record<keyof FormValues, string>>>({});
  const [saved, setSaved] = useState(false);
  const [sessionEnded, setSessionEnded] = useState(false);
  const save = useApiAction(
    async (input: FormValues) => {
      setValues(formValues(await businessProfileApi.save(input)));
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

  const field = (name: TextFieldName) => ({
    id: name,
    value: values[name],
    error: errors[name],
    onChange: (e: { target: { value: string } }) => {
      setValues((v) => ({ ...v, [name]: e.target.value }));
      setErrors(({ [name]: _, ...rest }) => rest);
      setSaved(false);
    },
  });

  function submit(event: FormEvent) {
    event.preventDefault();
    save.setError(undefined);
    setSaved(false);
    const parsed = businessProfileInputSchema.safeParse(values);
    if (!parsed.success) {
      setErrors(fieldErrors(parsed.error));
      return;
    }
    void save.run(values);
  }

  const bioLength = [...values.bio].length;
  return (
    <form onSubmit={submit} noValidate aria-label="Business profile" className="business-profile-form">
      {sessionEnded && <SessionEndedAlert onSignedIn={() => setSessionEnded(false)} />}
      <LogoField
        logo={logo}
        name={values.displayName || profile.handle}
        onChange={setLogo}
        onSessionEnded={() => setSessionEnded(true)}
      />
      <TextField label="Display name" autoComplete="organization" maxLength={200} {...field('displayName')} />
      <TextAreaField
        label="Bio"
        rows={4}
        hint={
          <span aria-live="polite">{`${bioLength}/${BIO_MAX_LENGTH} characters. What you sell or serve, and for whom.`}</span>
        }
        {...field('bio')}
      />
      <TextField label="Area" hint="Town and region, or postcode." autoComplete="address-level2" {...field('area')} />
      <TradesField
        value={values.trades}
        error={errors.trades}
        onChange={(trades) => {
          setValues((v) => ({ ...v, trades }));
          setSaved(false);
        }}
      />
      <fieldset className="field">
        <legend>Contact</legend>
        <TextField label="Phone" type="tel" autoComplete="tel" {...field('phone')} />
        <TextField
          label="Website"
          type="url"
          inputMode="url"
          hint="For example greenvalley.example: https:// is added for you."
          autoComplete="url"
          {...field('website')}
          onBlur={() => setValues((v) => ({ ...v, website: completeLink(v.website) }))}
        />
      </fieldset>
      <fieldset className="field">
        <legend>Social accounts</legend>
        <TextField label="Instagram" hint="Your username or profile link." autoCapitalize="none" {...field('instagram')} />
        <TextField label="Facebook" hint="Your page name or link." autoCapitalize="none" {...field('facebook')} />
        <TextField label="LinkedIn" hint="Your profile or company page link." autoCapitalize="none" {...field('linkedin')} />
        <TextField label="WhatsApp" type="tel" hint="The number with its country code." {...field('whatsapp')} />
      </fieldset>
      {saved && (
        <p className="alert alert-success" role="status">
          Profile saved. <Link to={pagePath('profile', { handle: profile.handle })}>See your page</Link>
        </p>
      )}
      <SubmitRow alert={save.error} busy={save.busy} label="Save profile" busyLabel="Saving...">
        <Link className="button" to={pagePath('profile', { handle: profile.handle })}>
          View your page
        </Link>
      </SubmitRow>
    </form>
  );
}
