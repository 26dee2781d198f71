import { describe, expect, it } from 'vitest';
import { safeRedirectPath } from './api';

describe('safeRedirectPath (/login?redirect=)', () => {
  it.each([
    '//evil.example',
    '/\\evil.example',
    'https://evil.example',
    '/%2F%2Fevil.example',
    '/%2f%5Cevil.example',
    '/%252F%252Fevil.example',
    '%2F%2Fevil.example',
    'javascript:alert(1)',
    '/\tevil',
    '/%0A//evil.example',
    '/%E0%A4%A',
    '',
  ])('sends %j to /dashboard', (redirect) => {
    expect(safeRedirectPath(redirect)).toBe('/dashboard');
  });

  it.each(['/feed', '/admin/users-overview?q=a%40b.example', '/green-grocer', '/form/abc?x=1#top'])('keeps %j', (redirect) => {
    expect(safeRedirectPath(redirect)).toBe(redirect);
  });
});
