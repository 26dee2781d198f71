import { type CompareAnswer, compareApiPath } from '../../../core/compare';
import { api } from '../../lib/api-client';

/** /compare's API: one item across suppliers. */
export const compareApi = {
  compare: (query: { item: string; following: boolean }) => api.get<CompareAnswer>(compareApiPath(query)),
};
