import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allowedHosts, defaultLinkPolicy } from '../../../core/link';
import { type ProviderStub, startProviderStub } from '../../../tests/fixtures/provider-stub';
import { testCertificates } from '../../../tests/fixtures/test-ca';
import { loadConfig } from '../../config';
import { mappedTarget, parseHostMap } from '../../config-host-map';
import { addressProblem } from './address-rules';
import { FetchRefused, linkFetchDispatcher, resolveTarget } from './dispatcher';
import { createFetcher, type Fetcher } from './fetcher';
import { DOWNLOAD_HOSTS } from './providers';

const ALLOWED = [...allowedHosts(defaultLinkPolicy('localhost')), ...DOWNLOAD_HOSTS];
const UA = 'Freshlist-LinkCheck/1.0 (+http://localhost:3000)';
let stub: ProviderStub;
let fetcher: Fetcher;

function fetcherWith(extra: { map?: string; ca?: boolean } = {}): Fetcher {
  const hostMap = parseHostMap([stub.hostMap(), extra.map].filter(Boolean).join(','));
  const dispatcher = linkFetchDispatcher({
    allowedHosts: ALLOWED,
    hostMap,
    connectTimeoutMs: 2000,
    connectionsPerHost: 2,
    ...(extra.ca === false ? {} : { extraCa: [testCertificates().ca] }),
  });
  return createFetcher({ dispatcher, allowedHosts: ALLOWED, userAgent: UA });
}
const get = (url: string, more: { maxBytes?: number; timeoutMs?: number; etag?: string } = {}) =>
  fetcher.fetch({ url, maxBytes: more.maxBytes ?? 1 << 20, timeoutMs: more.timeoutMs ?? 5000, etag: more.etag ?? null });

beforeAll(async () => {
  stub = await startProviderStub();
  fetcher = fetcherWith();
});
afterAll(async () => {
  await fetcher.close();
  await stub.close();
});

describe('the link fetcher', () => {
  it('follows a provider to its download host and reads the file, saying who it is and sending no cookie', async () => {
    stub.put('drive1', { name: 'Prices.csv', body: 'Apples;1.20\n' });
    const outcome = await get('https://drive.google.com/uc?export=download&id=drive1');
    expect(outcome).toMatchObject({
      kind: 'answer',
      status: 200,
      url: 'https://drive.usercontent.google.com/download?id=drive1&export=download',
    });
    if (outcome.kind !== 'answer') throw new Error('no answer');
    expect(outcome.body?.toString()).toBe('Apples;1.20\n');
    expect(outcome.sha256).toMatch(/^[0-9a-f]{64}$/);
    const hops = stub.seen.filter((s) => s.path.includes('drive1'));
    expect(hops.map((h) => h.host)).toEqual(['drive.google.com', 'drive.usercontent.google.com']);
    for (const hop of hops) {
      expect(hop.headers['user-agent']).toBe(UA);
      // The first hop set a cookie: it is never sent back, and nothing else identifies anyone.
      expect(hop.headers.cookie).toBeUndefined();
      expect(hop.headers.authorization).toBeUndefined();
      expect(hop.headers.referer).toBeUndefined();
    }
  });

  it('asks with the last validators and gets 304 while the file is the same', async () => {
    stub.put('drive2', {});
    const first = await get('https://drive.google.com/uc?export=download&id=drive2');
    if (first.kind !== 'answer') throw new Error('no answer');
    const again = await get('https://drive.google.com/uc?export=download&id=drive2', { etag: first.headers.etag });
    expect(again).toMatchObject({ kind: 'answer', status: 304, body: null });
  });

  it('does not follow a redirect to a sign-in page, or anywhere outside the allowed hosts', async () => {
    stub.put('private1', { state: 'private' });
    expect(await get('https://drive.google.com/uc?export=download&id=private1')).toMatchObject({
      kind: 'left',
      location: expect.stringMatching(/^https:\/\/accounts\.google\.com\//),
    });
    stub.overrides.set('www.dropbox.com/scl/fi/away', (res) => res.writeHead(302, { location: 'https://evil.example/x' }).end());
    expect(await get('https://www.dropbox.com/scl/fi/away/x.csv?dl=1')).toEqual({
      kind: 'left',
      url: 'https://www.dropbox.com/scl/fi/away/x.csv?dl=1',
      location: 'https://evil.example/x',
    });
    for (const location of [
      'http://www.dropbox.com/plain',
      'https://www.dropbox.com:8443/port',
      'https://u:p@www.dropbox.com/',
      'https://169.254.169.254/latest/meta-data/',
    ]) {
      stub.overrides.set('www.dropbox.com/scl/fi/odd', (res) => res.writeHead(301, { location }).end());
      expect(await get('https://www.dropbox.com/scl/fi/odd/x.csv?dl=1')).toMatchObject({ kind: 'left' });
    }
  });

  it('refuses hosts outside the rules, other ports and credentials before sending anything', async () => {
    const before = stub.seen.length;
    for (const url of [
      'https://example.com/',
      'https://drive.google.com:9443/x',
      'https://a:b@drive.google.com/',
      'http://drive.google.com/',
      'https://127.0.0.1/',
      'https://[::1]/',
    ]) {
      expect(await get(url)).toMatchObject({ kind: 'refused' });
    }
    expect(stub.seen.length).toBe(before);
  });

  it('refuses a redirect to an allowed name that resolves to a loopback address', async () => {
    // localhost is the site's own host (allowed by the link rules) and is not in the host map.
    stub.overrides.set('app.box.com/shared/static/inside', (res) =>
      res.writeHead(302, { location: 'https://localhost/admin' }).end(),
    );
    expect(await get('https://app.box.com/shared/static/inside')).toMatchObject({
      kind: 'refused',
      reason: expect.stringContaining('loopback'),
    });
  });

  it('stops after a few redirects', async () => {
    stub.overrides.set('app.box.com/shared/static/loop', (res) => res.writeHead(302, { location: '/shared/static/loop' }).end());
    expect(await get('https://app.box.com/shared/static/loop')).toEqual({
      kind: 'too-many-redirects',
      url: 'https://app.box.com/shared/static/loop',
    });
    expect(stub.seen.filter((s) => s.path === '/shared/static/loop')).toHaveLength(5);
  });

  it('caps the bytes it reads and the time it waits', async () => {
    stub.put('big', { body: Buffer.alloc(300_000, 'a') });
    const big = await get('https://onedrive.live.com/download?resid=big', { maxBytes: 100_000 });
    expect(big).toMatchObject({ kind: 'answer', status: 200, truncated: true, sha256: null });
    if (big.kind === 'answer') expect(big.body?.length).toBe(100_000);
    stub.put('slow', { delayMs: 3000 });
    const started = Date.now();
    expect(await get('https://onedrive.live.com/download?resid=slow', { timeoutMs: 300 })).toEqual({
      kind: 'failed',
      reason: 'timed out',
    });
    expect(Date.now() - started).toBeLessThan(2500);
  });

  it('checks the certificate against the host name it asked for', async () => {
    // Mapped to the stub, whose certificate does not name this host: TLS fails, nothing is read.
    const strange = fetcherWith({ map: `files.box.com=127.0.0.1:${stub.port}` });
    expect(await strange.fetch({ url: 'https://files.box.com/x', maxBytes: 100, timeoutMs: 3000 })).toMatchObject({
      kind: 'failed',
      reason: expect.stringMatching(/altnames|certificate/i),
    });
    await strange.close();
    // Without the test authority, the stub's certificate is not trusted at all.
    const untrusting = fetcherWith({ ca: false });
    stub.put('trust', {});
    expect(
      await untrusting.fetch({ url: 'https://app.box.com/shared/static/trust', maxBytes: 100, timeoutMs: 3000 }),
    ).toMatchObject({
      kind: 'failed',
      reason: expect.stringMatching(/certificate|self.signed|issuer/i),
    });
    await untrusting.close();
  });
});

describe('address and name rules', () => {
  it('refuses every inside address, IPv4 and IPv6, mapped forms included', () => {
    const refused = [
      '127.0.0.1',
      '127.1.2.3',
      '10.0.0.8',
      '172.16.5.4',
      '172.31.255.255',
      '192.168.1.1',
      '169.254.169.254',
      '100.100.100.200',
      '0.0.0.0',
      '255.255.255.255',
      '224.0.0.1',
      '192.0.2.1',
      '::1',
      '::',
      'fe80::1',
      'fc00::1',
      'fd00:ec2::254',
      '::ffff:127.0.0.1',
      '::ffff:169.254.169.254',
      '::ffff:10.0.0.1',
      '64:ff9b::a9fe:a9fe',
      '2002:7f00:1::1',
      '2001:db8::1',
      'fec0::1',
    ];
    for (const address of refused) expect(addressProblem(address), address).not.toBeNull();
    for (const address of ['142.250.74.46', '162.125.1.18', '2a00:1450:4001:80b::200e', '::ffff:142.250.74.46']) {
      expect(addressProblem(address), address).toBeNull();
    }
  });

  it('resolves names itself and refuses a name that points inside', async () => {
    await expect(resolveTarget('localhost', { allowedHosts: ['localhost'], hostMap: [] })).rejects.toThrow(FetchRefused);
    await expect(resolveTarget('example.com', { allowedHosts: ['dropbox.com'], hostMap: [] })).rejects.toThrow(
      /not a host links may lead to/,
    );
    const map = parseHostMap('*.dl.dropboxusercontent.com=127.0.0.1:9443');
    await expect(
      resolveTarget('uc1.dl.dropboxusercontent.com', { allowedHosts: ['dropboxusercontent.com'], hostMap: map }),
    ).resolves.toEqual({
      address: '127.0.0.1',
      port: 9443,
    });
  });

  it('reads LINK_FETCH_HOST_MAP: names, *.domain for subdomains, IPv6 in brackets; a bad entry names itself', () => {
    const map = parseHostMap('drive.google.com=127.0.0.1:9443, *.dl.dropboxusercontent.com=[::1]:9444');
    expect(mappedTarget(map, 'DRIVE.google.com.')).toMatchObject({ address: '127.0.0.1', port: 9443 });
    expect(mappedTarget(map, 'uc1.dl.dropboxusercontent.com')).toMatchObject({ address: '::1', port: 9444 });
    expect(mappedTarget(map, 'dl.dropboxusercontent.com')).toBeUndefined();
    expect(mappedTarget(map, 'docs.google.com')).toBeUndefined();
    for (const bad of ['drive.google.com', 'drive.google.com=localhost:1', 'x=127.0.0.1:99999', 'a b=127.0.0.1:1']) {
      expect(() => parseHostMap(bad)).toThrow(/is not host=ip:port/);
    }
  });

  it('is refused at start in production and on a server that is not local, and read on a local one', () => {
    const production = {
      NODE_ENV: 'production',
      PUBLIC_URL: 'https://freshlist.example',
      SESSION_SECRET: 'x'.repeat(32),
      OIDC_ISSUER: 'https://id.example',
      OIDC_CLIENT_ID: 'a',
      MAIL_FROM: 'a@b.example',
      SMTP_URL: 'smtp://mail.example:587',
      // A mail-sending production process needs web push's keys (ADR 0214): a made-up pair of the right shape.
      VAPID_PUBLIC_KEY: `B${'A'.repeat(86)}`,
      VAPID_PRIVATE_KEY: 'A'.repeat(43),
      VAPID_SUBJECT: 'mailto:ops@freshlist.example',
    };
    expect(() => loadConfig({ ...production, LINK_FETCH_HOST_MAP: 'drive.google.com=127.0.0.1:9443' })).toThrow(
      /^LINK_FETCH_HOST_MAP: is refused/,
    );
    expect(loadConfig(production).linkCheck.hostMap).toEqual([]);
    // Outside production too, only on a local server (ADR 0130), like the development sign-in.
    const shared = {
      HOST: '0.0.0.0',
      PUBLIC_URL: 'https://staging.example',
      OIDC_ISSUER: 'https://id.example',
      OIDC_CLIENT_ID: 'a',
      SMTP_URL: 'smtp://mail.example:587',
    };
    expect(() => loadConfig({ ...shared, LINK_FETCH_HOST_MAP: 'drive.google.com=127.0.0.1:9443' })).toThrow(
      /^LINK_FETCH_HOST_MAP: is refused on a server that is not local/,
    );
    expect(
      loadConfig({ HOST: '127.0.0.1', LINK_FETCH_HOST_MAP: 'drive.google.com=127.0.0.1:9443' }).linkCheck.hostMap,
    ).toHaveLength(1);
    expect(() => loadConfig({ LINK_FETCH_HOST_MAP: 'nonsense' })).toThrow(/^LINK_FETCH_HOST_MAP: 'nonsense' is not host=ip:port/);
    expect(loadConfig({ LINK_CHECK_MIN_INTERVAL_S: '5' }).linkCheck.minIntervalS).toBe(5);
    expect(() => loadConfig({ LINK_CHECK_MIN_INTERVAL_S: '0' })).toThrow(/^LINK_CHECK_MIN_INTERVAL_S:/);
  });
});
