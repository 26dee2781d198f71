import type { ListPage } from '../../../core/list-page';
import { listPaths } from '../../../core/list-text';
import type { Profile } from '../../../core/post';
import type { ConnectPage } from '../../../core/sharing';
import { api, segment } from '../../lib/api-client';

/** The paths the server preloads a rendered connect page with (web/lib/preloaded.tsx). */
export const connectPaths = {
  connect: (handle: string) => `/api/connect/${segment(handle)}`,
};

export const sharingApi = {
  connect: (handle: string) => api.get<ConnectPage>(connectPaths.connect(handle)),
  /** The signed-in viewer's relation to the handle (follows it, holds it): the profile's answer says it. */
  viewer: (handle: string) => api.get<Profile>(`/api/profiles/${segment(handle)}`),
  /** The list a QR card page shows the card of: its name and business. */
  list: (handle: string, slug: string) => api.get<ListPage>(listPaths.page(handle, slug)),
};
