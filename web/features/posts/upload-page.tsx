import { type FocusEvent, type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { Navigate, useNavigate, useSearchParams } from 'react-router';
import {
  characterCount,
  completeLink,
  DESCRIPTION_MAX_LENGTH,
  descriptionProblem,
  type LinkPolicy,
  linkProblem,
} from '../../../core/link';
import { FIXABLE } from '../../../core/link-check';
import type { OwnList } from '../../../core/list';
import { pagePath } from '../../../core/pages';
import { POST_MESSAGES } from '../../../core/post-text';
import type { Audience } from '../../../core/trade';
import { track } from '../../lib/analytics';
import { errorMessage } from '../../lib/api-client';
import { useAuth } from '../../lib/auth';
import { newIdempotencyKey } from '../../lib/idempotency-key';
import { useLinkCheck } from '../../lib/link-check';
import { loginPath } from '../../lib/paths';
import { isSessionEnded, SessionEndedAlert } from '../../lib/session-ended';
import { useApiGet } from '../../lib/use-api';
import { Link } from '../../ui/link';
import { LinkCheckNote, LinkProblemQuestion } from '../../ui/link-check-note';
import { PastValidUntilQuestion, validUntilPassed } from '../../ui/validity-fields';
import { postsApi } from './api';
import { UploadHeading } from './upload-heading';
import { draftBody, draftProblems, EMPTY_DRAFT, type VersionDraft, VersionFields } from './version-fields';

/** Focus moving from the link to a submit button: the click is on its way. */
const toSubmit = (e: FocusEvent<HTMLElement>) =>
  e.relatedTarget instanceof HTMLButtonElement && e.relatedTarget.type === 'submit';

/** Spec 9: the dashboard follows 2 seconds after a saved upload. */
const REDIRECT_AFTER_MS = 2000;

type Status =
  | { kind: 'idle' }
  /** A past "Valid until" waits for the person's answer (#31). */
  | { kind: 'asking' }
  /** The link check found the file private, missing or not a file: fix it or post anyway (#29). */
  | { kind: 'link-problem'; message: string }
  | { kind: 'sharing' }
  | { kind: 'saved' }
  | { kind: 'error'; message: string }
  | { kind: 'session-ended' };

function UploadForm({
  policy,
  lists,
  defaultAudience,
}: {
  policy: LinkPolicy | undefined;
  lists: OwnList[] | undefined;
  defaultAudience: Audience;
}) {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  // ?list=ID (the dashboard's "New version") picks that list and starts from its current link.
  const listOf = (id: string) => lists?.find((l) => String(l.id) === id);
  const [draft, setDraft] = useState<VersionDraft>({
    ...EMPTY_DRAFT,
    listId: listOf(params.get('list') ?? '')?.id.toString() ?? '',
    audience: defaultAudience,
  });
  const [url, setUrl] = useState(() => listOf(draft.listId)?.url ?? '');
  const [description, setDescription] = useState('');
  const chosen = listOf(draft.listId);
  /** Another list chosen: its link replaces the one prefilled, never one the person typed. */
  function chooseVersion(next: VersionDraft) {
    if (next.listId !== draft.listId && url === (chosen?.url ?? '')) setUrl(listOf(next.listId)?.url ?? '');
    setDraft(next);
    // A changed form is asked about again when it is shared.
    setStatus((s) => (s.kind === 'asking' ? { kind: 'idle' } : s));
  }
  const savedLine = useRef<HTMLParagraphElement>(null);
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
    check: useId(),
  };
  const linkCheck = useLinkCheck();
  const checkedHere = linkCheck.state?.link === completeLink(url) ? linkCheck.state : null;

  const urlProblem = checkUrl && policy ? linkProblem(completeLink(url), policy) : null;
  const descriptionError = descriptionProblem(description);
  const count = characterCount(description.trim());

  useEffect(() => {
    if (status.kind !== 'saved') return;
    // The button is at the foot of a long form: the confirmation comes into view (#31).
    savedLine.current?.scrollIntoView?.({ block: 'center' });
    const timer = setTimeout(() => navigate(pagePath('dashboard')), REDIRECT_AFTER_MS);
    return () => clearTimeout(timer);
  }, [status, navigate]);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    setCheckUrl(true);
    const link = completeLink(url);
    setUrl(link);
    // The server checks again; this only saves a round trip for a link that cannot pass.
    if ((policy && linkProblem(link, policy)) || descriptionError || draftProblems(draft).any) return;
    if (validUntilPassed(draft) && status.kind !== 'asking') {
      setStatus({ kind: 'asking' });
      return;
    }
    await checkThenShare(link);
  }

  /** A link the check finds private, missing or not a file is asked about; a slow check never holds sharing up. */
  async function checkThenShare(link: string) {
    setStatus({ kind: 'sharing' });
    const result = await linkCheck.settle(link);
    if (result?.message && FIXABLE.has(result.health)) setStatus({ kind: 'link-problem', message: result.message });
    else await share(link);
  }

  async function share(link: string) {
    setStatus({ kind: 'sharing' });
    try {
      const form = JSON.stringify([link, description, draft]);
      if (attempt.current?.form !== form) attempt.current = { key: newIdempotencyKey(), form };
      const { post } = await postsApi.create({
        url: link,
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
    <>
      <UploadHeading list={chosen} />
      <form onSubmit={onSubmit} noValidate>
        {status.kind === 'session-ended' && <SessionEndedAlert onSignedIn={() => setStatus({ kind: 'idle' })} />}

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
          onChange={(e) => {
            setUrl(e.target.value);
            setStatus((s) => (s.kind === 'link-problem' ? { kind: 'idle' } : s));
          }}
          onBlur={(e) => {
            const link = completeLink(url);
            setUrl(link);
            if (url.trim()) setCheckUrl(true);
            // Straight to Share: sharing checks it; a note appearing now would move the button from under the click.
            if (policy && url.trim() && !linkProblem(link, policy) && !toSubmit(e)) void linkCheck.check(link);
          }}
          aria-invalid={urlProblem ? true : undefined}
          aria-describedby={`${urlProblem ? `${ids.urlError} ` : ''}${checkedHere ? `${ids.check} ` : ''}${ids.hint}`}
          disabled={busy}
        />
        {urlProblem && (
          <p id={ids.urlError} className="field-error" role="alert">
            {urlProblem}
          </p>
        )}
        {/* Asked below when sharing, the problem is said once, there (issue 43). */}
        {!urlProblem && checkedHere && status.kind !== 'link-problem' && (
          <LinkCheckNote id={ids.check} checking={checkedHere.result === null} result={checkedHere.result} />
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

        <VersionFields draft={draft} onChange={chooseVersion} lists={lists} description={description} disabled={busy} />

        {/* Beside the button that caused them: a long form's top is out of view on a phone (#31). */}
        {status.kind === 'error' && (
          <p className="alert alert-error" role="alert">
            {status.message}
          </p>
        )}
        <p ref={savedLine} className="alert alert-success" role="status" hidden={status.kind !== 'saved'}>
          {status.kind === 'saved' ? POST_MESSAGES.uploadSaved : ''}
        </p>
        {status.kind === 'asking' && (
          <PastValidUntilQuestion
            validUntil={draft.validUntil}
            confirmLabel="Share anyway"
            onConfirm={() => void checkThenShare(completeLink(url))}
            onChange={() => {
              setStatus({ kind: 'idle' });
              document.getElementById('validUntil')?.focus();
            }}
          />
        )}
        {status.kind === 'link-problem' && (
          <LinkProblemQuestion
            message={status.message}
            confirmLabel="Post anyway"
            onConfirm={() => void share(completeLink(url))}
            onFix={() => {
              setStatus({ kind: 'idle' });
              document.getElementById(ids.url)?.focus();
            }}
          />
        )}
        <div className="form-actions">
          <Link className="button" to={pagePath('dashboard')}>
            Cancel
          </Link>
          <button
            type="submit"
            className="button button-primary"
            disabled={url.trim() === '' || busy || status.kind === 'asking' || status.kind === 'link-problem'}
            aria-busy={status.kind === 'sharing'}
          >
            {status.kind === 'sharing' ? 'Sharing...' : 'Share'}
          </button>
        </div>
      </form>
    </>
  );
}

/** /upload: approved handle owners share a link to their latest list. */
export function UploadPage() {
  const { auth } = useAuth();
  const policy = useApiGet(auth.status === 'signed-in' ? () => postsApi.linkPolicy() : null, []);
  const lists = useApiGet(auth.status === 'signed-in' ? () => postsApi.myLists() : null, []);
  const trade = useApiGet(auth.status === 'signed-in' ? () => postsApi.tradeSettings() : null, []);
  if (auth.status === 'loading') return <p className="page-status">Loading...</p>;
  if (auth.status === 'signed-out') return <Navigate to={loginPath(pagePath('upload'))} replace />;
  if (!auth.user.approved) return <Navigate to={pagePath('dashboard')} replace />;
  return (
    <main className="page page-narrow">
      {/* The list choice must be there before the form starts, so ?list= can pick it. */}
      {(lists.data || lists.error) && (trade.data || trade.error) ? (
        <UploadForm policy={policy.data} lists={lists.data?.lists} defaultAudience={trade.data?.defaultAudience ?? 'public'} />
      ) : (
        <>
          <UploadHeading list={undefined} />
          <p className="muted">Loading...</p>
        </>
      )}
    </main>
  );
}
