import type { ListPage } from '../../../core/list-page';
import { listPaths } from '../../../core/list-text';
import { api } from '../../lib/api-client';

/** A list's own page (docs/decisions/0142); the server preloads the same path when it renders it. */
export const listPageApi = {
  page: (handle: string, slug: string) => api.get<ListPage>(listPaths.page(handle, slug)),
};
