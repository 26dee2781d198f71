import { EMAIL_STATES, type EmailStatus } from '../../../core/email';
import { useApiGet } from '../../lib/use-api';
import { AdminPage, formatDateTime } from './admin-page';
import { adminApi } from './api';
import { FailureCard } from './failure-card';
import { QueueOverview } from './queue-overview';
import './admin.css';

type State = (typeof EMAIL_STATES)[number];

const STATE_LABELS: Record<State, string> = {
  queued: 'Waiting',
  sending: 'Being sent',
  sent: 'Sent',
  held: 'Held (development mailbox)',
  failed: 'Failed',
  cancelled: 'Not needed',
};

const KIND_LABELS: Record<string, string> = {
  invite: 'Invite',
  'handle-requested': 'Handle request, to the owner',
  'handle-approved': 'Handle approved',
  'handle-rejected': 'Handle request declined',
  'handle-removed': 'Handle removed',
  'list-update': 'New list',
  'list-digest': 'List digest',
  'list-changed': 'List updated',
  'link-broken': 'Broken link, to its owner',
  'form-response': 'Form response',
  'form-digest': 'Form responses digest',
};

type Failure = EmailStatus['failures'][number];

function MailFailureCard({ mail, onSent }: { mail: Failure; onSent(message: string): void }) {
  return (
    <FailureCard
      headingId={`mail-${mail.id}`}
      title={mail.subject ?? KIND_LABELS[mail.kind] ?? mail.kind}
      error={mail.lastError ?? 'No error recorded.'}
      action="Send again"
      busyAction="Sending..."
      runAgain={async () => {
        await adminApi.retryEmail(mail.id);
        return `Mail #${mail.id} to ${mail.recipient ?? 'its recipient'} is queued again; the worker sends it within seconds.`;
      }}
      onDone={onSent}
    >
      <p className="admin-item-email">{mail.recipient ?? 'Recipient not known (never rendered)'}</p>
      <p className="admin-item-meta">
        #{mail.id} · {KIND_LABELS[mail.kind] ?? mail.kind} · queued {formatDateTime(mail.createdAt)} ·{' '}
        {mail.attempts === 1 ? '1 attempt' : `${mail.attempts} attempts`}
      </p>
    </FailureCard>
  );
}

function EmailOverview() {
  const status = useApiGet(() => adminApi.emailStatus(), []);
  const data = status.data;
  return (
    <QueueOverview
      status={status}
      counts={{
        headingId: 'states-heading',
        title: 'Mail by state',
        items: EMAIL_STATES.map((state) => ({ key: state, value: data ? data.counts[state] : '…', label: STATE_LABELS[state] })),
        after: data && data.counts.held > 0 && (
          <p className="muted">
            No SMTP server is set (SMTP_URL), so mail is held: read it in the <a href="/dev/mailbox">development mailbox</a>.
          </p>
        ),
      }}
      failures={{ headingId: 'failures-heading', title: 'Latest failures', items: data?.failures, empty: 'No mail has failed.' }}
      renderFailure={(mail, onDone) => <MailFailureCard key={mail.id} mail={mail} onSent={onDone} />}
    />
  );
}

/** /admin/email (#18): the outbox at a glance, the latest failures with their error, and "Send again". */
export function AdminEmailPage() {
  return (
    <AdminPage
      title="Email"
      intro="Every mail waits in the outbox until a server's worker delivers it. A temporary failure is tried again after 1 minute, 5 minutes, 30 minutes and 2 hours; a refused or fifth failure stops here."
    >
      {() => <EmailOverview />}
    </AdminPage>
  );
}
