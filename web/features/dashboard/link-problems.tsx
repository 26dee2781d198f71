import { useApiGet } from '../../lib/use-api';
import { dashboardApi } from './api';
import { LinkProblemRow } from './link-problem-row';

/**
 * The owner's lists whose links broke (#29): what is wrong and how to fix it, on top of the
 * dashboard. It clears by itself once the watcher finds the link working again, or at once when its
 * owner checks a fixed link again.
 */
export function LinkProblems({ handle }: { handle: string }) {
  const problems = useApiGet(() => dashboardApi.linkProblems(), []);
  const rows = problems.data?.problems ?? [];
  if (rows.length === 0) return null;
  return (
    <section className="alert alert-warning link-problems" aria-label="Links that need fixing">
      <h2>Links that need fixing</h2>
      <p>People who open these lists cannot get to the file. Fix the link where the file lives, or edit it below.</p>
      <ul>
        {rows.map((p) => (
          <LinkProblemRow key={p.listId} handle={handle} problem={p} />
        ))}
      </ul>
    </section>
  );
}
