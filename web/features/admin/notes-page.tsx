import { lazy, Suspense, useEffect, useState } from 'react';
import { NOTE_MAX_LENGTH, NOTE_MESSAGES, NOTE_PAGES, type Note, type NoteSlug } from '../../../core/notes';
import { trackAdminAction } from '../../lib/analytics';
import { useApiGet } from '../../lib/use-api';
import { useApiAction } from '../../lib/use-api-action';
import { AdminPage, formatDateTime } from './admin-page';
import { adminApi } from './api';
import './admin.css';
import '../../ui/admin-area.css';

const MarkdownView = lazy(() => import('./markdown-view'));

function Rendered({ source }: { source: string }) {
  if (!source.trim()) return <p className="muted">Nothing written here yet.</p>;
  return (
    <Suspense fallback={<p className="muted">Loading...</p>}>
      <MarkdownView source={source} />
    </Suspense>
  );
}

function NoteEditor({ slug }: { slug: NoteSlug }) {
  const note = useApiGet(() => adminApi.note(slug), [slug]);
  const [current, setCurrent] = useState<Note>();
  const [draft, setDraft] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);
  const store = useApiAction(async (body: string, base: Note) => {
    const next = await adminApi.saveNote(slug, { body, baseUpdatedAt: base.updatedAt });
    trackAdminAction('note.edit');
    setCurrent(next);
    setDraft(null);
    setSaved(true);
  });
  const { busy, error } = store;

  useEffect(() => {
    if (note.data) setCurrent(note.data);
  }, [note.data]);

  if (note.error) {
    return (
      <p className="alert alert-error" role="alert">
        {note.error.message}
      </p>
    );
  }
  if (!current) return <p className="page-status">Loading...</p>;

  const tooLong = draft !== null && draft.length > NOTE_MAX_LENGTH;

  function save() {
    if (draft === null || !current || tooLong) return;
    void store.run(draft, current);
  }

  return (
    <>
      <p className="admin-item-meta">
        {current.updatedAt !== null && current.updatedBy
          ? `Last saved ${formatDateTime(current.updatedAt)} by ${current.updatedBy}.`
          : 'Not edited yet.'}
      </p>
      <div aria-live="polite" role="status">
        {saved && draft === null && <p className="alert alert-success">Saved.</p>}
      </div>
      {draft === null ? (
        <>
          <div className="card note-body">
            <Rendered source={current.body} />
          </div>
          <button
            type="button"
            className="button button-primary"
            onClick={() => {
              setSaved(false);
              setDraft(current.body);
            }}
          >
            Edit
          </button>
        </>
      ) : (
        <div className="note-editor">
          <label htmlFor="note-text">Notes (Markdown)</label>
          <textarea
            id="note-text"
            value={draft}
            onChange={(e) => setDraft(e.target.value)}
            rows={16}
            aria-describedby={`note-hint${error || tooLong ? ' note-error' : ''}`}
            aria-invalid={tooLong || undefined}
          />
          <p className="field-hint" id="note-hint">
            Markdown: # heading, **bold**, - list, [link](https://…). HTML is shown as text. {draft.length.toLocaleString('en')}/
            {NOTE_MAX_LENGTH.toLocaleString('en')}
          </p>
          {(error || tooLong) && (
            <p className="field-error" id="note-error" role="alert">
              {error ?? NOTE_MESSAGES.tooLong}
            </p>
          )}
          <div className="form-actions">
            <button type="button" className="button button-primary" onClick={save} disabled={busy || tooLong}>
              {busy ? 'Saving...' : 'Save'}
            </button>
            <button type="button" className="button" onClick={() => setDraft(null)} disabled={busy}>
              Cancel
            </button>
          </div>
          <h2 className="note-preview-heading">Preview</h2>
          <div className="card note-body">
            <Rendered source={draft} />
          </div>
        </div>
      )}
    </>
  );
}

/** One admin planning-notes page (spec 2); admins read and edit its Markdown. */
export function NotesPage({ slug }: { slug: NoteSlug }) {
  return <AdminPage title={NOTE_PAGES[slug]}>{() => <NoteEditor key={slug} slug={slug} />}</AdminPage>;
}
