import type { CheckNowState } from '../../core/check-now';
import { api } from './api-client';

/**
 * The owner's "check now" (docs/decisions/0208): the dashboard's cards and the list page both press
 * it, so the calls live here. Type-only import: no zod reaches a page that shows the button.
 */
export const checkNowApi = {
  /** Queues the check of the list's file; 429 with when it can be pressed again. */
  press: (listId: number) => api.post<CheckNowState>(`/api/lists/${listId}/check-now`),
  /** The press, and once the worker's check ended, what it found. */
  state: (listId: number, checkId: number) => api.get<CheckNowState>(`/api/lists/${listId}/check-now/${checkId}`),
};
