import { Link, useParams } from 'react-router';
import { type ChatFormResponses, SUBMITTED_AT_COLUMN } from '../../../core/chat-form';
import { pagePath } from '../../../core/pages';
import { RequireAuth } from '../../lib/require-auth';
import { useApiGet } from '../../lib/use-api';
import { formsApi } from './api';
import { FormUnavailable } from './form-unavailable';

const formatTime = (ms: number) => new Date(ms).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });

function ResponsesTable({ data }: { data: ChatFormResponses }) {
  const { form, columns, total, responses } = data;
  const csvUrl = formsApi.responsesCsvUrl(form.id);
  return (
    <main className="page page-wide">
      <p>
        <Link to={pagePath('chatFormEdit', { formId: form.id })}>← Edit {form.title}</Link>
      </p>
      <h1>Responses: {form.title}</h1>
      <div className="responses-bar">
        <p>
          {total} {total === 1 ? 'response' : 'responses'}
        </p>
        {total > 0 && (
          <a className="button" href={csvUrl} download>
            Export CSV
          </a>
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
              Showing the newest {responses.length} of {total}. The CSV export has them all.
            </p>
          )}
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
                      <time dateTime={new Date(r.submittedAt).toISOString()}>{formatTime(r.submittedAt)}</time>
                    </td>
                    {columns.map((c) => (
                      <td key={c}>{r.answers[c] ?? ''}</td>
                    ))}
                  </tr>
                ))}
              </tbody>
            </table>
          </section>
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
  return <ResponsesTable data={data} />;
}

/** /chat-form-creator/{formId}/responses: the owner's (or an admin's) table of responses. */
export function FormResponsesPage() {
  const { formId = '' } = useParams();
  return <RequireAuth>{() => <Responses formId={formId} />}</RequireAuth>;
}
