import type { FastifyInstance } from 'fastify';
import * as oidc from 'openid-client';

export interface LoginTransaction {
  state: string;
  nonce: string;
  verifier: string;
  redirect: string;
  popup: boolean;
}

export interface SignedInIdentity {
  subject: string;
  email: string;
  name: string;
}

export class SignInError extends Error {}

interface ClientOptions {
  issuer: string;
  clientId: string;
  clientSecret: string | undefined;
  redirectUri: string;
  /** 'login' makes the development provider ask every time; Google gets its account chooser. */
  prompt: string;
  /** Accounts are linked by email, so by default an email the provider has not verified is refused. */
  requireVerifiedEmail: boolean;
  /** Set for the built-in provider: its HTTP calls go to this same app without the network. */
  inProcess?: FastifyInstance;
}

/** Sends openid-client's back-channel calls to the in-process provider through fastify.inject. */
function injectFetch(app: FastifyInstance): oidc.CustomFetch {
  return async (url, options) => {
    const target = new URL(url);
    const body = options.body;
    const res = await app.inject({
      method: options.method as 'GET' | 'POST',
      url: target.pathname + target.search,
      headers: { ...options.headers, host: target.host },
      ...(body === undefined || body === null
        ? {}
        : { payload: body instanceof URLSearchParams ? body.toString() : (body as string) }),
    });
    const headers = new Headers();
    for (const [name, value] of Object.entries(res.headers)) {
      if (value === undefined) continue;
      for (const v of Array.isArray(value) ? value : [value]) headers.append(name, String(v));
    }
    return new Response(res.statusCode === 204 || res.statusCode === 304 ? null : new Uint8Array(res.rawPayload), {
      status: res.statusCode,
      headers,
    });
  };
}

/** OpenID Connect authorization code flow with PKCE, state and nonce (openid-client). */
export class OidcClient {
  #configuration: Promise<oidc.Configuration> | undefined;

  constructor(private readonly options: ClientOptions) {}

  #config(): Promise<oidc.Configuration> {
    if (!this.#configuration) {
      const { issuer, clientId, clientSecret, inProcess } = this.options;
      const insecure = new URL(issuer).protocol === 'http:';
      this.#configuration = oidc
        .discovery(new URL(issuer), clientId, clientSecret, clientSecret ? oidc.ClientSecretPost(clientSecret) : oidc.None(), {
          ...(insecure ? { execute: [oidc.allowInsecureRequests] } : {}),
          ...(inProcess ? { [oidc.customFetch]: injectFetch(inProcess) } : {}),
        })
        .catch((error: unknown) => {
          // Try discovery again on the next sign-in rather than caching a failure.
          this.#configuration = undefined;
          throw error;
        });
    }
    return this.#configuration;
  }

  async start(redirect: string, popup: boolean): Promise<{ url: string; transaction: LoginTransaction }> {
    const config = await this.#config();
    const verifier = oidc.randomPKCECodeVerifier();
    const transaction: LoginTransaction = { state: oidc.randomState(), nonce: oidc.randomNonce(), verifier, redirect, popup };
    const url = oidc.buildAuthorizationUrl(config, {
      redirect_uri: this.options.redirectUri,
      scope: 'openid email profile',
      code_challenge: await oidc.calculatePKCECodeChallenge(verifier),
      code_challenge_method: 'S256',
      state: transaction.state,
      nonce: transaction.nonce,
      prompt: this.options.prompt,
    });
    return { url: url.href, transaction };
  }

  async finish(callbackUrl: URL, transaction: LoginTransaction): Promise<SignedInIdentity> {
    const config = await this.#config();
    const tokens = await oidc.authorizationCodeGrant(config, callbackUrl, {
      pkceCodeVerifier: transaction.verifier,
      expectedState: transaction.state,
      expectedNonce: transaction.nonce,
      idTokenExpected: true,
    });
    return identityFromClaims(tokens.claims(), config.serverMetadata().issuer, this.options.requireVerifiedEmail);
  }
}

/** Who signed in, from the ID token's claims; throws a SignInError a person can read. */
export function identityFromClaims(
  claims: oidc.IDToken | undefined,
  issuer: string,
  requireVerifiedEmail: boolean,
): SignedInIdentity {
  const email = typeof claims?.email === 'string' ? claims.email.trim().toLowerCase() : '';
  if (!claims || !email) throw new SignInError('The identity provider did not share an email address.');
  // Some providers send the flag as a string.
  const verified = claims.email_verified === true || claims.email_verified === 'true';
  const refused = claims.email_verified === false || claims.email_verified === 'false';
  if (refused || (requireVerifiedEmail && !verified)) {
    throw new SignInError('The identity provider has not verified this email address.');
  }
  const name = typeof claims.name === 'string' && claims.name.trim() ? claims.name.trim() : (email.split('@')[0] ?? email);
  return { subject: `${issuer}#${claims.sub}`, email, name };
}
