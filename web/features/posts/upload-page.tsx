import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { Navigate, useNavigate, useSearchParams } from 'react-router';
import { characterCount, DESCRIPTION_MAX_LENGTH, descriptionProblem, type LinkPolicy, linkProblem } from '../../../core/link';
import type { OwnList } from '../../../core/list';
import { pagePath } from '../../../core/pages';
import { POST_MESSAGES } from '../../../core/post-text';
import { track } from '../../lib/analytics';
import { errorMessage } from '../../lib/api-client';
import { useAuth } from '../../lib/auth';
import { newIdempotencyKey } from '../../lib/idempotency-key';
import { loginPath } from '../../lib/paths';
import { isSessionEnded, SessionEndedAlert } from '../../lib/session-ended';
import { useApiGet } from '../../lib/use-api';
import { Link } from '../../ui/link';
import { postsApi } from './api';
import { draftBody, draftProblems, EMPTY_DRAFT, type VersionDraft, VersionFields } from './version-fields';

/** Spec 9: the dashboard follows 2 seconds after a saved upload. */
const REDIRECT_AFTER_MS = 2000;

type Status =
  | { kind: 'idle' }
  | { kind: 'sharing' }
  | { kind: 'saved' }
  | { kind: 'error'; message: string }
  | { kind: 'session-ended' };

function UploadForm({ policy, lists }: { policy: LinkPolicy | undefined; lists: OwnList[] | undefined }) {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [url, setUrl] = useState('');
  const [description, setDescription] = useState('');
  // ?list=ID (the dashboard's "New version") picks that list.
  const [draft, setDraft] = useState<VersionDraft>({ ...EMPTY_DRAFT, listId: params.get('list') ?? '' });
  const [checkUrl, setCheckUrl] = useState(false);
  const [status, setStatus] = useState<Status>({ kind: 'idle' });
  // One key per post being shared: a double submission or a retry of the same form stores one post.
  const attempt = useRef<{ key: string; form: string } | null>(null);
  const ids = {
    url: useId(),
    urlError: useId(),
    hint: useId(),
    description: useId(),
    counter: useId(),
    descriptionError: useId(),
  };

  const urlProblem = checkUrl && policy ? linkProblem(url, policy) : null;
  const descriptionError = descriptionProblem(description);
  const count = characterCount(description.trim());

  useEffect(() => {
    if (status.kind !== 'saved') return;
    const timer = setTimeout(() => navigate(pagePath('dashboard')), REDIRECT_AFTER_MS);
    return () => clearTimeout(timer);
  }, [status, navigate]);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    setCheckUrl(true);
    // The server checks again; this only saves a round trip for a link that cannot pass.
    if ((policy && linkProblem(url, policy)) || descriptionError || draftProblems(draft).any) return;
    setStatus({ kind: 'sharing' });
    try {
      const form = JSON.stringify([url, description, draft]);
      if (attempt.current?.form !== form) attempt.current = { key: newIdempotencyKey(), form };
      const { post } = await postsApi.create({
        url,
        description,
        ...draftBody(draft),
        idempotencyKey: attempt.current.key,
      });
      track('upload_created', { postId: String(post.id) });
      setStatus({ kind: 'saved' });
    } catch (err) {
      if (isSessionEnded(err)) {
        setStatus({ kind: 'session-ended' });
        return;
      }
      const message = errorMessage(err);
      track('error', { message, where: 'upload' });
      setStatus({ kind: 'error', message });
    }
  }

  const busy = status.kind === 'sharing' || status.kind === 'saved';
  return (
    <form onSubmit={onSubmit} noValidate>
      {status.kind === 'session-ended' && <SessionEndedAlert onSignedIn={() => setStatus({ kind: 'idle' })} />}
      {status.kind === 'error' && (
        <p className="alert alert-error" role="alert">
          {status.message}
        </p>
      )}
      <p className="alert alert-success" role="status" hidden={status.kind !== 'saved'}>
        {status.kind === 'saved' ? POST_MESSAGES.uploadSaved : ''}
      </p>

      <label htmlFor={ids.url}>Link URL</label>
      <input
        id={ids.url}
        name="url"
        type="text"
        inputMode="url"
        autoComplete="off"
        spellCheck={false}
        required
        placeholder="https://drive.google.com/..."
        value={url}
        onChange={(e) => setUrl(e.target.value)}
        onBlur={() => url.trim() && setCheckUrl(true)}
        aria-invalid={urlProblem ? true : undefined}
        aria-describedby={`${urlProblem ? `${ids.urlError} ` : ''}${ids.hint}`}
        disabled={busy}
      />
      {urlProblem && (
        <p id={ids.urlError} className="field-error" role="alert">
          {urlProblem}
        </p>
      )}
      <p id={ids.hint} className="field-hint">
        {policy
          ? `Share a link from ${policy.providers.map((p) => p.name).join(', ')}.`
          : 'Share a link from a trusted file-sharing service.'}
      </p>

      <label htmlFor={ids.description}>Description</label>
      <textarea
        id={ids.description}
        name="description"
        value={description}
        onChange={(e) => setDescription(e.target.value)}
        aria-invalid={descriptionError ? true : undefined}
        aria-describedby={`${ids.counter}${descriptionError ? ` ${ids.descriptionError}` : ''}`}
        placeholder="What's in this list? e.g. This week's prices"
        disabled={busy}
      />
      <p id={ids.counter} className={`field-hint counter${count > DESCRIPTION_MAX_LENGTH ? ' over' : ''}`}>
        {count}/{DESCRIPTION_MAX_LENGTH}
      </p>
      {descriptionError && (
        <p id={ids.descriptionError} className="field-error" role="alert">
          {descriptionError}
        </p>
      )}

      <VersionFields draft={draft} onChange={setDraft} lists={lists} description={description} disabled={busy} />

      <div className="form-actions">
        <Link className="button" to={pagePath('dashboard')}>
          Cancel
        </Link>
        <button
          type="submit"
          className="button button-primary"
          disabled={url.trim() === '' || busy}
          aria-busy={status.kind === 'sharing'}
        >
          {status.kind === 'sharing' ? 'Sharing...' : 'Share'}
        </button>
      </div>
    </form>
  );
}

/** /upload: approved handle owners share a link to their latest list. */
export function UploadPage() {
  const { auth } = useAuth();
  const policy = useApiGet(auth.status === 'signed-in' ? () => postsApi.linkPolicy() : null, []);
  const lists = useApiGet(auth.status === 'signed-in' ? () => postsApi.myLists() : null, []);
  if (auth.status === 'loading') return <p className="page-status">Loading...</p>;
  if (auth.status === 'signed-out') return <Navigate to={loginPath(pagePath('upload'))} replace />;
  if (!auth.user.approved) return <Navigate to={pagePath('dashboard')} replace />;
  return (
    <main className="page page-narrow">
      <h1>Share a new list</h1>
      <p className="muted">
        Post the link to the menu, price list or catalogue you keep up to date. Your followers see it in their feed.
      </p>
      {/* The list choice must be there before the form starts, so ?list= can pick it. */}
      {lists.data || lists.error ? (
        <UploadForm policy={policy.data} lists={lists.data?.lists} />
      ) : (
        <p className="muted">Loading...</p>
      )}
    </main>
  );
}
