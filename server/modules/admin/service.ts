import { z } from 'zod';
import {
  ADMIN_MESSAGES,
  type AdminOverview,
  type BackupSummary,
  type DeletedUsersList,
  type DeleteUserResponse,
  type EndSessionsResponse,
  type IndexCheckResponse,
  type RestoreResponse,
  USERS_PAGE_SIZE,
  type UsersList,
} from '../../../core/admin';
import type { SessionUser } from '../../../core/api';
import { badRequest, conflict, isUniqueViolation, notFound } from '../../http-errors';
import type { DB } from '../../plugins/db';
import { recordAdminAction } from '../audit/service';
import { endSessionsOf } from '../auth/service';
import { adminRepository, INDEX_CHECK_SQL, type IndexCheckQuery } from './repository';

const nullableText = z.string().nullable();

/** What a deletion stores in deleted_users.backup (version 1). Parsed on restore, so a bad row fails loudly. */
const backupSchema = z.object({
  version: z.literal(1),
  profile: z.object({
    id: z.string(),
    email: z.string(),
    display_name: z.string(),
    oidc_subject: nullableText,
    admin: z.boolean(),
    rejected: z.boolean(),
    handle_revoked: z.boolean(),
    admin_created: z.boolean(),
    phone: nullableText,
    socials: nullableText,
    links: nullableText,
    description: nullableText,
    questions: nullableText,
    usage_description: nullableText,
    invited_by: nullableText,
    created_at: z.number(),
    restored_at: z.number().nullable(),
  }),
  handle: z.object({ handle: z.string(), created_at: z.number() }).nullable(),
  posts: z.array(
    z.object({
      id: z.number(),
      handle: z.string(),
      url: z.string(),
      description: z.string(),
      created_at: z.number(),
      open_count: z.number(),
    }),
  ),
  /** Whom the user followed: the handle and who held it then (a follow outlives the handle). */
  following: z.array(z.object({ handle: z.string(), followed_user_id: z.string(), followed_at: z.number() })),
  followers: z.array(z.object({ follower_id: z.string(), handle: z.string(), followed_at: z.number() })),
  invites: z.array(z.record(z.string(), z.unknown())),
  inviteRequest: z.record(z.string(), z.unknown()).nullable(),
  handleRequest: z.record(z.string(), z.unknown()).nullable(),
});
type Backup = z.infer<typeof backupSchema>;

function summarize(backup: Backup): BackupSummary {
  return {
    email: backup.profile.email,
    displayName: backup.profile.display_name,
    handle: backup.handle?.handle ?? null,
    posts: backup.posts.length,
    following: backup.following.length,
    followers: backup.followers.length,
    hasInvite: backup.invites.length > 0,
    hasInviteRequest: backup.inviteRequest !== null,
    hasHandleRequest: backup.handleRequest !== null,
  };
}

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/** PostgreSQL's foreign_key_violation: something outside the backup still points at the user. */
const isForeignKeyViolation = (err: unknown) => (err as { code?: string } | null)?.code === '23503';

interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
  'Index Cond'?: string;
  Plans?: PlanNode[];
}

function planNodes(node: PlanNode): PlanNode[] {
  return [node, ...(node.Plans ?? []).flatMap(planNodes)];
}

/**
 * Reads a plan: passes when posts is read through an index that finds the rows (an index
 * condition) and also yields the order (no Sort step). Walking the time index and filtering each
 * post is not finding them: it reads every newer post first.
 */
function judgePlan(plan: unknown): { pass: boolean; reason: string } {
  const root = (plan as Array<{ Plan: PlanNode }>)[0]?.Plan;
  if (!root) return { pass: false, reason: 'The database returned no plan.' };
  const nodes = planNodes(root);
  const sorted = nodes.some((n) => n['Node Type'].includes('Sort'));
  const seqScan = nodes.find((n) => n['Node Type'] === 'Seq Scan' && n['Relation Name'] === 'posts');
  const indexScan = nodes.find(
    (n) => (n['Node Type'] === 'Index Scan' || n['Node Type'] === 'Index Only Scan') && n['Index Name'],
  );
  const bitmap = nodes.find((n) => n['Node Type'] === 'Bitmap Index Scan');
  if (seqScan) return { pass: false, reason: 'Sequential scan of posts: no index serves this filter.' };
  if (indexScan && !sorted && !indexScan['Index Cond']) {
    return {
      pass: false,
      reason: `${indexScan['Index Name']} returns posts newest first, but each is filtered in turn: no index serves this filter.`,
    };
  }
  if (indexScan && !sorted) {
    return {
      pass: true,
      reason: `${indexScan['Node Type']} using ${indexScan['Index Name']}: the index finds the rows and returns them newest first.`,
    };
  }
  const used = indexScan?.['Index Name'] ?? bitmap?.['Index Name'];
  if (used && sorted)
    return { pass: false, reason: `${used} finds the rows, but a Sort orders them: no index serves the time order.` };
  return { pass: false, reason: `No index serves this query (plan: ${root['Node Type']}).` };
}

const INDEX_CHECKS: Array<{ query: IndexCheckQuery; name: string }> = [
  { query: 'handle', name: 'Uploads by handle, newest first' },
  { query: 'uid', name: 'Uploads by user id, newest first' },
  { query: 'likes', name: 'Uploads by likes, then newest first' },
];

/** The admin area: overview counts, users, deletion with backup, restore, and the index check. */
export interface AdminServiceOptions {
  /** ADMIN_EMAILS: their flag comes back at each sign-in, so the users page does not remove it. */
  adminEmails: readonly string[];
  databaseKind: 'pglite' | 'postgres';
}

export function adminService(db: DB, { adminEmails, databaseKind }: AdminServiceOptions) {
  const repo = adminRepository(db);
  return {
    overview(): Promise<AdminOverview> {
      return repo.overview();
    },

    async users(search: string | undefined): Promise<UsersList> {
      const q = search?.trim().toLowerCase().replace(/^@/, '') || undefined;
      const users = await repo.users(q, USERS_PAGE_SIZE + 1);
      return { users: users.slice(0, USERS_PAGE_SIZE), truncated: users.length > USERS_PAGE_SIZE };
    },

    async setAdmin(actor: SessionUser, userId: string, admin: boolean): Promise<{ admin: boolean }> {
      return db.transaction().execute(async (trx) => {
        const users = adminRepository(trx);
        const user = await users.lockUser(userId);
        if (!user) throw notFound(ADMIN_MESSAGES.userNotFound);
        if (user.admin === admin) return { admin };
        if (!admin && user.id === actor.id) throw badRequest(ADMIN_MESSAGES.cannotUnadminSelf);
        if (!admin && adminEmails.includes(user.email)) throw badRequest(ADMIN_MESSAGES.adminFromConfig);
        await users.setAdmin(user.id, admin);
        await recordAdminAction(trx, {
          actor,
          action: admin ? 'user.admin-grant' : 'user.admin-remove',
          target: user.email,
          details: { userId: user.id },
        });
        return { admin };
      });
    },

    /** Signs the user out on every device: their next request is a visitor's. */
    async endSessions(actor: SessionUser, userId: string): Promise<EndSessionsResponse> {
      return db.transaction().execute(async (trx) => {
        const user = await adminRepository(trx).lockUser(userId);
        if (!user) throw notFound(ADMIN_MESSAGES.userNotFound);
        const ended = await endSessionsOf(trx, user.id);
        await recordAdminAction(trx, { actor, action: 'user.sessions-end', target: user.email, details: { userId, ended } });
        return { ended };
      });
    },

    /**
     * One transaction: the backup is written first, then everything it holds is removed. Any
     * failure rolls back both, so there is never a half backup nor a half-deleted user.
     */
    async deleteUser(actor: SessionUser, userId: string): Promise<DeleteUserResponse> {
      if (userId === actor.id) throw badRequest(ADMIN_MESSAGES.cannotDeleteSelf);
      try {
        return await db.transaction().execute(async (trx) => {
          const users = adminRepository(trx);
          const profile = await users.lockUser(userId);
          if (!profile) throw notFound(ADMIN_MESSAGES.userNotFound);
          const handle = (await users.handleOf(userId)) ?? null;
          const backup: Backup = {
            version: 1,
            profile,
            handle,
            posts: await users.postsOf(userId),
            following: await users.followsBy(userId),
            followers: await users.followersOf(userId, handle?.handle ?? null),
            invites: await users.invitesOf(userId, profile.email),
            inviteRequest: (await users.inviteRequestOf(userId)) ?? null,
            handleRequest: (await users.handleRequestOf(userId)) ?? null,
          };
          await users.saveBackup({ userId, backup, deletedBy: actor.id, deletedAt: Date.now() });
          await users.removeUser(profile, handle?.handle ?? null);
          const summary = summarize(backup);
          await recordAdminAction(trx, {
            actor,
            action: 'user.delete',
            target: handle ? `@${handle.handle} (${profile.email})` : profile.email,
            details: { userId, ...summary },
          });
          return { userId, summary };
        });
      } catch (err) {
        if (isForeignKeyViolation(err)) {
          throw conflict('This user could not be deleted: other records still point to them. Nothing was removed.');
        }
        throw err;
      }
    },

    async deletedUsers(): Promise<DeletedUsersList> {
      const rows = await repo.deletedUsers();
      return {
        deletedUsers: rows.map((r) => ({
          userId: r.userId,
          deletedAt: r.deletedAt,
          deletedBy: r.deletedBy,
          restoredAt: r.restoredAt,
          conflict: Boolean(r.conflict),
          summary: summarize(backupSchema.parse(r.backup)),
        })),
      };
    },

    /**
     * Brings back the profile (with restoredAt), the handle unless someone holds it now, the posts and
     * the follows the backup holds. When the person exists again (same id, email or sign-in), the
     * backup is written over that profile only with `overwrite`; their posts and follows since are kept.
     */
    async restore(actor: SessionUser, userId: string, overwrite: boolean): Promise<RestoreResponse> {
      try {
        return await db.transaction().execute(async (trx) => {
          const users = adminRepository(trx);
          const stored = await users.lockBackup(userId);
          if (!stored) throw notFound(ADMIN_MESSAGES.backupNotFound);
          const backup = backupSchema.parse(stored.backup);
          const matches = await users.usersMatching(backup.profile);
          if (matches.length > 1) throw conflict(ADMIN_MESSAGES.restoreAmbiguous);
          const existing = matches[0];
          if (existing && !overwrite) throw conflict(ADMIN_MESSAGES.restoreExists);

          const now = Date.now();
          const profile = { ...backup.profile, restored_at: now };
          const targetId = existing?.id ?? profile.id;
          if (existing) await users.overwriteUser(existing.id, profile);
          else await users.insertUser(profile);

          const notes: string[] = [];
          let handle: string | null = null;
          if (backup.handle) {
            const wanted = backup.handle.handle;
            const holder = await users.handleHolder(wanted);
            if (holder === targetId) handle = wanted;
            else if (holder) notes.push(`@${wanted} was taken by another user since, so the user is restored without a handle.`);
            else if (await users.insertHandle({ handle: wanted, userId: targetId, createdAt: backup.handle.created_at })) {
              handle = wanted;
            } else {
              const current = await users.handleOf(targetId);
              notes.push(`The user holds @${current?.handle ?? '?'} now, so @${wanted} was not brought back.`);
            }
          }

          const known = await users.postKeys(targetId);
          await users.insertPosts(
            targetId,
            backup.posts.filter((p) => !known.has(`${p.created_at} ${p.url}`)),
          );

          // The user's own follows come back as they were, even of a handle gone since: a follow outlives it.
          const following = backup.following.map((f) => ({ ...f, follower_id: targetId }));
          await users.insertFollows(following);

          let followers: typeof backup.followers = [];
          const ofHandle = backup.followers.filter((f) => f.handle === backup.handle?.handle);
          if (handle) {
            const liveUsers = await users.existingUsers(ofHandle.map((f) => f.follower_id));
            followers = ofHandle.filter((f) => liveUsers.has(f.follower_id));
            await users.insertFollows(followers.map((f) => ({ ...f, followed_user_id: targetId })));
            const goneUsers = ofHandle.length - followers.length;
            if (goneUsers > 0) {
              notes.push(
                `${plural(goneUsers, 'follower')} no longer exist${goneUsers === 1 ? 's' : ''} and could not be restored.`,
              );
            }
          } else if (ofHandle.length > 0) {
            notes.push(
              `${plural(ofHandle.length, 'follower')} of @${backup.handle?.handle} were not restored because the handle was not.`,
            );
          }

          await users.markRestored(userId, now);
          const result: RestoreResponse = {
            userId: targetId,
            handle,
            posts: backup.posts.length,
            following: following.length,
            followers: followers.length,
            notes,
          };
          await recordAdminAction(trx, {
            actor,
            action: 'user.restore',
            target: handle ? `@${handle} (${profile.email})` : profile.email,
            details: { ...result, overwrote: Boolean(existing) },
          });
          return result;
        });
      } catch (err) {
        // The person signed in again between our check and our insert.
        if (isUniqueViolation(err)) throw conflict(ADMIN_MESSAGES.restoreExists);
        throw err;
      }
    },

    /** /admin/test-firestore-indexes: one line per spec query, read from the database's own plan. */
    async indexCheck(): Promise<IndexCheckResponse> {
      const hasLikes = await repo.postsHasColumn('likes');
      const checks = [];
      for (const { query, name } of INDEX_CHECKS) {
        const line = { name, query: INDEX_CHECK_SQL[query] };
        if (query === 'likes' && !hasLikes) {
          checks.push({
            ...line,
            pass: false,
            reason: 'posts has no likes column: likes are planned only (spec section 3), so no index can serve this query.',
          });
          continue;
        }
        try {
          checks.push({ ...line, ...judgePlan(await repo.planPreferringIndexes(query)) });
        } catch (err) {
          checks.push({ ...line, pass: false, reason: `The database could not plan this query: ${(err as Error).message}` });
        }
      }
      return { database: databaseKind, checks };
    },
  };
}
