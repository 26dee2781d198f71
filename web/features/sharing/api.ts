import type { ConnectPage } from '../../../core/sharing';
import { api, segment } from '../../lib/api-client';

export const sharingApi = {
  connect: (handle: string) => api.get<ConnectPage>(`/api/connect/${segment(handle)}`),
};
