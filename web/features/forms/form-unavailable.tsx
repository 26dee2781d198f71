import { CHAT_FORM_TEXT } from '../../../core/chat-form-visitor';
import { pagePath } from '../../../core/pages';
import type { ApiRequestError } from '../../lib/api-client';
import { Link } from '../../ui/link';

/** A form its owner cannot manage here: gone (404), or someone else's. */
export function FormUnavailable({ error }: { error: ApiRequestError | undefined }) {
  const missing = error?.status === 404;
  return (
    <main className="page page-narrow center">
      <h1>{missing ? CHAT_FORM_TEXT.notFoundHeading : 'This form is not yours'}</h1>
      <p role="alert">{missing ? CHAT_FORM_TEXT.notFoundHelp : error?.message}</p>
      <p>
        <Link to={pagePath('chatFormCreator')}>Your chat forms</Link>
      </p>
    </main>
  );
}
