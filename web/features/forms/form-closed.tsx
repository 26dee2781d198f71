import type { PublicChatForm } from '../../../core/chat-form-api';
import { CHAT_FORM_TEXT } from '../../../core/chat-form-visitor';
import { pagePath } from '../../../core/pages';
import { Link } from '../../ui/link';
import { FormAsker } from './form-asker';

const formatDate = (ms: number) => new Date(ms).toLocaleDateString(undefined, { dateStyle: 'long' });

/** A form that takes no more responses says so kindly, with who asked and what it was (issue 19). */
export function FormClosed({ form }: { form: PublicChatForm }) {
  const line =
    form.closed === 'date' && form.closesAt !== null
      ? CHAT_FORM_TEXT.closedOnDate(formatDate(form.closesAt))
      : CHAT_FORM_TEXT.closedFull;
  return (
    <main className="page chat-page">
      <header className="chat-header">
        <FormAsker owner={form.owner} />
        <h1>{form.title}</h1>
      </header>
      <section className="card chat-closed" aria-labelledby="closed-heading">
        <h2 id="closed-heading">{CHAT_FORM_TEXT.closedHeading}</h2>
        <p>{line}</p>
        {form.owner?.handle && (
          <p>
            <Link to={pagePath('profile', { handle: form.owner.handle })}>See @{form.owner.handle} on Freshlist</Link>
          </p>
        )}
      </section>
      <p className="chat-try">
        {CHAT_FORM_TEXT.tryIt}{' '}
        <Link className="button" to={pagePath('chatFormCreator')}>
          {CHAT_FORM_TEXT.tryChatForm}
        </Link>
      </p>
    </main>
  );
}
