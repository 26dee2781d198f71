import type { AnalyticsEvent, AnalyticsReport } from '../../../core/analytics';
import type { ConsentChoice } from '../../../core/consent';
import type { DB } from '../../plugins/db';
import { analyticsRepository } from './repository';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * First-party analytics: events are kept only when the visitor accepted, and anonymously (no user
 * id, no IP address, no user agent, paths without query strings).
 */
export function analyticsService(db: DB) {
  const repo = analyticsRepository(db);
  return {
    /** Stores a batch when consent was given; returns how many were stored. */
    async record(events: AnalyticsEvent[], consent: ConsentChoice | undefined, now = Date.now()): Promise<number> {
      if (consent !== 'accepted') return 0;
      await repo.insertEvents(events.map((e) => ({ name: e.name, path: e.path, payload: e.payload, createdAt: now })));
      return events.length;
    },

    /** Counts per event and per UTC day for the admin page: the last `days` days, today included. */
    async report(days: number, now = Date.now()): Promise<AnalyticsReport> {
      const since = (Math.floor(now / DAY_MS) - (days - 1)) * DAY_MS;
      const rows = await repo.countsByDay(since);
      const totals = new Map<string, number>();
      for (const row of rows) totals.set(row.name, (totals.get(row.name) ?? 0) + row.count);
      return {
        days,
        since,
        totals: [...totals]
          .map(([name, count]) => ({ name, count }))
          .sort((a, b) => b.count - a.count || a.name.localeCompare(b.name)),
        daily: rows.map((row) => ({
          day: new Date(row.dayNumber * DAY_MS).toISOString().slice(0, 10),
          name: row.name,
          count: row.count,
        })),
      };
    },
  };
}
