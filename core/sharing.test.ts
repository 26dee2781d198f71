import { describe, expect, it } from 'vitest';
import {
  isOwnSiteUrl,
  profileUrl,
  QR_IMAGE_SIZE,
  qrDataFor,
  qrFormatSchema,
  qrSizeSchema,
  SHARING_MESSAGES,
  sharingPaths,
} from './sharing';

const SITE = 'https://freshlist.example';

describe('what a QR code may carry', () => {
  it.each([
    [`${SITE}/green-grocer`, true],
    [`${SITE}/follow/green-grocer?x=1`, true],
    [`${SITE}`, false],
    ['https://freshlist.example.evil.com/x', false],
    ['https://user@freshlist.example/x', false],
    ['http://freshlist.example/x', false],
    ['https://freshlist.example:8443/x', false],
    ['not a url', false],
  ])('%s → %s', (data, ok) => {
    expect(isOwnSiteUrl(data, SITE)).toBe(ok);
  });
});

describe('the address a QR code carries', () => {
  it.each([`${SITE}/green-grocer`, `${SITE}/follow/green-grocer?x=1#top`, `${SITE}/caf%C3%A9`, `  ${SITE}/x\n`])(
    'is %j as the browser writes it, trimmed',
    (data) => {
      expect(qrDataFor(data, SITE)).toEqual({ url: data.trim() });
    },
  );

  it.each([
    `${SITE}/\r\nhttps://other.example/`,
    `${SITE}/\nhttps://other.example/`,
    `${SITE}/a\tb`,
    `${SITE}/a b`,
    `${SITE}/café`,
    `${SITE}/a/../b`,
    `${SITE.toUpperCase()}/x`,
    `${SITE}/x\u0000`,
    SITE,
  ])('refuses %j: what it carries would differ from what was checked', (data) => {
    expect(qrDataFor(data, SITE)).toEqual({ problem: SHARING_MESSAGES.dataNotNormal });
  });

  it.each(['https://other.example/x', `${SITE}.evil.com/x`, 'not a url'])('refuses %j as off-site', (data) => {
    expect(qrDataFor(data, SITE)).toEqual({ problem: SHARING_MESSAGES.dataOffSite });
  });
});

describe('QR size and format', () => {
  it('defaults to the spec size and png', () => {
    expect(qrSizeSchema.parse(undefined)).toBe(QR_IMAGE_SIZE);
    expect(qrFormatSchema.parse(undefined)).toBe('png');
  });

  it.each(['63', '1025', '-1', '1e3', ' 100', '100px'])('refuses size %s', (raw) => {
    const result = qrSizeSchema.safeParse(raw);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe(SHARING_MESSAGES.size);
  });

  it('accepts the bounds', () => {
    expect(qrSizeSchema.parse('64')).toBe(64);
    expect(qrSizeSchema.parse('1024')).toBe(1024);
  });
});

describe('sharing paths', () => {
  it('builds the profile URL and image paths of a handle', () => {
    expect(profileUrl(`${SITE}/`, 'green-grocer')).toBe(`${SITE}/green-grocer`);
    expect(sharingPaths.qr('green-grocer', 'svg', 320)).toBe('/qr/green-grocer.svg?size=320');
    expect(sharingPaths.card('green-grocer', true)).toBe('/qr/green-grocer/card.png?download=1');
    expect(sharingPaths.feed('green-grocer')).toBe('/green-grocer/feed.atom');
  });
});
