import type { ContentSummary } from '../../core/list-contents-api';
import { api, segment } from './api-client';

export type ListSummary = ContentSummary & { listId: number };

/**
 * What cards say of their lists' newest versions ("2 prices up"): the feed and the profile both
 * ask, so the call lives here (ADR 0080). Type-only imports: no zod reaches the profile.
 */
export const contentsSummariesApi = {
  /** By list id; asked 50 lists at a time (the server's bound). */
  async of(listIds: number[]): Promise<Map<number, ListSummary>> {
    const unique = [...new Set(listIds)];
    const chunks = Array.from({ length: Math.ceil(unique.length / 50) }, (_, i) => unique.slice(i * 50, i * 50 + 50));
    const answers = await Promise.all(
      chunks.map((ids) => api.get<{ summaries: ListSummary[] }>(`/api/contents/summaries?lists=${ids.join(',')}`)),
    );
    return new Map(answers.flatMap((a) => a.summaries.map((s) => [s.listId, s] as const)));
  },
  /** The newest version of one list, by its address: what the list's own page says. */
  at: (handle: string, slug: string) =>
    api.get<{ summary: ContentSummary | null }>(`/api/contents/${segment(handle)}/${segment(slug)}/summary`),
};
