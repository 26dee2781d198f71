import type { AuditEntry } from '../../../core/audit';
import type { DB } from '../../plugins/db';

/** All SQL of the admin audit log. `db` may be a transaction: the entry commits or rolls back with it. */
export function auditRepository(db: DB) {
  return {
    async insert(row: {
      actorId: string | null;
      actorEmail: string;
      action: string;
      target: string;
      details: Record<string, unknown>;
      createdAt: number;
    }): Promise<void> {
      await db
        .insertInto('admin_audit_log')
        .values({
          actor_id: row.actorId,
          actor_email: row.actorEmail,
          action: row.action,
          target: row.target,
          details: JSON.stringify(row.details),
          created_at: row.createdAt,
        })
        .execute();
    },

    /** Newest first; `before` is the id of the last entry of the previous page. */
    async newestPage(limit: number, before?: number): Promise<AuditEntry[]> {
      let query = db
        .selectFrom('admin_audit_log')
        .select([
          'id',
          'actor_id as actorId',
          'actor_email as actorEmail',
          'action',
          'target',
          'details',
          'created_at as createdAt',
        ])
        .orderBy('id', 'desc')
        .limit(limit);
      if (before !== undefined) query = query.where('id', '<', before);
      const rows = await query.execute();
      return rows.map((r) => ({ ...r, id: Number(r.id) }));
    },
  };
}
