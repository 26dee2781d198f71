import { describe, expect, it } from 'vitest';
import { loadConfig } from './config';

/** What a server that is not local needs besides its address: a real provider and real mail. */
const PUBLIC_SERVER = {
  OIDC_ISSUER: 'https://accounts.example',
  OIDC_CLIENT_ID: 'freshlist',
  SMTP_URL: 'smtp://mail.example:587',
};
const PRODUCTION = {
  ...PUBLIC_SERVER,
  NODE_ENV: 'production',
  SESSION_SECRET: 'x'.repeat(32),
  MAIL_FROM: 'hello@freshlist.example',
  PUBLIC_URL: 'https://freshlist.example',
  // Web push's keys (ADR 0214): a made-up pair of the right shape.
  VAPID_PUBLIC_KEY: `B${'A'.repeat(86)}`,
  VAPID_PRIVATE_KEY: 'A'.repeat(43),
  VAPID_SUBJECT: 'mailto:ops@freshlist.example',
};

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
    [{ JOBS_CONCURRENCY: '0' }, /^JOBS_CONCURRENCY: must be at least 1$/],
    [{ JOBS_CONCURRENCY: '20' }, /^JOBS_CONCURRENCY: must be at most 8 /],
    [{ SUPPORT_EMAIL: 'help at freshlist' }, /^SUPPORT_EMAIL: must be an email address such as help@freshlist.example$/],
  ])('rejects %o with one line naming the variable', (env, message) => {
    expect(() => loadConfig(env)).toThrow(message);
  });

  it('takes the support address people write to (issue 43)', () => {
    expect(loadConfig({ SUPPORT_EMAIL: 'help@freshlist.example' }).mail.supportEmail).toBe('help@freshlist.example');
    expect(loadConfig({}).mail.supportEmail).toBeUndefined();
  });

  it('lower-cases admin and owner emails', () => {
    const config = loadConfig({ ADMIN_EMAILS: 'A@B.com, c@d.com', OWNER_EMAIL: 'Owner@X.com' });
    expect(config.adminEmails).toEqual(['a@b.com', 'c@d.com']);
    expect(config.ownerEmail).toBe('owner@x.com');
  });

  it('uses the decided link lists by default', () => {
    const { linkPolicy } = loadConfig({ ...PUBLIC_SERVER, PUBLIC_URL: 'https://freshlist.example' });
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

  it.each([
    [{}, 'localhost', 'http://localhost:3000'],
    [{ HOST: '127.0.0.1', PUBLIC_URL: 'http://127.0.0.1:4000' }, '127.0.0.1', 'http://127.0.0.1:4000'],
    [{ HOST: '::1', PUBLIC_URL: 'http://[::1]:3000/' }, '::1', 'http://[::1]:3000'],
    [{ NODE_ENV: 'test', PUBLIC_URL: 'http://shop.localhost:3000' }, 'localhost', 'http://shop.localhost:3000'],
  ])('is a local development server with %o', (env, host, publicUrl) => {
    expect(loadConfig(env)).toMatchObject({ host, publicUrl, localDevelopment: true, oidc: null });
  });

  it.each([
    [{ HOST: '0.0.0.0' }],
    [{ HOST: '::' }],
    [{ HOST: '192.168.1.20' }],
    [{ HOST: 'localhost.', PUBLIC_URL: 'http://localhost:3000' }],
    [{ PUBLIC_URL: 'https://freshlist.example' }],
    [{ HOST: '127.0.0.1', PUBLIC_URL: 'http://192.168.1.20:3000' }],
    [{ HOST: '0.0.0.0', PUBLIC_URL: 'https://freshlist.example', NODE_ENV: 'test' }],
  ])('refuses the development sign-in and mailbox off loopback: %o', (env) => {
    expect(() => loadConfig(env)).toThrow(
      /^OIDC_ISSUER: is required: HOST=.* is not a local server .*development sign-in runs only there$/,
    );
    const withProvider = { ...env, OIDC_ISSUER: 'https://accounts.example', OIDC_CLIENT_ID: 'x' };
    expect(() => loadConfig(withProvider)).toThrow(/^SMTP_URL: is required: .*development mailbox runs only there$/);
    expect(loadConfig({ ...withProvider, SMTP_URL: 'smtp://mail.example' }).localDevelopment).toBe(false);
  });

  it('never counts production as local, even on loopback', () => {
    const config = loadConfig({ ...PRODUCTION, HOST: '127.0.0.1', PUBLIC_URL: 'http://localhost:3000' });
    expect(config.localDevelopment).toBe(false);
  });

  it.each([
    [{ PUBLIC_URL: undefined }, /^PUBLIC_URL: is required when NODE_ENV=production/],
    [{ PUBLIC_URL: 'http://freshlist.example' }, /^PUBLIC_URL: must be an https:\/\/ URL when NODE_ENV=production$/],
    [{ PUBLIC_URL: 'https://admin:pw@freshlist.example' }, /^PUBLIC_URL: must be an origin only/],
    [{ PUBLIC_URL: 'https://freshlist.example/app' }, /^PUBLIC_URL: must be an origin only/],
    [{ PUBLIC_URL: 'https://freshlist.example/?x=1' }, /^PUBLIC_URL: must be an origin only/],
    [{ PUBLIC_URL: 'https://freshlist.example/#top' }, /^PUBLIC_URL: must be an origin only/],
    [{ PUBLIC_URL: 'https://freshlist.example?' }, /^PUBLIC_URL: must be an origin only/],
    [{ OIDC_ISSUER: 'http://accounts.example' }, /^OIDC_ISSUER: must be an https:\/\/ URL when NODE_ENV=production$/],
  ])('checks production addresses: %o', (change, message) => {
    const env: Record<string, string | undefined> = { ...PRODUCTION, ...change };
    expect(() => loadConfig(env)).toThrow(message);
  });

  it('refuses production without SMTP_URL, unless the process sends no mail (issue 42)', () => {
    const noSmtp: Record<string, string | undefined> = { ...PRODUCTION, SMTP_URL: undefined };
    expect(() => loadConfig(noSmtp)).toThrow(
      /^SMTP_URL: is required when NODE_ENV=production \(unless ROLE=web or EMAIL_POLL_MS=0: no mail is sent\)$/,
    );
    expect(loadConfig({ ...noSmtp, ROLE: 'web' }).mail.smtpUrl).toBeNull();
    expect(loadConfig({ ...noSmtp, EMAIL_POLL_MS: '0' }).mail.pollMs).toBe(0);
  });

  it('refuses production without VAPID keys on a process that sends alerts, and makes them elsewhere (ADR 0214)', () => {
    const message =
      /^VAPID_PUBLIC_KEY: VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY and VAPID_SUBJECT are required when NODE_ENV=production/;
    const noKeys: Record<string, string | undefined> = {
      ...PRODUCTION,
      VAPID_PUBLIC_KEY: undefined,
      VAPID_PRIVATE_KEY: undefined,
    };
    expect(() => loadConfig(noKeys)).toThrow(message);
    expect(() => loadConfig({ ...PRODUCTION, VAPID_PRIVATE_KEY: undefined })).toThrow(message);
    expect(loadConfig(PRODUCTION).push).toEqual({
      publicKey: PRODUCTION.VAPID_PUBLIC_KEY,
      privateKey: PRODUCTION.VAPID_PRIVATE_KEY,
      subject: 'mailto:ops@freshlist.example',
    });
    // A process that sends no alerts offers no push rather than refusing to start.
    expect(loadConfig({ ...noKeys, ROLE: 'web' }).push).toBeNull();
    expect(loadConfig({ ...noKeys, EMAIL_POLL_MS: '0' }).push).toBeNull();
    expect(loadConfig({ NODE_ENV: 'test' }).push?.publicKey).toMatch(/^[A-Za-z0-9_-]{87}$/);
  });

  it('refuses a production recheck interval under 5 minutes, and keeps short ones for tests (issue 42)', () => {
    for (const seconds of ['1', '299']) {
      expect(() => loadConfig({ ...PRODUCTION, LINK_CHECK_MIN_INTERVAL_S: seconds })).toThrow(
        /^LINK_CHECK_MIN_INTERVAL_S: must be at least 300 \(5 minutes\) when NODE_ENV=production$/,
      );
    }
    expect(loadConfig({ ...PRODUCTION, LINK_CHECK_MIN_INTERVAL_S: '300' }).linkCheck.minIntervalS).toBe(300);
    expect(loadConfig({ NODE_ENV: 'test', LINK_CHECK_MIN_INTERVAL_S: '1' }).linkCheck.minIntervalS).toBe(1);
  });

  it('accepts a production origin, with a trailing slash', () => {
    expect(loadConfig({ ...PRODUCTION, PUBLIC_URL: 'https://freshlist.example/' }).publicUrl).toBe('https://freshlist.example');
    // Plain HTTP only to this machine: the benchmark runs production on 127.0.0.1.
    const bench = loadConfig({ ...PRODUCTION, PUBLIC_URL: 'http://127.0.0.1:4000', OIDC_ISSUER: 'http://127.0.0.1:9/x' });
    expect(bench.publicUrl).toBe('http://127.0.0.1:4000');
  });
});
