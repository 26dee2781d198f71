import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allowedHosts, defaultLinkPolicy } from '../../../core/link';
import { type ProviderStub, startProviderStub } from '../../../tests/fixtures/provider-stub';
import { testCertificates } from '../../../tests/fixtures/test-ca';
import { parseHostMap } from '../../config-host-map';
import { checkThread } from './check-thread';
import { DOWNLOAD_HOSTS } from './providers';

let stub: ProviderStub;
let thread: ReturnType<typeof checkThread>;
const limits = { siteHost: 'localhost', maxBytes: 5 * 1024 * 1024, timeoutMs: 10_000 };
const threadOf = (idleTimeoutMs: number) =>
  checkThread({
    setup: {
      allowedHosts: [...allowedHosts(defaultLinkPolicy('localhost')), ...DOWNLOAD_HOSTS],
      hostMap: parseHostMap(stub.hostMap()),
      userAgent: 'Freshlist-LinkCheck/1.0 (+http://localhost:3000)',
      connectTimeoutMs: 2000,
      connectionsPerHost: 2,
      extraCa: [testCertificates().ca],
    },
    concurrency: 8,
    idleTimeoutMs,
  });

beforeAll(async () => {
  stub = await startProviderStub();
  thread = threadOf(60_000);
});
afterAll(async () => {
  await thread.close();
  await stub.close();
});

describe('the link checks thread', () => {
  it('checks links through the host map and the test authority, and hands back whole files byte for byte', async () => {
    const big = randomBytes(4 * 1024 * 1024);
    stub.put('thread-big', { name: 'Catalogue.pdf', type: 'application/pdf', body: big });
    stub.put('thread-small', { name: 'Prices.csv', body: 'Apples;1.20\n' });
    const [large, small] = await Promise.all([
      thread.check('https://drive.google.com/file/d/thread-big/view', limits),
      thread.check('https://www.dropbox.com/scl/fi/thread-small/p.csv?rlkey=a&dl=0', limits),
    ]);
    expect(large).toMatchObject({ health: 'ok', provider: 'Google Drive', file: { name: 'Catalogue.pdf' } });
    expect(Buffer.isBuffer(large.bytes)).toBe(true);
    expect(large.bytes?.equals(big)).toBe(true);
    expect(small).toMatchObject({ health: 'ok', provider: 'Dropbox', changed: null });
    expect(small.bytes?.toString()).toBe('Apples;1.20\n');

    // The validators it found make the next check conditional: unchanged, nothing read.
    const again = await thread.check('https://www.dropbox.com/scl/fi/thread-small/p.csv?rlkey=a&dl=0', {
      ...limits,
      previous: small.validators,
    });
    expect(again).toMatchObject({ health: 'ok', changed: false, bytes: null, detail: 'not modified' });
    expect(stub.seen.at(-1)?.headers['if-none-match']).toBe(small.validators.etag);
  });

  it('refuses what the fetcher refuses, and classifies what providers answer, inside the thread', async () => {
    stub.put('thread-private', { state: 'private' });
    expect(await thread.check('https://drive.google.com/file/d/thread-private/view', limits)).toMatchObject({
      health: 'needs-sign-in',
    });
    expect(await thread.check('https://drive.google.com/drive/folders/1AbCdEfGhIjKlMnOp', limits)).toMatchObject({
      health: 'not-a-file',
    });
  });

  it('starts again after it ended for want of checks', async () => {
    const brief = threadOf(1);
    try {
      stub.put('threadidle', {});
      expect(await brief.check('https://app.box.com/s/threadidle', limits)).toMatchObject({ health: 'ok' });
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(await brief.check('https://app.box.com/s/threadidle', limits)).toMatchObject({ health: 'ok' });
    } finally {
      await brief.close();
    }
  });
});
