import { type DirectoryPage, directoryApiPath } from '../../../core/directory';
import { api } from '../../lib/api-client';

/** /explore's API: the directory (Follow is web/lib/follows-api.ts). */
export const exploreApi = {
  search: (query: { q: string; trade: string; area: string; page: number }) => api.get<DirectoryPage>(directoryApiPath(query)),
};
