import { type FormEvent, useEffect, useState } from 'react';
import { Navigate } from 'react-router';
import {
  fieldErrors,
  HANDLE_MESSAGES,
  HANDLE_REQUEST_MESSAGES,
  handleRequestSchema,
  normalizeHandleInput,
} from '../../../core/handle';
import { pagePath } from '../../../core/pages';
import { accountApi } from '../../lib/account-api';
import { track } from '../../lib/analytics';
import { useAuth } from '../../lib/auth';
import { placeRequestError } from '../../lib/request-error';
import { SessionEndedAlert } from '../../lib/session-ended';
import { SignInButton } from '../../lib/sign-in-button';
import { useApiGet } from '../../lib/use-api';
import { useApiAction } from '../../lib/use-api-action';
import { handleInputProps, SubmitRow, TextAreaField, TextField } from '../../ui/form-field';
import { Link } from '../../ui/link';
import { RequestKind, RequestSubmitted } from '../../ui/request-kind';
import { handlesApi } from './api';
import './handles.css';

const DRAFT_KEY = 'freshlist:request-handle-draft';
const HANDLE_REQUEST_NEXT = "We'll review it soon. Taking you to your dashboard...";

interface Draft {
  handle: string;
  displayName: string;
  usageDescription: string;
}
const EMPTY: Draft = { handle: '', displayName: '', usageDescription: '' };

/** A visitor's typing survives the sign-in round trip (a full-page redirect when popups are blocked). */
function loadDraft(): Draft {
  try {
    return { ...EMPTY, ...(JSON.parse(sessionStorage.getItem(DRAFT_KEY) ?? '{}') as Partial<Draft>) };
  } catch {
    return EMPTY;
  }
}

function PendingRequest({ handle }: { handle: string }) {
  return (
    <main className="page page-narrow">
      <h1>Your handle request</h1>
      <section className="card" aria-label="Handle request">
        <p className="handle-line">
          <strong>@{handle}</strong> <span className="badge badge-requested">{HANDLE_REQUEST_MESSAGES.pendingApproval}</span>
        </p>
        <p className="muted">We'll review your request soon. Your dashboard shows your handle once it is approved.</p>
      </section>
      <Link className="button" to={pagePath('dashboard')}>
        Go to dashboard
      </Link>
    </main>
  );
}

function RequestForm({ signedIn, onSubmitted }: { signedIn: boolean; onSubmitted(): void }) {
  const [draft, setDraft] = useState<Draft>(loadDraft);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [sessionEnded, setSessionEnded] = useState(false);

  useEffect(() => {
    sessionStorage.setItem(DRAFT_KEY, JSON.stringify(draft));
  }, [draft]);

  const set = (field: keyof Draft) => (value: string) => {
    setDraft((d) => ({ ...d, [field]: value }));
    setErrors(({ [field]: _, ...rest }) => rest);
  };

  // A success replaces the form: it stays busy until then.
  const send = useApiAction(
    async (request: Draft) => {
      await handlesApi.request(request);
      track('handle_request', { handle: request.handle });
      sessionStorage.removeItem(DRAFT_KEY);
      onSubmitted();
    },
    {
      staysBusy: true,
      onError: placeRequestError({ sessionEnded: () => setSessionEnded(true), handle: setErrors }),
    },
  );

  function submit(event: FormEvent) {
    event.preventDefault();
    send.setError(undefined);
    if (!signedIn) {
      send.setError(HANDLE_MESSAGES.signInToRequest);
      return;
    }
    const parsed = handleRequestSchema.safeParse(draft);
    if (!parsed.success) {
      setErrors(fieldErrors(parsed.error));
      return;
    }
    void send.run(parsed.data);
  }

  return (
    <form onSubmit={submit} noValidate aria-label="Request a handle">
      {sessionEnded && <SessionEndedAlert onSignedIn={() => setSessionEnded(false)} />}
      <TextField
        id="handle"
        label="Handle"
        value={draft.handle}
        onChange={(e) => set('handle')(normalizeHandleInput(e.target.value))}
        {...handleInputProps}
        error={errors.handle}
      />
      <TextField
        id="displayName"
        label="Display Name"
        value={draft.displayName}
        onChange={(e) => set('displayName')(e.target.value)}
        autoComplete="organization"
        error={errors.displayName}
      />
      <TextAreaField
        id="usageDescription"
        label="How will you use your handle?"
        value={draft.usageDescription}
        onChange={(e) => set('usageDescription')(e.target.value)}
        error={errors.usageDescription}
        hint="For example: our weekly wholesale price list for restaurants."
      />
      <SubmitRow alert={send.error} busy={send.busy} label="Submit request" busyLabel="Submitting..." />
      {!signedIn && <SignInToSubmit onFailure={() => send.setError(HANDLE_REQUEST_MESSAGES.signInFailed)} />}
    </form>
  );
}

function SignInToSubmit({ onFailure }: { onFailure(): void }) {
  return (
    <div className="sign-in-to-submit">
      <p className="muted">Sign in first, then submit your request. What you typed stays here.</p>
      <SignInButton redirect={pagePath('requestHandle')} label="Sign in with Google to submit" onFailure={onFailure} />
    </div>
  );
}

function Page({ signedIn }: { signedIn: boolean }) {
  const status = useApiGet(signedIn ? () => accountApi.handleStatus() : null, []);
  const [submitted, setSubmitted] = useState(false);
  if (submitted) return <RequestSubmitted next={HANDLE_REQUEST_NEXT} />;
  if (signedIn && status.loading) return <p className="page-status">Loading...</p>;
  if (status.data?.handle) return <Navigate to={pagePath('dashboard')} replace />;
  if (status.data?.handleRequest) return <PendingRequest handle={status.data.handleRequest.handle} />;
  return (
    <main className="page page-narrow">
      <h1>Request a handle</h1>
      <p className="lead">Your @handle is your page on Freshlist: post your latest list there and people follow you.</p>
      <RequestKind
        reviewer="The Freshlist owner reviews this request."
        next="Once approved, the handle is yours at once: your dashboard shows it and you can post your first list."
        other={{ to: pagePath('requestInvite'), label: 'Request an invite instead' }}
        otherWhen="Rather tell us about your business and have us set up your handle?"
      />
      <RequestForm signedIn={signedIn} onSubmitted={() => setSubmitted(true)} />
    </main>
  );
}

/** /request-handle (spec 2): the handle request form; visitors may fill it in and sign in to submit. */
export function RequestHandlePage() {
  const { auth } = useAuth();
  if (auth.status === 'loading') return <p className="page-status">Loading...</p>;
  return <Page key={auth.status} signedIn={auth.status === 'signed-in'} />;
}
