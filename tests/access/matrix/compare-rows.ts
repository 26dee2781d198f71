import { type ApiRow, everyone } from './roles';

/** API rows: one item compared across suppliers (#39 §3). Keep rows sorted by path. */
export const compareRows: ApiRow[] = [
  {
    method: 'GET',
    path: '/api/compare',
    expect: everyone(200),
    request: () => ({ url: '/api/compare?item=burrata' }),
    why: 'public lists for everyone; a trade-only list’s lines only for its owner and approved members (routes.test.ts)',
  },
];
