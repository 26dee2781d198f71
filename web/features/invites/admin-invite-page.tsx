import { type FormEvent, useState } from 'react';
import { normalizeHandleInput } from '../../../core/handle';
import { type AdminHandleInput, createAdminHandleSchema, createInviteSchema } from '../../../core/invite';
import { pagePath } from '../../../core/pages';
import { track, trackAdminAction } from '../../lib/analytics';
import { RequireAdmin } from '../../lib/require-admin';
import { useApiAction } from '../../lib/use-api-action';
import { ErrorAlert } from '../../ui/alert';
import { TextField } from '../../ui/form-field';
import { Link } from '../../ui/link';
import { invitesApi } from './api';
import './invites.css';
import '../../ui/admin-area.css';

type Values = { handle: string; email: string; displayName: string };
const EMPTY: Values = { handle: '', email: '', displayName: '' };

interface FormProps {
  id: string;
  heading: string;
  intro: string;
  submitLabel: string;
  schema: typeof createInviteSchema | typeof createAdminHandleSchema;
  /** Where the form sends its values (web/features/invites/api.ts). */
  create(values: AdminHandleInput): Promise<unknown>;
  success(values: Values): string;
}

/** One of the two admin forms: same fields, different rule texts, endpoint and outcome. */
function HandleForm({ id, heading, intro, submitLabel, schema, create, success }: FormProps) {
  const [values, setValues] = useState<Values>(EMPTY);
  const [done, setDone] = useState<string>();

  const field = (name: keyof Values) => ({
    id: `${id}-${name}`,
    value: values[name],
    onChange: (e: { target: { value: string } }) => {
      const value = name === 'handle' ? normalizeHandleInput(e.target.value) : e.target.value;
      setValues((v) => ({ ...v, [name]: value }));
    },
  });

  const send = useApiAction(async (input: Values) => {
    await create(input);
    if (id === 'invite') track('invite_sent', { handle: input.handle });
    trackAdminAction(id === 'invite' ? 'invite.create' : 'handle.create');
    setDone(success(input));
    setValues(EMPTY);
  });
  const { busy } = send;

  function submit(event: FormEvent) {
    event.preventDefault();
    send.setError(undefined);
    setDone(undefined);
    const parsed = schema.safeParse(values);
    if (!parsed.success) {
      send.setError(parsed.error.issues[0]?.message);
      return;
    }
    void send.run(parsed.data);
  }

  return (
    <section className="card" aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`}>{heading}</h2>
      <p className="muted">{intro}</p>
      <form onSubmit={submit} noValidate aria-labelledby={`${id}-heading`}>
        <TextField label="Handle" autoCapitalize="none" spellCheck={false} {...field('handle')} />
        <TextField label="Email" type="email" autoCapitalize="none" {...field('email')} />
        <TextField label="Display name" {...field('displayName')} />
        <ErrorAlert message={send.error} />
        <div className="notice" role="status" aria-live="polite">
          {done && <p className="alert alert-success">{done}</p>}
        </div>
        <div className="form-actions">
          <button type="submit" className="button button-primary" disabled={busy} aria-busy={busy}>
            {submitLabel}
          </button>
        </div>
      </form>
    </section>
  );
}

function AdminInvite() {
  return (
    <main className="page">
      <p className="admin-crumb">
        <Link to={pagePath('admin')}>← Admin</Link>
      </p>
      <h1>Invite</h1>
      <HandleForm
        id="invite"
        heading="Invite someone"
        intro="They sign in with this email and confirm the handle at their invite link."
        submitLabel="Create invite"
        schema={createInviteSchema}
        create={invitesApi.createInvite}
        success={(v) =>
          `Invite mailed to ${v.email}. Their invite link, should they ask: ${window.location.origin}${pagePath('invite', { handle: v.handle })}`
        }
      />
      <HandleForm
        id="direct"
        heading="Create a handle directly"
        intro="The handle is approved now; it belongs to whoever first signs in with this email."
        submitLabel="Create handle"
        schema={createAdminHandleSchema}
        create={invitesApi.createHandle}
        success={(v) => `@${v.handle} created for ${v.email}.`}
      />
      <p>
        <Link to={pagePath('adminInvitesPending')}>Pending invites</Link> ·{' '}
        <Link to={pagePath('adminInviteRequests')}>Invite requests</Link>
      </p>
    </main>
  );
}

/** /admin/invite (spec 2): create an invite or an admin-created handle. */
export function AdminInvitePage() {
  return <RequireAdmin>{() => <AdminInvite />}</RequireAdmin>;
}
