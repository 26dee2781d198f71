import { type FormEvent, useState } from 'react';
import { Navigate } from 'react-router';
import type { SessionUser } from '../../../core/api';
import { fieldErrors, normalizeHandleInput } from '../../../core/handle';
import { inviteRequestSchema } from '../../../core/invite';
import { pagePath } from '../../../core/pages';
import { accountApi } from '../../lib/account-api';
import { track } from '../../lib/analytics';
import { useAuth } from '../../lib/auth';
import { loginPath } from '../../lib/paths';
import { placeRequestError } from '../../lib/request-error';
import { SessionEndedAlert } from '../../lib/session-ended';
import { useApiGet } from '../../lib/use-api';
import { useApiAction } from '../../lib/use-api-action';
import { handleInputProps, SubmitRow, TextAreaField, TextField } from '../../ui/form-field';
import { Link } from '../../ui/link';
import { RequestKind, RequestSubmitted } from '../../ui/request-kind';
import { invitesApi } from './api';
import './invites.css';

const FIELDS = ['name', 'handle', 'description', 'socials', 'links', 'questions'] as const;
type Field = (typeof FIELDS)[number];

function GetStarted() {
  return (
    <main className="page page-narrow center">
      <h1>Get Started</h1>
      <p className="lead">Sign in to ask for your own @handle, where your latest list lives.</p>
      <Link className="button button-primary" to={loginPath(pagePath('requestInvite'))}>
        Sign in
      </Link>
    </main>
  );
}

const INVITE_REQUEST_NEXT = 'An administrator reviews it and sends you an invite. Taking you to your dashboard...';

function RequestInviteForm({ user }: { user: SessionUser }) {
  const [values, setValues] = useState<Record<Field, string>>({
    name: user.displayName,
    handle: '',
    description: '',
    socials: '',
    links: '',
    questions: '',
  });
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [sessionEnded, setSessionEnded] = useState(false);
  const [submitted, setSubmitted] = useState(false);

  const field = (name: Field) => ({
    id: name,
    value: values[name],
    error: errors[name],
    onChange: (e: { target: { value: string } }) => {
      const value = name === 'handle' ? normalizeHandleInput(e.target.value) : e.target.value;
      setValues((v) => ({ ...v, [name]: value }));
      setErrors(({ [name]: _, ...rest }) => rest);
    },
  });

  // A success replaces the form: it stays busy until then.
  const send = useApiAction(
    async (handle: string) => {
      await invitesApi.requestInvite(values);
      track('handle_request', { handle });
      setSubmitted(true);
    },
    {
      staysBusy: true,
      onError: placeRequestError({ sessionEnded: () => setSessionEnded(true), handle: setErrors }),
    },
  );

  function submit(event: FormEvent) {
    event.preventDefault();
    send.setError(undefined);
    const parsed = inviteRequestSchema.safeParse(values);
    if (!parsed.success) {
      setErrors(fieldErrors(parsed.error));
      return;
    }
    void send.run(parsed.data.handle);
  }

  if (submitted) return <RequestSubmitted next={INVITE_REQUEST_NEXT} />;
  return (
    <main className="page page-narrow">
      <h1>Request an invite</h1>
      <p className="lead">Tell us about your business. We'll set up your @handle and send you an invite.</p>
      <RequestKind
        reviewer="An administrator reviews this request and turns it into an invite for your @handle."
        next="You then confirm your handle from your dashboard, and your page is ready."
        other={{ to: pagePath('requestHandle'), label: 'Request a handle directly instead' }}
        otherWhen="Know exactly which handle you want and how you'll use it?"
      />
      <form onSubmit={submit} noValidate aria-label="Request an invite">
        {sessionEnded && <SessionEndedAlert onSignedIn={() => setSessionEnded(false)} />}
        <TextField id="email" label="Email" value={user.email} readOnly />
        <TextField label="Public name" autoComplete="organization" {...field('name')} />
        <TextField label="Desired handle" {...handleInputProps} {...field('handle')} />
        <TextAreaField label="Short description" hint="What do you sell or serve?" {...field('description')} />
        <TextAreaField label="Social accounts" hint="Instagram, website, anything we can look at." {...field('socials')} />
        <TextAreaField label="Expected benefits" hint="What would Freshlist help you with?" {...field('links')} />
        <TextAreaField label="Open questions" {...field('questions')} />
        <SubmitRow alert={send.error} busy={send.busy} label="Send request" busyLabel="Sending...">
          <Link className="button" to={pagePath('dashboard')}>
            Cancel
          </Link>
        </SubmitRow>
      </form>
    </main>
  );
}

function SignedIn({ user }: { user: SessionUser }) {
  const status = useApiGet(() => accountApi.handleStatus(), []);
  if (status.loading) return <p className="page-status">Loading...</p>;
  // Someone with a handle, or who already asked, has nothing to fill in here.
  if (status.data?.handle || status.data?.inviteRequested || status.data?.handleRequest) {
    return <Navigate to={pagePath('dashboard')} replace />;
  }
  return <RequestInviteForm user={user} />;
}

/** /request-invite (spec 2): 'Get Started' for visitors; the invite request form once signed in. */
export function RequestInvitePage() {
  const { auth } = useAuth();
  if (auth.status === 'loading') return <p className="page-status">Loading...</p>;
  if (auth.status === 'signed-out') return <GetStarted />;
  return <SignedIn user={auth.user} />;
}
