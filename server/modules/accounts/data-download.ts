import { strToU8, zipSync } from 'fflate';
import type { AccountExport } from '../../../core/account';

/**
 * "Download my data" as a person opens it (#31): a zip holding a short README, the data with
 * plain field names and ISO dates, and the business logo. GET /api/account/export stays the JSON
 * a program reads; this is the same data, made readable.
 */

/** 'display_name' and 'exportedAt' → 'display name', 'exported at'. */
export const plainFieldName = (key: string) =>
  key
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/_/g, ' ')
    .toLowerCase();

/** Times are stored as epoch milliseconds in fields named …_at / …At: written as ISO 8601 (UTC). */
const isTimeField = (key: string) => /(_at|At)$/.test(key);

/** The export with plain field names and ISO dates, nothing else changed. */
export function plainExport(value: unknown, key = ''): unknown {
  if (Array.isArray(value)) return value.map((item) => plainExport(item));
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [plainFieldName(k), plainExport(v, k)]));
  }
  if (typeof value === 'number' && isTimeField(key)) return new Date(value).toISOString();
  return value;
}

const README = (exportedAt: string, hasLogo: boolean) => `Your Freshlist data
===================

Everything Freshlist stores about you, as it was on ${exportedAt} (UTC).

- freshlist-data.json: your data. Open it in a text editor or a browser. Its sections:
  profile, handle, handle request, invite request, invites, lists and posts (each post is
  one version of a list), removed posts, link checks (what Freshlist learned about each
  list's file), list contents (what it read in them), check-now presses, orders you
  sent and received (with their lines), buyers you blocked from ordering and
  suppliers who blocked you, item alerts, following (with each bell), quiet
  hours, push devices (by push service and date only), followers (other people are shown
  by their public handle only), forms with their responses, email preferences, emails,
  sessions (the browsers you are signed in on), analytics events and admin actions.
  Times are in ISO 8601, in UTC: 2026-11-25T14:30:00.000Z is 25 November 2026, 14:30 UTC.
${hasLogo ? '- logo: your business logo, as people see it on your page.\n' : ''}
To have your account deleted, use "Delete my account" on the Settings page.
`;

/** The zip's bytes: README.txt, freshlist-data.json and the logo when there is one. */
export function dataDownload(data: AccountExport, logo: { image: Uint8Array; contentType: string } | null): Uint8Array {
  const exportedAt = new Date(data.exportedAt).toISOString();
  const files: Record<string, Uint8Array> = {
    'README.txt': strToU8(README(exportedAt, logo !== null)),
    'freshlist-data.json': strToU8(`${JSON.stringify(plainExport(data), null, 2)}\n`),
  };
  if (logo)
    files[`logo.${logo.contentType.split('/')[1] === 'jpeg' ? 'jpg' : (logo.contentType.split('/')[1] ?? 'png')}`] = logo.image;
  return zipSync(files, { level: 6, mtime: new Date(data.exportedAt) });
}
