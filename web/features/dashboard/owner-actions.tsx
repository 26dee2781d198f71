import { useState } from 'react';
import type { PublicPost } from '../../../core/feed';
import { pagePath } from '../../../core/pages';
import { useApiAction } from '../../lib/use-api-action';
import { CheckNowButton } from '../../ui/check-now-button';
import { ConfirmButton } from '../../ui/confirm-button';
import { Link } from '../../ui/link';
import { dashboardApi } from './api';
import { EditPostForm } from './edit-post-form';

/** Makes the list trade only, or public again (issue 32). */
function AudienceButton({ post, onChanged }: { post: PublicPost; onChanged(): void }) {
  const next = post.list.audience === 'trade' ? 'public' : 'trade';
  // The dashboard reloads with the list's new audience: the button stays busy until then.
  const change = useApiAction(
    async () => {
      await dashboardApi.setAudience(post.list.id, next);
      onChanged();
    },
    { staysBusy: true },
  );
  const { busy, error } = change;
  return (
    <>
      <button type="button" className="button button-small" onClick={() => change.run()} disabled={busy} aria-busy={busy}>
        {next === 'trade' ? 'Make trade only' : 'Make public'}
        <span className="visually-hidden"> {post.list.name}</span>
      </button>
      {error && (
        <span className="field-error" role="alert">
          {error}
        </span>
      )}
    </>
  );
}

/**
 * The owner's buttons on one version: edit it (description, dates, the list's name), remove it (asked in the page first),
 * and, on a list's newest version, a new version and the list's printable QR card.
 */
export function OwnerActions({
  post,
  newest,
  onChanged,
  onDelete,
}: {
  post: PublicPost;
  newest: boolean;
  onChanged(): void;
  /** Deletes it, with a message and Undo (pending-delete.tsx); `what` names it in that message. */
  onDelete(post: PublicPost, what: string): void;
}) {
  const [editing, setEditing] = useState(false);
  if (editing) {
    return (
      <EditPostForm
        post={post}
        newest={newest}
        onDone={(saved) => {
          setEditing(false);
          if (saved) onChanged();
        }}
      />
    );
  }
  const what = newest ? post.list.name : `this earlier version of ${post.list.name}`;
  return (
    <div className="owner-actions">
      <button type="button" className="button button-small" onClick={() => setEditing(true)} aria-label={`Edit ${what}`}>
        Edit
      </button>
      {newest && (
        <>
          <AudienceButton post={post} onChanged={onChanged} />
          <CheckNowButton listId={post.list.id} listName={post.list.name} />
          <Link className="button button-small" to={`${pagePath('upload')}?list=${post.list.id}`}>
            New version<span className="visually-hidden"> of {post.list.name}</span>
          </Link>
          {/* A page with Download, Print and Share (issue 43), not the bare image in a new tab. */}
          <Link className="button button-small" to={pagePath('listCard', { handle: post.handle, slug: post.list.slug })}>
            QR card<span className="visually-hidden"> of {post.list.name}</span>
          </Link>
        </>
      )}
      <ConfirmButton
        label="Delete"
        ariaLabel={`Delete ${what}`}
        question={newest && post.list.versions === 1 ? `Delete ${post.list.name}?` : 'Delete this version?'}
        onConfirm={() =>
          onDelete(
            post,
            !newest
              ? `an earlier version of ${post.list.name}`
              : post.list.versions === 1
                ? post.list.name
                : `the newest version of ${post.list.name}`,
          )
        }
      />
    </div>
  );
}
