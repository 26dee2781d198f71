import type { IDToken } from 'openid-client';
import { describe, expect, it } from 'vitest';
import { identityFromClaims, SignInError } from './oidc-client';

const ISSUER = 'https://accounts.example';
const claims = (extra: Partial<IDToken>): IDToken =>
  ({ iss: ISSUER, sub: 'abc', aud: 'client', iat: 0, exp: 1, email: 'Ada@Example.com', name: 'Ada', ...extra }) as IDToken;

describe('who signed in, from the ID token', () => {
  it('links by the lower-cased email when the provider verified it', () => {
    expect(identityFromClaims(claims({ email_verified: true }), ISSUER, true)).toEqual({
      subject: `${ISSUER}#abc`,
      email: 'ada@example.com',
      name: 'Ada',
    });
    expect(identityFromClaims(claims({ email_verified: 'true' }), ISSUER, true).email).toBe('ada@example.com');
  });

  it('refuses an email the provider does not say is verified', () => {
    const message = 'The identity provider has not verified this email address.';
    expect(() => identityFromClaims(claims({}), ISSUER, true)).toThrow(new SignInError(message));
    expect(() => identityFromClaims(claims({ email_verified: false }), ISSUER, true)).toThrow(message);
  });

  it('with OIDC_REQUIRE_EMAIL_VERIFIED=false accepts a provider that never sends the flag, but not one that says no', () => {
    expect(identityFromClaims(claims({}), ISSUER, false).email).toBe('ada@example.com');
    expect(() => identityFromClaims(claims({ email_verified: false }), ISSUER, false)).toThrow(SignInError);
  });

  it('refuses a token without an email', () => {
    expect(() => identityFromClaims(claims({ email: undefined }), ISSUER, true)).toThrow(
      'The identity provider did not share an email address.',
    );
  });
});
