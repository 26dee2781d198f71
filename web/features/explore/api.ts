import { type DirectoryPage, directoryApiPath, type ExploreSearch } from '../../../core/directory';
import { api } from '../../lib/api-client';

/** /explore's API: the directory (Follow is web/lib/follows-api.ts). */
export const exploreApi = {
  search: (query: ExploreSearch) => api.get<DirectoryPage>(directoryApiPath(query)),
};
