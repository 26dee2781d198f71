import { type FormEvent, useState } from 'react';
import { Navigate, useNavigate, useParams } from 'react-router';
import { HANDLE_REQUEST_MESSAGES } from '../../../core/handle';
import { acceptInviteSchema, INVITE_MESSAGES, type InviteView, mismatchMessage } from '../../../core/invite';
import { pagePath } from '../../../core/pages';
import { track } from '../../lib/analytics';
import { ApiRequestError } from '../../lib/api-client';
import { useAuth } from '../../lib/auth';
import { SignInButton } from '../../lib/sign-in-button';
import { useApiGet } from '../../lib/use-api';
import { useApiAction } from '../../lib/use-api-action';
import { SubmitRow, TextField } from '../../ui/form-field';
import { invitesApi } from './api';
import './invites.css';

const VALID_LINK = /^[a-z0-9-]{1,30}$/;

function Status({ heading, text }: { heading: string; text?: string }) {
  return (
    <main className="page page-narrow center">
      <h1>{heading}</h1>
      {text && <p className="lead">{text}</p>}
    </main>
  );
}

/** Who invited the person, and what Freshlist is, for someone who may never have heard of it (#31). */
function InviteIntro({ invitedBy }: { invitedBy: string | null }) {
  return (
    <>
      <p className="lead">{invitedBy ? `${invitedBy} invited you to Freshlist.` : "You've been invited to Freshlist."}</p>
      <p>
        Freshlist is where suppliers, restaurants and small businesses share their latest menu, price list or catalogue. You post
        one link to the list you already keep on Google Drive or Dropbox; the people you work with follow you and always see the
        newest version.
      </p>
    </>
  );
}

function SignInToAccept({ handle, invitedBy }: { handle: string; invitedBy: string | null }) {
  return (
    <main className="page page-narrow center">
      <h1>You're invited to @{handle}</h1>
      <InviteIntro invitedBy={invitedBy} />
      <p className="lead">{INVITE_MESSAGES.signInToAccept}</p>
      <SignInButton redirect={pagePath('invite', { handle })} />
    </main>
  );
}

function Mismatch({ inviteEmail, email }: { inviteEmail: string; email: string }) {
  const { signOut } = useAuth();
  return (
    <main className="page page-narrow center">
      <h1>{INVITE_MESSAGES.mismatchHeading}</h1>
      <p className="lead">{mismatchMessage(inviteEmail, email)}</p>
      <p>Sign out, then sign in with the email the invite was sent to.</p>
      <button type="button" className="button" onClick={() => void signOut()}>
        Sign out
      </button>
    </main>
  );
}

function Ready({ invite }: { invite: Extract<InviteView, { state: 'ready' }> }) {
  const navigate = useNavigate();
  const { refresh } = useAuth();
  const [displayName, setDisplayName] = useState(invite.displayName);
  const [error, setError] = useState<string>();
  const accept = useApiAction(
    async (body: { displayName: string }) => {
      await invitesApi.accept(invite.handle, body);
      track('invite_accepted', { handle: invite.handle });
      await refresh();
      navigate(pagePath('dashboard'), { replace: true });
    },
    {
      staysBusy: true,
      onError: (err) => (err instanceof ApiRequestError ? err.message : HANDLE_REQUEST_MESSAGES.somethingWrong),
    },
  );

  function submit(event: FormEvent) {
    event.preventDefault();
    accept.setError(undefined);
    const parsed = acceptInviteSchema.safeParse({ displayName });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message);
      return;
    }
    void accept.run(parsed.data);
  }

  return (
    <main className="page page-narrow">
      <h1>Claim your handle</h1>
      <InviteIntro invitedBy={invite.invitedBy} />
      <p>Confirm your details to take your handle.</p>
      <form onSubmit={submit} noValidate aria-label="Accept invite">
        <TextField id="email" label="Email" value={invite.email} readOnly />
        <TextField id="handle" label="Handle" value={`@${invite.handle}`} readOnly />
        <TextField
          id="displayName"
          label="Public name"
          value={displayName}
          onChange={(e) => {
            setDisplayName(e.target.value);
            setError(undefined);
          }}
          autoComplete="organization"
          error={error}
          hint="Shown on your public page."
        />
        <SubmitRow alert={accept.error} busy={accept.busy} label="Sign me up!" busyLabel="Signing you up..." />
      </form>
    </main>
  );
}

function Invite({ handle }: { handle: string }) {
  const invite = useApiGet(() => invitesApi.invite(handle), [handle]);
  if (invite.loading) return <p className="page-status">{INVITE_MESSAGES.checking}</p>;
  if (invite.error) {
    if (invite.error.status === 404) return <Status heading={INVITE_MESSAGES.notFound} />;
    if (invite.error.status === 400) return <Status heading={INVITE_MESSAGES.invalidLink} />;
    return <Status heading="Invite" text={invite.error.message} />;
  }
  const view = invite.data;
  if (!view) return <p className="page-status">{INVITE_MESSAGES.checking}</p>;
  switch (view.state) {
    case 'signed-out':
      return <SignInToAccept handle={view.handle} invitedBy={view.invitedBy} />;
    case 'mismatch':
      return <Mismatch inviteEmail={view.inviteEmail} email={view.email} />;
    case 'accepted':
      return <Navigate to={pagePath('dashboard')} replace />;
    case 'ready':
      return <Ready invite={view} />;
  }
}

/** /invite/{handle} (spec 2 and 4): checking, invalid link, not found, sign in, email mismatch, ready. */
export function AcceptInvitePage() {
  const { handle: raw = '' } = useParams();
  const { auth } = useAuth();
  const handle = raw.trim().toLowerCase();
  if (!VALID_LINK.test(handle)) return <Status heading={INVITE_MESSAGES.invalidLink} />;
  if (auth.status === 'loading') return <p className="page-status">{INVITE_MESSAGES.checking}</p>;
  // What the invite page says depends on who is signed in: ask again when that changes.
  return <Invite key={`${handle}:${auth.user?.id ?? 'visitor'}`} handle={handle} />;
}
