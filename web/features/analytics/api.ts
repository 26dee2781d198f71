import type { AnalyticsReport } from '../../../core/analytics';
import { api, withQuery } from '../../lib/api-client';

/** The admin analytics report (the browser's event sending lives in web/lib/analytics.ts). */
export const analyticsApi = {
  report: (days: number) => api.get<AnalyticsReport>(withQuery('/api/admin/analytics', { days })),
};
