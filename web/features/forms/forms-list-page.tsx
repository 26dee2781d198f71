import type { SessionUser } from '../../../core/api';
import type { ChatFormListItem } from '../../../core/chat-form-api';
import { pagePath } from '../../../core/pages';
import { relativeTime } from '../../../core/time';
import { RequireAuth } from '../../lib/require-auth';
import { useApiGet } from '../../lib/use-api';
import { Link } from '../../ui/link';
import { formsApi } from './api';
import './forms.css';

function FormRows({ forms, showOwner }: { forms: ChatFormListItem[]; showOwner: boolean }) {
  const now = Date.now();
  return (
    <ul className="form-list">
      {forms.map((f) => (
        <li key={f.id} className="form-list-item">
          <Link className="form-list-title" to={pagePath('chatFormEdit', { formId: f.id })}>
            {f.title}
          </Link>
          {f.closed && <span className="badge badge-closed">Closed</span>}
          <p className="muted">
            {f.questionCount} {f.questionCount === 1 ? 'question' : 'questions'} · edited {relativeTime(f.updatedAt, now)}
            {showOwner && ` · by ${f.mine ? 'you' : (f.ownerName ?? 'a deleted account')}`}
          </p>
          <p className="form-list-links">
            <Link to={pagePath('chatFormResponses', { formId: f.id })}>
              {f.responseCount} {f.responseCount === 1 ? 'response' : 'responses'}
            </Link>
            <a href={pagePath('form', { formId: f.id })} target="_blank" rel="noopener">
              Open form
            </a>
          </p>
        </li>
      ))}
    </ul>
  );
}

function AllForms() {
  const { data, error } = useApiGet(() => formsApi.list('all'), []);
  return (
    <section aria-labelledby="all-forms-heading">
      <h2 id="all-forms-heading">All forms (admin)</h2>
      {error && (
        <p className="alert alert-error" role="alert">
          {error.message}
        </p>
      )}
      {!data && !error && <p className="muted">Loading...</p>}
      {data && data.forms.length === 0 && <p className="muted">No one has made a chat form yet.</p>}
      {data && data.forms.length > 0 && <FormRows forms={data.forms} showOwner />}
    </section>
  );
}

function FormsList({ user }: { user: SessionUser }) {
  const { data, error } = useApiGet(() => formsApi.list('mine'), []);
  return (
    <main className="page">
      <h1>Chat forms</h1>
      <p className="lead">Ask one question at a time, like a chat. Share the link or its QR code; read the answers here.</p>
      <p>
        <Link className="button button-primary" to={pagePath('chatFormNew')}>
          Create a form
        </Link>
      </p>
      <section aria-labelledby="my-forms-heading">
        <h2 id="my-forms-heading">Your forms</h2>
        {error && (
          <p className="alert alert-error" role="alert">
            {error.message}
          </p>
        )}
        {!data && !error && <p className="muted">Loading...</p>}
        {data && data.forms.length === 0 && <p className="muted">You have no chat forms yet.</p>}
        {data && data.forms.length > 0 && <FormRows forms={data.forms} showOwner={false} />}
      </section>
      {user.admin && <AllForms />}
    </main>
  );
}

/** /chat-form-creator: the signed-in user's chat forms (and, for admins, everyone's). */
export function FormsListPage() {
  return <RequireAuth>{(user) => <FormsList user={user} />}</RequireAuth>;
}
