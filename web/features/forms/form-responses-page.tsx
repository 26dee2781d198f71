import { useEffect, useState } from 'react';
import { useParams } from 'react-router';
import { SUBMITTED_AT_COLUMN } from '../../../core/chat-form';
import { answerText } from '../../../core/chat-form-answers';
import type { ChatFormResponses } from '../../../core/chat-form-api';
import { pagePath } from '../../../core/pages';
import { RequireAuth } from '../../lib/require-auth';
import { useApiGet } from '../../lib/use-api';
import { Link } from '../../ui/link';
import { formsApi } from './api';
import { FormUnavailable } from './form-unavailable';
import './forms.css';
import '../../ui/admin-area.css';

const formatTime = (ms: number) => new Date(ms).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });
const Time = ({ ms }: { ms: number }) => <time dateTime={new Date(ms).toISOString()}>{formatTime(ms)}</time>;

const WIDE = '(min-width: 720px)';

/** Whether the screen is wide enough for the table, following changes (a phone turned sideways). */
function useWideScreen(): boolean {
  const [wide, setWide] = useState(() => window.matchMedia(WIDE).matches);
  useEffect(() => {
    const query = window.matchMedia(WIDE);
    const onChange = () => setWide(query.matches);
    query.addEventListener('change', onChange);
    return () => query.removeEventListener('change', onChange);
  }, []);
  return wide;
}

/**
 * A table on wide screens, a card per response on a phone, where a table would be cut off
 * (issue 19). Only one is in the page, so screen readers and find-in-page meet each answer once.
 */
function ResponsesView({ data }: { data: ChatFormResponses }) {
  const { form, columns, responses } = data;
  const wide = useWideScreen();
  // A column's question type, so a date answer reads as people write it (#31).
  const types = new Map(form.questions.map((q) => [q.field, q.type]));
  const answer = (r: (typeof responses)[number], c: string) => answerText(r.answers[c], types.get(c));
  if (!wide) {
    return (
      <ol className="response-cards" aria-label={`Responses to ${form.title}, newest first`}>
        {responses.map((r) => (
          <li key={r.id} className="response-card">
            <p className="response-card-time">
              <Time ms={r.submittedAt} />
            </p>
            <dl>
              {columns.map((c) => (
                <div key={c} className="response-card-row">
                  <dt>{c}</dt>
                  <dd>{r.answers[c] === undefined ? <span className="muted">—</span> : answer(r, c)}</dd>
                </div>
              ))}
            </dl>
          </li>
        ))}
      </ol>
    );
  }
  return (
    <>
      {/* Focusable so keyboard users can scroll a table wider than the screen. */}
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard. */}
      <section className="table-scroll" aria-labelledby="responses-caption" tabIndex={0}>
        <table className="responses-table">
          <caption id="responses-caption">Responses to {form.title}, newest first</caption>
          <thead>
            <tr>
              <th scope="col">{SUBMITTED_AT_COLUMN}</th>
              {columns.map((c) => (
                <th key={c} scope="col">
                  {c}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {responses.map((r) => (
              <tr key={r.id}>
                <td className="nowrap">
                  <Time ms={r.submittedAt} />
                </td>
                {columns.map((c) => (
                  <td key={c}>{answer(r, c)}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </section>
    </>
  );
}

function ResponsesPage({ data }: { data: ChatFormResponses }) {
  const { form, total, responses } = data;
  return (
    <main className="page page-wide">
      <p>
        <Link to={pagePath('chatFormEdit', { formId: form.id })}>← Edit {form.title}</Link>
      </p>
      <h1>Responses: {form.title}</h1>
      <div className="responses-bar">
        <p>
          {total} {total === 1 ? 'response' : 'responses'}
          {form.closed && <span className="badge badge-closed">Closed</span>}
        </p>
        {total > 0 && (
          <p className="responses-downloads">
            <a className="button" href={formsApi.responsesCsvUrl(form.id)} download>
              Download CSV
            </a>
            <a className="button" href={formsApi.responsesXlsxUrl(form.id)} download>
              Download Excel (.xlsx)
            </a>
          </p>
        )}
      </div>
      {total === 0 ? (
        <p className="muted">
          No responses yet. Share <a href={pagePath('form', { formId: form.id })}>your form's link</a> to collect some.
        </p>
      ) : (
        <>
          {total > responses.length && (
            <p className="field-hint">
              Showing the newest {responses.length} of {total}. The downloads have them all.
            </p>
          )}
          <ResponsesView data={data} />
        </>
      )}
    </main>
  );
}

function Responses({ formId }: { formId: string }) {
  const { data, error, loading } = useApiGet(() => formsApi.responses(formId), [formId]);
  if (loading || (!data && !error)) return <p className="page-status">Loading responses...</p>;
  if (error || !data) {
    return <FormUnavailable error={error} />;
  }
  return <ResponsesPage data={data} />;
}

/** /chat-form-creator/{formId}/responses: the owner's (or an admin's) responses. */
export function FormResponsesPage() {
  const { formId = '' } = useParams();
  return <RequireAuth>{() => <Responses formId={formId} />}</RequireAuth>;
}
