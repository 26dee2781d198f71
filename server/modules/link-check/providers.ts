/**
 * Everything Freshlist knows about the file-sharing services, in one place: providers change their
 * addresses and pages, so this is the file to update (sources and what was learned: ADR 0151).
 * For each provider: the hosts its links live on, the hosts its file bytes come from (the fetcher
 * may follow redirects there and nowhere else), its sign-in pages (a redirect there means the file
 * is not shared publicly), how to turn a share link into the address that answers with the file,
 * and how to read the HTML pages it answers with instead of a file.
 */
import { hostMatches } from '../../../core/link';

/** What to ask for a link: the file's bytes at `url`; or nothing, the link being no file; or only whether the page is there. */
export type Target =
  | {
      kind: 'file';
      url: string;
      /**
       * 'lines': the answer's bytes differ on every request (an export zipped afresh), so whether
       * the file changed is decided by what it reads as (issue 30), not by its bytes (ADR 0157).
       */
      compare?: 'lines';
    }
  | { kind: 'not-a-file'; reason: string }
  | { kind: 'page-only'; url: string; reason: string };

/** What an HTML answer of the provider says, when it says something. */
export type PageVerdict = { health: 'not-found' | 'needs-sign-in' } | { health: 'ok'; name: string | null };

export interface Provider {
  /** As the link rules name it (core/link.ts DEFAULT_PROVIDERS). */
  name: string;
  hosts: string[];
  downloadHosts: string[];
  signIn: Array<{ host: string; path?: RegExp }>;
  target(url: URL): Target;
  page?(html: string): PageVerdict | null;
}

const segment = (url: URL, after: string) => {
  const parts = url.pathname.split('/');
  const at = parts.indexOf(after);
  return at >= 0 ? (parts[at + 1] ?? '') : '';
};
const ID = /^[A-Za-z0-9_-]{4,200}$/;
const decodeEntities = (text: string) =>
  text
    .replace(/&amp;/g, '&')
    .replace(/&#39;|&#x27;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>');

const googleDrive: Provider = {
  name: 'Google Drive',
  hosts: ['drive.google.com', 'docs.google.com'],
  // uc?export=download answers 303 to drive.usercontent.google.com (2024 on); exports of Docs and
  // Sheets and older downloads come from doc-…googleusercontent.com.
  downloadHosts: ['drive.usercontent.google.com', 'googleusercontent.com'],
  signIn: [{ host: 'accounts.google.com' }],
  target(url) {
    const path = url.pathname;
    const host = url.hostname;
    const doc = /^\/(spreadsheets|document|presentation)\/d\/([A-Za-z0-9_-]+)/.exec(path);
    if (host === 'docs.google.com' && doc) {
      const [, kind, id] = doc;
      if (kind === 'spreadsheets') {
        // Every sheet (issue 30 §1): the whole workbook as XLSX, whichever tab the link names (ADR 0157).
        return { kind: 'file', url: `https://docs.google.com/spreadsheets/d/${id}/export?format=xlsx`, compare: 'lines' };
      }
      const format = kind === 'document' ? 'txt' : 'pdf';
      return { kind: 'file', url: `https://docs.google.com/${kind}/d/${id}/export?format=${format}` };
    }
    if (/^\/(drive\/)?(u\/\d+\/)?folders\//.test(path) || /^\/drive\//.test(path)) {
      return { kind: 'not-a-file', reason: 'a Google Drive folder' };
    }
    if (/^\/forms\//.test(path)) return { kind: 'not-a-file', reason: 'a Google Form' };
    const id = segment(url, 'd') || url.searchParams.get('id') || '';
    if (!ID.test(id)) return { kind: 'not-a-file', reason: 'no file id in the Google Drive link' };
    const key = url.searchParams.get('resourcekey');
    return {
      kind: 'file',
      url: `https://drive.google.com/uc?export=download&id=${id}${key ? `&resourcekey=${encodeURIComponent(key)}` : ''}`,
    };
  },
  page(html) {
    // A file too large for Drive's virus scan answers a warning page naming it instead of the file.
    if (/<title>\s*Google Drive - Virus scan warning/i.test(html)) {
      const name = /class="uc-name-size"><a[^>]*>([^<]+)<\/a>/.exec(html)?.[1];
      return { health: 'ok', name: name ? decodeEntities(name) : null };
    }
    if (/You need access|Request access|need permission/i.test(html)) return { health: 'needs-sign-in' };
    if (/does not exist|file you have requested does not exist|Sorry, the file/i.test(html)) return { health: 'not-found' };
    return null;
  },
};

const dropbox: Provider = {
  name: 'Dropbox',
  hosts: ['dropbox.com'],
  // dl=1 answers 302 to uc….dl.dropboxusercontent.com with the file.
  downloadHosts: ['dropboxusercontent.com'],
  signIn: [
    { host: 'www.dropbox.com', path: /^\/(login|sign_?in)/ },
    { host: 'dropbox.com', path: /^\/login/ },
  ],
  target(url) {
    if (/^\/(scl\/fo|sh)\//.test(url.pathname)) return { kind: 'not-a-file', reason: 'a Dropbox folder' };
    if (!/^\/(scl\/fi|s)\//.test(url.pathname)) return { kind: 'not-a-file', reason: 'not a Dropbox file link' };
    const direct = new URL(url.href);
    direct.hash = '';
    direct.searchParams.delete('raw');
    direct.searchParams.set('dl', '1');
    return { kind: 'file', url: direct.href };
  },
  page(html) {
    if (/isn.t here anymore|was deleted|has been deleted|link (has been|was) (disabled|removed)|doesn.t exist/i.test(html)) {
      return { health: 'not-found' };
    }
    if (/don.t have (permission|access)|request access|members of/i.test(html)) return { health: 'needs-sign-in' };
    return null;
  },
};

const oneDrive: Provider = {
  name: 'OneDrive',
  hosts: ['onedrive.live.com'],
  // /download answers 302 to a file host: *.files.1drv.com, *.livefilestore.com, or (2024 on)
  // my.microsoftpersonalcontent.com.
  downloadHosts: ['1drv.com', 'livefilestore.com', 'microsoftpersonalcontent.com'],
  signIn: [{ host: 'login.live.com' }, { host: 'login.microsoftonline.com' }],
  target(url) {
    const resid = url.searchParams.get('resid') ?? url.searchParams.get('id');
    if (!resid) return { kind: 'page-only', url: url.href, reason: 'a OneDrive page' };
    const direct = new URL('https://onedrive.live.com/download');
    for (const name of ['cid', 'resid', 'authkey']) {
      const value = url.searchParams.get(name) ?? (name === 'resid' ? resid : null);
      if (value) direct.searchParams.set(name, value);
    }
    return { kind: 'file', url: direct.href };
  },
  page(html) {
    if (/might not exist or is no longer available|item might have been deleted|no longer available/i.test(html)) {
      return { health: 'not-found' };
    }
    if (/don.t have (permission|access)|need permission/i.test(html)) return { health: 'needs-sign-in' };
    return null;
  },
};

const box: Provider = {
  name: 'Box',
  hosts: ['box.com'],
  // shared/static answers 302 to public.boxcloud.com (dl.boxcloud.com for some accounts).
  downloadHosts: ['boxcloud.com'],
  signIn: [{ host: 'account.box.com' }, { host: 'app.box.com', path: /^\/login/ }],
  target(url) {
    const shared = /^\/s\/([A-Za-z0-9]+)/.exec(url.pathname)?.[1];
    if (shared) return { kind: 'file', url: `https://${url.hostname}/shared/static/${shared}` };
    if (/^\/shared\/static\//.test(url.pathname)) return { kind: 'file', url: url.href };
    if (/^\/folder\//.test(url.pathname)) return { kind: 'not-a-file', reason: 'a Box folder' };
    return { kind: 'page-only', url: url.href, reason: 'a Box page' };
  },
  page(html) {
    if (/has been removed or is unavailable|link has expired|item is no longer available/i.test(html))
      return { health: 'not-found' };
    return null;
  },
};

/**
 * Services whose pages are apps that fetch the file with their own script (CloudKit for iCloud, a
 * signed API for WeTransfer, an encrypted store keyed by the link's #fragment for MEGA): the
 * server can only learn that the page is there.
 */
const pageOnly = (name: string, hosts: string[]): Provider => ({
  name,
  hosts,
  downloadHosts: [],
  signIn: [],
  target: (url) => ({
    kind: 'page-only',
    url: `${url.origin}${url.pathname}${url.search}`,
    reason: `${name} shows files in its own app`,
  }),
});

export const PROVIDERS: Provider[] = [
  googleDrive,
  dropbox,
  oneDrive,
  box,
  pageOnly('iCloud', ['icloud.com']),
  pageOnly('WeTransfer', ['wetransfer.com']),
  pageOnly('MEGA', ['mega.nz']),
];

/** The provider a link belongs to, by its host. */
export function providerOf(host: string): Provider | undefined {
  return PROVIDERS.find((p) => p.hosts.some((h) => hostMatches(host, h)));
}

/** Every host the providers' files come from, besides the link rules' own. */
export const DOWNLOAD_HOSTS: string[] = PROVIDERS.flatMap((p) => p.downloadHosts);

/** Whether `url` is one of the providers' sign-in pages: the file is not shared with everyone. */
export function isSignInPage(url: URL): boolean {
  return PROVIDERS.some((p) => p.signIn.some((s) => hostMatches(url.hostname, s.host) && (!s.path || s.path.test(url.pathname))));
}
