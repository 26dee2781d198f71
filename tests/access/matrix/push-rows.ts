import { type ApiRow, everyone, signedIn } from './roles';

/** A subscription as a browser gives it (keys of the right shape; the push service is never called here). */
const subscription = (unique: string) => ({
  endpoint: `https://push.example/${unique.replace(/[^a-z0-9-]/gi, '')}`,
  keys: { p256dh: `B${'A'.repeat(86)}`, auth: 'AAAAAAAAAAAAAAAAAAAAAA' },
});

/** API rows: quiet hours and push opt-in (#41 §4, docs/decisions/0214). Keep rows sorted by path. */
export const pushRows: ApiRow[] = [
  { method: 'GET', path: '/api/push/key', expect: everyone(200), why: 'the VAPID public key is public by design' },
  {
    method: 'DELETE',
    path: '/api/push/subscriptions',
    expect: signedIn(200),
    request: ({ unique }) => ({ payload: { endpoint: subscription(unique).endpoint } }),
    why: 'only one’s own device is turned off; another’s endpoint changes nothing',
  },
  {
    method: 'POST',
    path: '/api/push/subscriptions',
    expect: signedIn(201),
    request: ({ unique }) => ({ payload: subscription(unique) }),
    why: 'any signed-in person may opt a device in',
  },
  { method: 'GET', path: '/api/settings/quiet-hours', expect: signedIn(200) },
  {
    method: 'PUT',
    path: '/api/settings/quiet-hours',
    expect: signedIn(200),
    request: () => ({ payload: { start: '22:00', end: '07:00', timeZone: 'Europe/London' } }),
  },
];
