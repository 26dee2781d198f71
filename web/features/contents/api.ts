import { changesApiPath, type ListChangesPage, type ListCompare, type ListVersionText } from '../../../core/list-contents-api';
import { api, segment, withQuery } from '../../lib/api-client';

const base = (handle: string, slug: string) => `/api/contents/${segment(handle)}/${segment(slug)}`;

export const contentsApi = {
  /** The archive, newest first, ten versions a page. */
  changes: (handle: string, slug: string, cursor: string | null) =>
    api.get<ListChangesPage>(withQuery(changesApiPath(handle, slug), { cursor })),
  /** One version by id, or the one in force at the end of a day (YYYY-MM-DD). */
  version: (handle: string, slug: string, version: string) =>
    api.get<ListVersionText>(
      /^\d{4}-\d{2}-\d{2}$/.test(version)
        ? `${base(handle, slug)}/as-of/${version}`
        : `${base(handle, slug)}/versions/${segment(version)}`,
    ),
  compare: (handle: string, slug: string, from: number, to: number) =>
    api.get<ListCompare>(withQuery(`${base(handle, slug)}/compare`, { from, to })),
  remove: (handle: string, slug: string, versionId: number) =>
    api.delete<{ removed: true }>(`${base(handle, slug)}/versions/${versionId}`),
};
