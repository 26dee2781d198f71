import type { ListVersionsPage } from '../../core/list';
import { api, withQuery } from './api-client';

/**
 * A list's earlier versions: the feed, the profile and the dashboard all unfold them, so the call
 * lives here rather than in one feature (ADR 0080). Type-only import: no zod reaches the profile.
 */
export const listsApi = {
  versions: (listId: number, cursor: string | null) =>
    api.get<ListVersionsPage>(withQuery(`/api/lists/${listId}/versions`, { cursor })),
};
