import type { SessionUser } from '../../../core/api';
import { isNoteSlug, NOTE_DEFAULTS, NOTE_MESSAGES, NOTE_PAGES, type Note } from '../../../core/notes';
import { conflict, notFound } from '../../http-errors';
import type { DB } from '../../plugins/db';
import { recordAdminAction } from '../audit/service';
import { notesRepository } from './repository';

/** The admin planning-note pages: read, and save with a guard against overwriting a newer save. */
export function notesService(db: DB) {
  const repo = notesRepository(db);
  return {
    async get(slug: string): Promise<Note> {
      if (!isNoteSlug(slug)) throw notFound(NOTE_MESSAGES.notFound);
      const row = await repo.find(slug);
      return {
        slug,
        title: NOTE_PAGES[slug],
        body: row?.body ?? NOTE_DEFAULTS[slug],
        updatedAt: row?.updatedAt ?? null,
        updatedBy: row?.updatedByEmail ?? null,
      };
    },

    /** `baseUpdatedAt` undefined saves unconditionally; otherwise it must match the stored version. */
    async save(actor: SessionUser, slug: string, body: string, baseUpdatedAt: number | null | undefined): Promise<Note> {
      if (!isNoteSlug(slug)) throw notFound(NOTE_MESSAGES.notFound);
      const saved = await db.transaction().execute(async (trx) => {
        const notes = notesRepository(trx);
        const current = await notes.findForUpdate(slug);
        if (baseUpdatedAt !== undefined && (current?.updatedAt ?? null) !== baseUpdatedAt)
          throw conflict(NOTE_MESSAGES.changedSince);
        // Strictly increasing, so a version never repeats even for two saves in one millisecond.
        const now = Math.max(Date.now(), (current?.updatedAt ?? 0) + 1);
        await notes.save({ slug, body, userId: actor.id, email: actor.email, now });
        await recordAdminAction(trx, {
          actor,
          action: 'note.edit',
          target: slug,
          details: { characters: body.length, previousCharacters: (current?.body ?? NOTE_DEFAULTS[slug]).length },
        });
        return now;
      });
      return { slug, title: NOTE_PAGES[slug], body, updatedAt: saved, updatedBy: actor.email };
    },
  };
}
