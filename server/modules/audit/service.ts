import { type AdminAction, AUDIT_LOG_PAGE_SIZE, type AuditLogPage } from '../../../core/audit';
import type { DB } from '../../plugins/db';
import { auditRepository } from './repository';

export interface AdminActionRecord {
  /** The signed-in admin (request.user): the id and email are stored, so the entry outlives the profile. */
  actor: { id: string; email: string };
  /** What was done: a name from ADMIN_ACTIONS in core/audit.ts (add one there for a new kind of action). */
  action: AdminAction;
  /** On what or whom, as an admin reads it: '@handle', an email, a notes page slug, a user id. */
  target: string;
  /** Anything else worth keeping (before/after values, counts); JSON. */
  details?: Record<string, unknown>;
}

/**
 * Writes one audit log entry INSIDE the caller's transaction, so the entry exists exactly when the
 * action it describes committed:
 *
 *   await db.transaction().execute(async (trx) => {
 *     ...the action's own writes on trx...
 *     await recordAdminAction(trx, { actor: request.user, action: 'handle.delete', target: '@fresh-farm' });
 *   });
 *
 * `trx` is a Kysely Transaction<Database> (or the plain DB for a single-statement action).
 */
export async function recordAdminAction(trx: DB, record: AdminActionRecord): Promise<void> {
  await auditRepository(trx).insert({
    actorId: record.actor.id,
    actorEmail: record.actor.email,
    action: record.action,
    target: record.target,
    details: record.details ?? {},
    createdAt: Date.now(),
  });
}

/** The log viewer's reads. */
export function auditService(db: DB) {
  const repo = auditRepository(db);
  return {
    async page(before?: number): Promise<AuditLogPage> {
      const entries = await repo.newestPage(AUDIT_LOG_PAGE_SIZE + 1, before);
      const more = entries.length > AUDIT_LOG_PAGE_SIZE;
      const shown = entries.slice(0, AUDIT_LOG_PAGE_SIZE);
      return { entries: shown, nextBefore: more ? (shown.at(-1)?.id ?? null) : null };
    },
  };
}
