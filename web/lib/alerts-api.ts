import type { ItemAlert, ItemAlertKind, ItemAlertScope } from '../../core/item-alert';
import { api } from './api-client';

/** What the "Alert me" form sends (POST /api/alerts); the server checks every rule (docs/decisions/0209). */
export interface NewAlertRequest {
  item: string;
  kind: ItemAlertKind;
  threshold?: number | null;
  unit?: 'kg' | 'l' | 'piece' | null;
  currency?: string | null;
  scope: ItemAlertScope;
}

/**
 * A person's item alerts: the "Alert me" button (on a table line, the compare page) and the settings
 * section both use them, so the calls live here. Type-only import: no zod reaches a page with the button.
 */
export const alertsApi = {
  list: () => api.get<{ alerts: ItemAlert[]; max: number }>('/api/alerts'),
  create: (alert: NewAlertRequest) => api.post<{ id: number; fired: number }>('/api/alerts', alert),
  setPaused: (id: number, paused: boolean) => api.patch<{ paused: boolean }>(`/api/alerts/${id}`, { paused }),
  remove: (id: number) => api.delete<{ removed: true }>(`/api/alerts/${id}`),
};
