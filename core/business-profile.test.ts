import { describe, expect, it } from 'vitest';
import {
  CONTACT_MESSAGES,
  contactFromFreeText,
  parseStoredSocials,
  readSocial,
  readWebsite,
  storeSocials,
} from './business-contact';
import { BIO_MAX_LENGTH, businessProfileInputSchema, PROFILE_MESSAGES, profileFromInvite } from './business-profile';
import { phoneLink, socialLink } from './contact-links';
import { fieldErrors } from './handle';

const parse = (input: Record<string, unknown>) => businessProfileInputSchema.safeParse({ displayName: 'Green Valley', ...input });
const errorsOf = (input: Record<string, unknown>) => {
  const result = parse(input);
  return result.success ? {} : fieldErrors(result.error);
};

describe('the business profile form', () => {
  it('keeps what was typed in its stored form', () => {
    const result = parse({
      displayName: '  Green Valley Farm ',
      bio: 'Organic vegetables\nfrom the valley.',
      phone: ' +44 (0)1632  960 001 ',
      website: 'https://greenvalley.example/shop',
      area: ' Bristol,   Avon ',
      trades: ['dairy', 'produce', 'produce'],
      instagram: 'https://www.instagram.com/GreenValley/?igsh=abc',
      facebook: 'fb.com/greenvalleyfarm',
      linkedin: 'https://uk.linkedin.com/company/green-valley',
      whatsapp: '+44 7700 900123',
    });
    expect(result.success && result.data).toEqual({
      displayName: 'Green Valley Farm',
      bio: 'Organic vegetables\nfrom the valley.',
      phone: '+44 (0)1632 960 001',
      website: 'https://greenvalley.example/shop',
      area: 'Bristol, Avon',
      trades: ['produce', 'dairy'],
      socials: {
        instagram: 'greenvalley',
        facebook: 'greenvalleyfarm',
        linkedin: 'company/green-valley',
        whatsapp: '447700900123',
      },
    });
  });

  it('treats empty fields as none', () => {
    const result = parse({ bio: ' ', phone: '', website: '', area: '', trades: [] });
    expect(result.success && result.data).toMatchObject({ bio: '', phone: null, website: null, area: null, socials: {} });
  });

  it('says next to each field what is wrong', () => {
    expect(
      errorsOf({
        displayName: ' ',
        bio: 'x'.repeat(BIO_MAX_LENGTH + 1),
        phone: 'call me',
        website: 'http://greenvalley.example',
        trades: ['produce', 'spaceships'],
        instagram: 'not a name!',
        linkedin: 'https://example.com/in/x',
        whatsapp: '12',
      }),
    ).toEqual({
      displayName: PROFILE_MESSAGES.displayNameEmpty,
      bio: PROFILE_MESSAGES.bioTooLong,
      phone: CONTACT_MESSAGES.phone,
      website: CONTACT_MESSAGES.websiteHttps,
      trades: PROFILE_MESSAGES.trade,
      instagram: CONTACT_MESSAGES.instagram,
      linkedin: CONTACT_MESSAGES.linkedin,
      whatsapp: CONTACT_MESSAGES.whatsapp,
    });
  });

  it('counts a bio in characters, not UTF-16 units', () => {
    expect(parse({ bio: '🥕'.repeat(BIO_MAX_LENGTH) }).success).toBe(true);
    expect(errorsOf({ bio: '🥕'.repeat(BIO_MAX_LENGTH + 1) })).toEqual({ bio: PROFILE_MESSAGES.bioTooLong });
  });

  it('refuses control characters, and keeps line breaks in the bio only', () => {
    expect(errorsOf({ displayName: 'Green\u0007Valley', area: 'Bristol\u001b', bio: 'ok\u0000' })).toEqual({
      displayName: 'Display name cannot contain control characters.',
      bio: 'Bio cannot contain control characters.',
      area: 'Area cannot contain control characters.',
    });
    expect(errorsOf({ website: 'https://a.example/\u0085' })).toEqual({ website: 'Website cannot contain control characters.' });
  });
});

describe('the website', () => {
  it.each([
    ['http://greenvalley.example', CONTACT_MESSAGES.websiteHttps],
    ['ftp://greenvalley.example', CONTACT_MESSAGES.websiteHttps],
    ['javascript:alert(1)', CONTACT_MESSAGES.websiteHttps],
    ['https://localhost', CONTACT_MESSAGES.websiteInvalid],
    ['https://user:pw@greenvalley.example', CONTACT_MESSAGES.websiteInvalid],
    ['https://green valley.example', CONTACT_MESSAGES.websiteInvalid],
    [`https://greenvalley.example/${'a'.repeat(200)}`, CONTACT_MESSAGES.websiteTooLong],
  ])('refuses %s', (raw, message) => {
    expect(readWebsite(raw)).toEqual({ problem: message });
  });

  it('completes an address typed without https:// (#31)', () => {
    expect(readWebsite(' greenvalley.example/shop ')).toEqual({ value: 'https://greenvalley.example/shop' });
    expect(readWebsite('www.greenvalley.example')).toEqual({ value: 'https://www.greenvalley.example/' });
  });

  it('keeps an https address as the browser writes it', () => {
    expect(readWebsite('HTTPS://GreenValley.example')).toEqual({ value: 'https://greenvalley.example/' });
  });
});

describe('social accounts', () => {
  it.each([
    ['instagram', '@green.valley', 'green.valley', 'https://www.instagram.com/green.valley/'],
    ['instagram', 'instagram.com/greenvalley', 'greenvalley', 'https://www.instagram.com/greenvalley/'],
    [
      'facebook',
      'https://m.facebook.com/profile.php?id=1000123',
      'profile.php?id=1000123',
      'https://www.facebook.com/profile.php?id=1000123',
    ],
    [
      'facebook',
      'https://www.facebook.com/pages/Green-Valley/greenvalley',
      'greenvalley',
      'https://www.facebook.com/greenvalley',
    ],
    ['linkedin', 'linkedin.com/in/ana-farmer', 'in/ana-farmer', 'https://www.linkedin.com/in/ana-farmer/'],
    ['whatsapp', 'https://wa.me/447700900123', '447700900123', 'https://wa.me/447700900123'],
    ['whatsapp', 'https://api.whatsapp.com/send?phone=447700900123', '447700900123', 'https://wa.me/447700900123'],
  ] as const)('%s: reads %s', (network, raw, stored, link) => {
    expect(readSocial(network, raw)).toEqual({ value: stored });
    expect(socialLink(network, stored)).toBe(link);
  });

  it('refuses a link to another site for a network', () => {
    expect(readSocial('instagram', 'https://evil.example/greenvalley')).toEqual({ problem: CONTACT_MESSAGES.instagram });
    expect(readSocial('facebook', 'https://evil.example/greenvalley')).toEqual({ problem: CONTACT_MESSAGES.facebook });
  });

  it('stores them as one JSON object and reads only known, non-empty values back', () => {
    expect(storeSocials({})).toBeNull();
    const stored = storeSocials({ instagram: 'greenvalley', whatsapp: '447700900123' });
    expect(parseStoredSocials(stored)).toEqual({ instagram: 'greenvalley', whatsapp: '447700900123' });
    expect(parseStoredSocials('{"instagram":"x","evil":"y","facebook":3}')).toEqual({ instagram: 'x' });
    expect(parseStoredSocials('free text from an earlier build')).toEqual({});
  });

  it('links a phone number by its digits', () => {
    expect(phoneLink('+44 (0)1632 960 001')).toBe('tel:+4401632960001');
    expect(phoneLink('01632 960001')).toBe('tel:01632960001');
  });
});

describe('what an invite carries into the profile', () => {
  it('reads socials and a website out of free text', () => {
    expect(
      contactFromFreeText(
        'Insta @greenvalley, https://facebook.com/greenvalleyfarm and our shop https://shop.greenvalley.example.',
        'More customers (see www.example.org)',
      ),
    ).toEqual({
      socials: { instagram: 'greenvalley', facebook: 'greenvalleyfarm' },
      website: 'https://shop.greenvalley.example/',
    });
  });

  it('keeps what reads cleanly and leaves the rest', () => {
    expect(
      profileFromInvite({
        phone: 'ask for Ana',
        socials: 'linkedin.com/company/green-valley',
        links: 'https://greenvalley.example',
        description: `We grow vegetables. ${'Really fresh ones. '.repeat(30)}`,
      }),
    ).toEqual({
      bio: expect.stringMatching(/^We grow vegetables\. Really fresh ones\..*…$/),
      phone: null,
      website: 'https://greenvalley.example/',
      socials: { linkedin: 'company/green-valley' },
    });
    const { bio } = profileFromInvite({ phone: '+44 7700 900123', socials: null, links: null, description: 'x'.repeat(400) });
    expect([...(bio ?? '')].length).toBeLessThanOrEqual(BIO_MAX_LENGTH);
    expect(profileFromInvite({ phone: '+44 7700 900123', socials: null, links: null, description: null })).toEqual({
      bio: null,
      phone: '+44 7700 900123',
      website: null,
      socials: {},
    });
  });
});
