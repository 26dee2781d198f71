import { brotliCompressSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allowedHosts, defaultLinkPolicy } from '../../../core/link';
import { type ProviderStub, startProviderStub } from '../../../tests/fixtures/provider-stub';
import { testCertificates } from '../../../tests/fixtures/test-ca';
import { parseHostMap } from '../../config-host-map';
import { classify } from './classifier';
import { linkFetchDispatcher } from './dispatcher';
import { createFetcher, type Fetcher } from './fetcher';
import { DOWNLOAD_HOSTS } from './providers';

/** Issue 42: an encoded download is read as the file it is, or said to be unreadable; a redirect loop is named. */
const ALLOWED = [...allowedHosts(defaultLinkPolicy('localhost')), ...DOWNLOAD_HOSTS];
const CSV = 'Apples;1.20\nPears;2.10\n';
let stub: ProviderStub;
let fetcher: Fetcher;

beforeAll(async () => {
  stub = await startProviderStub();
  const dispatcher = linkFetchDispatcher({
    allowedHosts: ALLOWED,
    hostMap: parseHostMap(stub.hostMap()),
    connectTimeoutMs: 2000,
    connectionsPerHost: 2,
    extraCa: [testCertificates().ca],
  });
  fetcher = createFetcher({ dispatcher, allowedHosts: ALLOWED, userAgent: 'Freshlist-LinkCheck/1.0' });
});
afterAll(async () => {
  await fetcher.close();
  await stub.close();
});

const get = (path: string, maxBytes = 1 << 20) =>
  fetcher.fetch({ url: `https://app.box.com/shared/static/${path}`, maxBytes, timeoutMs: 5000 });
/** A download sent with a Content-Encoding, as a misconfigured host or CDN sends it. */
function serveEncoded(path: string, encoding: string, bytes: Buffer) {
  stub.overrides.set(`app.box.com/shared/static/${path}`, (res) =>
    res
      .writeHead(200, { 'content-type': 'text/csv', 'content-encoding': encoding, 'content-length': String(bytes.length) })
      .end(bytes),
  );
}

describe('an encoded download', () => {
  it.each([
    ['gzip', gzipSync(CSV)],
    ['br', brotliCompressSync(CSV)],
  ])('is read decoded when sent as %s, and its size is the file size', async (encoding, bytes) => {
    serveEncoded(`encoded-${encoding}`, encoding, bytes);
    const outcome = await get(`encoded-${encoding}`);
    expect(outcome).toMatchObject({ kind: 'answer', status: 200, truncated: false });
    if (outcome.kind !== 'answer') throw new Error('no answer');
    expect(outcome.body?.toString()).toBe(CSV);
    expect(outcome.headers['content-encoding']).toBeUndefined();
    expect(classify(outcome, undefined).file).toMatchObject({ type: 'text/csv', size: CSV.length });
  });

  it('stops decoding at the byte limit (a small gzip of many bytes)', async () => {
    serveEncoded('gzip-bomb', 'gzip', gzipSync(Buffer.alloc(50 * 1024 * 1024, 'a')));
    const outcome = await get('gzip-bomb', 100_000);
    expect(outcome).toMatchObject({ kind: 'answer', truncated: true, sha256: null });
    if (outcome.kind === 'answer') expect(outcome.body?.length).toBe(100_000);
  });

  it.each([
    ['zstd', Buffer.from(CSV), /^can't read the file: sent as "zstd", an encoding Freshlist can't read$/],
    ['gzip', Buffer.from(CSV), /^can't read the file: its gzip encoding is broken/],
  ])('says "can\'t read" for %s it cannot decode, never garbage or "unreachable"', async (encoding, bytes, detail) => {
    serveEncoded(`bad-${encoding}`, encoding, bytes);
    const outcome = await get(`bad-${encoding}`);
    expect(outcome.kind).toBe('unreadable');
    const verdict = classify(outcome, undefined);
    expect(verdict.health).toBe('not-a-file');
    expect(verdict.detail).toMatch(detail);
  });
});

describe('a redirect chain over the limit', () => {
  it('says "too many redirects", not "unreachable"', async () => {
    stub.overrides.set('app.box.com/shared/static/chain', (res) =>
      res.writeHead(302, { location: '/shared/static/chain' }).end(),
    );
    const verdict = classify(await get('chain'), undefined);
    expect(verdict).toMatchObject({ health: 'not-a-file', detail: 'too many redirects (more than 4) from app.box.com' });
  });
});
