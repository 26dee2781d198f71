import type { IndexCheckResponse } from '../../../core/admin';
import type { DB } from '../../plugins/db';
import { INDEX_CHECK_SQL, type IndexCheckQuery, indexCheckRepository } from './repository';

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

/** /admin/test-firestore-indexes: whether an index serves each of the spec's upload queries. */
export function indexCheckService(db: DB, databaseKind: 'pglite' | 'postgres') {
  const repo = indexCheckRepository(db);
  return {
    /** One line per spec query, read from the database's own plan. */
    async check(): Promise<IndexCheckResponse> {
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
