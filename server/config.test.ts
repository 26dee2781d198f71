import { describe, expect, it } from 'vitest';
import { loadConfig } from './config';

describe('configuration', () => {
  it('has safe local defaults', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 3000,
      publicUrl: 'http://localhost:3000',
      dataDir: './data',
      oidc: null,
      env: 'development',
    });
  });

  it.each([
    [{ PORT: 'abc' }, /^PORT: /],
    [{ PORT: '70000' }, /^PORT: must be 0 to 65535/],
    [{ PUBLIC_URL: 'not a url' }, /^PUBLIC_URL: /],
    [{ DATABASE_URL: 'mysql://x' }, /^DATABASE_URL: must be a postgres/],
    [{ ADMIN_EMAILS: 'a@b.c, nope' }, /^ADMIN_EMAILS: /],
    [{ LOG_LEVEL: 'loud' }, /^LOG_LEVEL: must be one of/],
    [{ LOG_SLOW_MS: 'soon' }, /^LOG_SLOW_MS: must be a whole number of milliseconds/],
    [{ READ_CACHE_ENTRIES: '-1' }, /^READ_CACHE_ENTRIES: must be 0 or more/],
    [{ READ_CACHE_ENTRIES: 'many' }, /^READ_CACHE_ENTRIES: must be a whole number/],
    [{ SESSION_SECRET: 'short' }, /^SESSION_SECRET: must be at least 32/],
    [{ NODE_ENV: 'production', OIDC_ISSUER: 'https://accounts.google.com', OIDC_CLIENT_ID: 'x' }, /^SESSION_SECRET: is required/],
    [{ NODE_ENV: 'production', SESSION_SECRET: 'x'.repeat(32) }, /^OIDC_ISSUER: is required/],
    [{ OIDC_ISSUER: 'https://accounts.google.com' }, /^OIDC_CLIENT_ID: /],
    [{ LINK_BLOCKED_HOSTS: 'bit.ly, https://evil.com/x' }, /^LINK_BLOCKED_HOSTS: 'https:\/\/evil.com\/x' is not a host name/],
    [{ LINK_BLOCKED_HOSTS: 'bit.ly:80' }, /^LINK_BLOCKED_HOSTS: /],
    [{ LINK_PROVIDERS: 'Dropbox' }, /^LINK_PROVIDERS: 'Dropbox' is not Name=host,host/],
    [{ LINK_PROVIDERS: '=dropbox.com' }, /^LINK_PROVIDERS: /],
    [{ LINK_PROVIDERS: 'Dropbox=drop box.com' }, /^LINK_PROVIDERS: /],
  ])('rejects %o with one line naming the variable', (env, message) => {
    expect(() => loadConfig(env)).toThrow(message);
  });

  it('lower-cases admin and owner emails', () => {
    const config = loadConfig({ ADMIN_EMAILS: 'A@B.com, c@d.com', OWNER_EMAIL: 'Owner@X.com' });
    expect(config.adminEmails).toEqual(['a@b.com', 'c@d.com']);
    expect(config.ownerEmail).toBe('owner@x.com');
  });

  it('uses the decided link lists by default', () => {
    const { linkPolicy } = loadConfig({ PUBLIC_URL: 'https://freshlist.example' });
    expect(linkPolicy.siteHost).toBe('freshlist.example');
    expect(linkPolicy.blocked).toEqual(['bit.ly', 'tinyurl.com', 't.co', 'goo.gl', 'ow.ly', 'grabify.link', 'iplogger.org']);
    expect(linkPolicy.providers.map((p) => p.name)).toEqual([
      'Google Drive',
      'Dropbox',
      'OneDrive',
      'Box',
      'iCloud',
      'WeTransfer',
      'MEGA',
    ]);
  });

  it('reads LINK_PROVIDERS and LINK_BLOCKED_HOSTS, normalising hosts as a browser would', () => {
    const { linkPolicy } = loadConfig({
      LINK_PROVIDERS:
        ' Google Drive = Drive.Google.com , docs.google.com. ;Dropbox=dropbox.com;Box=box.com;Bücher=bücher.example;Nextcloud=cloud.example',
      LINK_BLOCKED_HOSTS: 'BIT.ly, evil.example.',
    });
    expect(linkPolicy.blocked).toEqual(['bit.ly', 'evil.example']);
    expect(linkPolicy.providers).toEqual([
      { name: 'Google Drive', hosts: ['drive.google.com', 'docs.google.com'], namedInMessage: true },
      { name: 'Dropbox', hosts: ['dropbox.com'], namedInMessage: true },
      { name: 'Box', hosts: ['box.com'], namedInMessage: true },
      { name: 'Bücher', hosts: ['xn--bcher-kva.example'], namedInMessage: true },
      { name: 'Nextcloud', hosts: ['cloud.example'], namedInMessage: false },
    ]);
  });
});
