import type { DB } from '../../plugins/db';

export interface NoteRow {
  body: string;
  updatedAt: number;
  updatedByEmail: string;
}

/** All SQL of the admin notes pages. */
export function notesRepository(db: DB) {
  return {
    async find(slug: string): Promise<NoteRow | undefined> {
      return db
        .selectFrom('admin_notes')
        .select(['body', 'updated_at as updatedAt', 'updated_by_email as updatedByEmail'])
        .where('slug', '=', slug)
        .executeTakeFirst();
    },

    /** Locks the page's row (when it exists) until the transaction ends, so two saves queue up. */
    async findForUpdate(slug: string): Promise<NoteRow | undefined> {
      return db
        .selectFrom('admin_notes')
        .select(['body', 'updated_at as updatedAt', 'updated_by_email as updatedByEmail'])
        .where('slug', '=', slug)
        .forUpdate()
        .executeTakeFirst();
    },

    /** Inserts or replaces; returns false when a concurrent first save won the insert. */
    async save(row: { slug: string; body: string; userId: string; email: string; now: number }): Promise<boolean> {
      const result = await db
        .insertInto('admin_notes')
        .values({ slug: row.slug, body: row.body, updated_by: row.userId, updated_by_email: row.email, updated_at: row.now })
        .onConflict((oc) =>
          oc
            .column('slug')
            .doUpdateSet({ body: row.body, updated_by: row.userId, updated_by_email: row.email, updated_at: row.now }),
        )
        .executeTakeFirst();
      return Number(result.numInsertedOrUpdatedRows ?? 0n) > 0;
    },
  };
}
