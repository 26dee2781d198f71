import { describe, expect, it } from 'vitest';
import {
  completeLink,
  defaultLinkPolicy,
  descriptionProblem,
  LINK_MESSAGES,
  linkProblem,
  newPostSchema,
  openableUrl,
} from './link';

const policy = defaultLinkPolicy('freshlist.example');
const trusted = 'Only trusted domains are allowed (freshlist.example, Google Drive, Dropbox, OneDrive, Box).';

describe('link rules', () => {
  it.each([
    'https://drive.google.com/file/d/abc/view',
    'https://docs.google.com/spreadsheets/d/1',
    'https://www.dropbox.com/s/x/menu.pdf',
    'https://onedrive.live.com/?id=1',
    'https://app.box.com/s/1',
    'https://www.icloud.com/numbers/1',
    'https://wetransfer.com/downloads/1',
    'https://mega.nz/file/1',
    'https://freshlist.example/green',
    'https://qr.freshlist.example/green',
    '  https://mega.nz/file/1  ',
  ])('accepts %s', (url) => {
    expect(linkProblem(url, policy)).toBeNull();
  });

  it("names the product's own host, but not a development machine's (issue 43)", () => {
    expect(linkProblem('https://example.com/menu.pdf', defaultLinkPolicy('localhost'))).toBe(
      'Only trusted domains are allowed (Google Drive, Dropbox, OneDrive, Box).',
    );
    expect(linkProblem('https://example.com/menu.pdf', defaultLinkPolicy('127.0.0.1'))).not.toContain('127.0.0.1');
  });

  it('checks the rules in the spec order', () => {
    expect(linkProblem('http://drive.google.com/x', policy)).toBe(LINK_MESSAGES.https);
    expect(linkProblem('ftp://x', policy)).toBe(LINK_MESSAGES.https);
    expect(linkProblem('https://', policy)).toBe(LINK_MESSAGES.structure);
    expect(linkProblem('https://bit.ly/abc', policy)).toBe(LINK_MESSAGES.suspicious);
    expect(linkProblem('https://x.tinyurl.com/abc', policy)).toBe(LINK_MESSAGES.suspicious);
    expect(linkProblem('https://example.com/menu.pdf', policy)).toBe(trusted);
    expect(linkProblem(`https://drive.google.com/${'a'.repeat(500)}`, policy)).toBe(LINK_MESSAGES.tooLong);
  });

  it('does not take a look-alike host for a subdomain', () => {
    expect(linkProblem('https://evildropbox.com/x', policy)).toBe(trusted);
    expect(linkProblem('https://dropbox.com.evil.net/x', policy)).toBe(trusted);
  });

  it('limits descriptions to 300 characters, counting emoji as one', () => {
    expect(descriptionProblem('a'.repeat(300))).toBeNull();
    expect(descriptionProblem('🍅'.repeat(300))).toBeNull();
    expect(descriptionProblem('a'.repeat(301))).toBe(LINK_MESSAGES.descriptionTooLong);
  });

  it('trims url and description in the post schema', () => {
    const post = newPostSchema(policy).parse({ url: ' https://mega.nz/a ', description: ' Menu ' });
    expect(post).toEqual({ url: 'https://mega.nz/a', description: 'Menu' });
  });

  it.each([
    ['https://drive.google.com/file/d/a\tb', 'https://drive.google.com/file/d/ab', 'a tab'],
    ['https://drive.google.com/file/d/a\nb', 'https://drive.google.com/file/d/ab', 'a line break'],
    ['https://drive.google.com\\file\\d\\x', 'https://drive.google.com/file/d/x', 'backslashes'],
    ['https://drive\uFF0Egoogle\uFF0Ecom/file', 'https://drive.google.com/file', 'full-width dots'],
    ['https://Drive.Google.com/a b', 'https://drive.google.com/a%20b', 'capitals and a space'],
  ])('stores the link as the browser will read it: %j (%s)', (url, stored) => {
    expect(newPostSchema(policy).parse({ url, description: '' }).url).toBe(stored);
  });

  it('counts the stored form against the length limit too', () => {
    const spaces = `https://drive.google.com/${' x'.repeat(200)}`;
    expect(spaces.length).toBeLessThanOrEqual(500);
    expect(linkProblem(spaces, policy)).toBe(LINK_MESSAGES.tooLong);
  });
});

describe('tricky hosts', () => {
  it.each([
    ['https://drive.google.com.evil.com/file', 'a trusted name as a subdomain of another host'],
    ['https://evil.com/drive.google.com', 'a trusted name in the path'],
    ['https://evil.com?u=drive.google.com', 'a trusted name in the query'],
    ['https://evil.com#drive.google.com', 'a trusted name in the fragment'],
    ['https://xn--drve-6pa.google.com/file', 'a punycode look-alike (drïve)'],
    ['https://drіve.google.com/file', 'a Cyrillic і look-alike, punycoded by the parser'],
    ['https://google.com/drive', 'the parent of a trusted host'],
    ['https://drive.google.com:8443/file', 'a trusted host on another port'],
    ['https://drive.google.com../file', 'two trailing dots'],
    ['https://drive.google.com%2eevil.com/file', 'a percent-encoded dot in the host'],
    ['https://evil.com\\.drive.google.com/file', 'a backslash the parser reads as a path'],
    ['https://[::1]/file', 'an IP address'],
    ['https://127.0.0.1/file', 'an IPv4 address'],
  ])('refuses %s (%s) as untrusted', (url) => {
    expect(linkProblem(url, policy)).toBe(trusted);
  });

  it.each([
    ['https://drive.google.com@evil.com/file', 'userinfo in front of another host'],
    ['https://evil.com@drive.google.com/file', 'userinfo in front of a trusted host'],
    ['https://user:pass@dropbox.com/s/1', 'a password'],
  ])('refuses %s (%s) as a malformed link: share links carry no credentials', (url) => {
    expect(linkProblem(url, policy)).toBe(LINK_MESSAGES.structure);
  });

  it.each([
    ['HTTPS://DRIVE.GOOGLE.COM/file/d/1', 'upper case scheme and host'],
    ['https://Drive.Google.Com/file/d/1', 'mixed case host'],
    ['https://drive.google.com./file/d/1', 'the fully qualified trailing dot'],
    ['https://drive.google.com:443/file/d/1', 'the default port spelled out'],
    ['https://ｄｒｏｐｂｏｘ.com/s/1', 'full-width letters that normalise to dropbox.com'],
    ['https://bücher.dropbox.com/s/1', 'an IDN subdomain of a trusted host'],
    ['https://QR.freshlist.example/green', 'the QR subdomain in capitals'],
  ])('accepts %s (%s)', (url) => {
    expect(linkProblem(url, policy)).toBeNull();
  });

  it.each(['https://BIT.LY/x', 'https://bit.ly./x', 'https://ｂｉｔ.ｌｙ/x', 'https://www.bit.ly/x', 'https://bit.ly:8443/x'])(
    'recognises the shortener in %s',
    (url) => {
      expect(linkProblem(url, policy)).toBe(LINK_MESSAGES.suspicious);
    },
  );

  it('checks the blocklist before the allowed list (a blocked subdomain of an allowed host)', () => {
    const strict = { ...policy, blocked: [...policy.blocked, 'evil.dropbox.com'] };
    expect(linkProblem('https://evil.dropbox.com/s/1', strict)).toBe(LINK_MESSAGES.suspicious);
    expect(linkProblem('https://www.dropbox.com/s/1', strict)).toBeNull();
  });

  it('counts the length of the trimmed link, 500 allowed', () => {
    const base = 'https://drive.google.com/';
    expect(linkProblem(`  ${base}${'a'.repeat(500 - base.length)}  `, policy)).toBeNull();
    expect(linkProblem(`${base}${'a'.repeat(501 - base.length)}`, policy)).toBe(LINK_MESSAGES.tooLong);
  });

  it('gives the earlier rule’s message when a link breaks several', () => {
    expect(linkProblem(`http://bit.ly/${'a'.repeat(600)}`, policy)).toBe(LINK_MESSAGES.https);
    expect(linkProblem(`https://bit.ly/${'a'.repeat(600)}`, policy)).toBe(LINK_MESSAGES.suspicious);
    expect(linkProblem(`https://evil.com/${'a'.repeat(600)}`, policy)).toBe(trusted);
  });
});

describe('openableUrl', () => {
  it('gives the parsed, ASCII-only form of a link that passes the rules', () => {
    expect(openableUrl('https://bücher.dropbox.com/s/menü carte', policy)).toBe(
      'https://xn--bcher-kva.dropbox.com/s/men%C3%BC%20carte',
    );
  });

  it('refuses a link that breaks the rules now', () => {
    expect(openableUrl('https://bit.ly/x', policy)).toBeNull();
  });
});

describe('a link typed without https:// (#31)', () => {
  it.each([
    ['drive.google.com/file/d/abc/view', 'https://drive.google.com/file/d/abc/view'],
    ['  www.dropbox.com/s/x/menu.pdf ', 'https://www.dropbox.com/s/x/menu.pdf'],
    ['//mega.nz/file/1', 'https://mega.nz/file/1'],
    ['greenvalley.example', 'https://greenvalley.example'],
    ['drive.google.com:8443/x', 'https://drive.google.com:8443/x'],
  ])('completes %j', (typed, completed) => {
    expect(completeLink(typed)).toBe(completed);
  });

  it.each([
    'https://drive.google.com/x',
    'http://drive.google.com/x',
    'ftp://drive.google.com/x',
    'javascript:alert(1)',
    'mailto:a@b.example',
    'localhost:3000/x',
    'menu',
    'not a link.pdf',
    'user@drive.google.com',
    '',
  ])('leaves %j for the rules to judge', (typed) => {
    expect(completeLink(typed)).toBe(typed.trim());
  });

  it('is completed by the server before the rules run, so both sides agree', () => {
    const parsed = newPostSchema(policy).parse({ url: 'drive.google.com/file/d/abc/view' });
    expect(parsed.url).toBe('https://drive.google.com/file/d/abc/view');
    expect(newPostSchema(policy).safeParse({ url: 'http://drive.google.com/x' }).error?.issues[0]?.message).toBe(
      LINK_MESSAGES.https,
    );
    expect(newPostSchema(policy).safeParse({ url: 'example.com/menu.pdf' }).error?.issues[0]?.message).toBe(trusted);
  });
});
