import { generateKeyPairSync, randomBytes } from 'node:crypto';
import formbody from '@fastify/formbody';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import Provider, { type Configuration } from 'oidc-provider';
import { z } from 'zod';
import { refuseUnlessLoopbackHost } from '../../plugins/local-only';
import { DevProviderStore } from './dev-provider-store';

export const DEV_ISSUER_PATH = '/oidc';
export const DEV_CLIENT_ID = 'freshlist-dev';

interface DevAccount {
  email: string;
  name: string;
}

/** The account id carries the chosen email and name, so the provider keeps no account store. */
const encodeAccount = (account: DevAccount) => Buffer.from(JSON.stringify(account)).toString('base64url');

function decodeAccount(accountId: string): DevAccount | undefined {
  try {
    const parsed = JSON.parse(Buffer.from(accountId, 'base64url').toString('utf8')) as Partial<DevAccount>;
    return typeof parsed.email === 'string' && typeof parsed.name === 'string'
      ? { email: parsed.email, name: parsed.name }
      : undefined;
  } catch {
    return undefined;
  }
}

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

// No list of known emails: the page would tell anyone who reaches it which addresses are admins.
function signInPage(options: { action: string; email?: string; name?: string; error?: string }): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Sign in – Freshlist development sign-in</title>
<link rel="stylesheet" href="${DEV_ISSUER_PATH}-assets/dev-sign-in.css"></head>
<body><main class="card">
<p class="badge">Development sign-in</p>
<h1>Choose an account</h1>
<p class="hint">This stands in for Google on your machine. Type any email and name.</p>
${options.error ? `<p class="error" role="alert">${escapeHtml(options.error)}</p>` : ''}
<form method="post" action="${escapeHtml(options.action)}">
<label for="email">Email</label>
<input id="email" name="email" type="email" autocomplete="email" required autofocus value="${escapeHtml(options.email ?? '')}">
<label for="name">Name</label>
<input id="name" name="name" type="text" autocomplete="name" value="${escapeHtml(options.name ?? '')}">
<button type="submit">Continue</button>
</form></main></body></html>`;
}

const DEV_PAGE_CSS = `body{font-family:system-ui,sans-serif;background:#f4f6f3;margin:0;display:grid;place-items:center;min-height:100vh}
.card{background:#fff;padding:2rem;border-radius:12px;box-shadow:0 2px 12px #0002;width:min(380px,90vw)}
h1{font-size:1.4rem;margin:.5rem 0}.badge{display:inline-block;background:#fde68a;border-radius:99px;padding:.1rem .6rem;font-size:.8rem;margin:0}
.hint{color:#555;font-size:.9rem}label{display:block;margin-top:1rem;font-weight:600}
input{width:100%;box-sizing:border-box;padding:.6rem;font-size:1rem;margin-top:.3rem;border:1px solid #bbb;border-radius:6px}
button{margin-top:1.5rem;width:100%;padding:.7rem;font-size:1rem;background:#1f7a4d;color:#fff;border:0;border-radius:6px;cursor:pointer}
.error{color:#b91c1c}`;

const signInBody = z.object({
  email: z.string().trim().toLowerCase().pipe(z.email()),
  name: z.string().trim().max(100).default(''),
});

/**
 * A real OpenID Connect provider (oidc-provider) mounted under /oidc, for local runs and tests.
 * Its sign-in page asks for any email and name: the same code path as Google, without Google.
 */
export async function mountDevProvider(
  app: FastifyInstance,
  options: { publicUrl: string; redirectUri: string; clientSecret: string; trustProxy: boolean },
): Promise<void> {
  const issuer = `${options.publicUrl}${DEV_ISSUER_PATH}`;
  const configuration: Configuration = {
    adapter: DevProviderStore,
    clients: [
      {
        client_id: DEV_CLIENT_ID,
        client_secret: options.clientSecret,
        redirect_uris: [options.redirectUri],
        grant_types: ['authorization_code'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_post',
        id_token_signed_response_alg: 'ES256',
      },
    ],
    cookies: { keys: [randomBytes(32).toString('base64url')] },
    // An EC key: made in well under a millisecond, where an RSA key took 0.1-2 s of every app start (issue 14).
    jwks: { keys: [generateKeyPairSync('ec', { namedCurve: 'P-256' }).privateKey.export({ format: 'jwk' })] },
    ttl: { AccessToken: 600, AuthorizationCode: 60, Grant: 3600, IdToken: 600, Interaction: 600, Session: 3600 },
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
    // Put email and name in the ID token itself, as Google does, rather than only behind userinfo.
    conformIdTokenClaims: false,
    features: { devInteractions: { enabled: false } },
    interactions: { url: (_ctx, interaction) => `${DEV_ISSUER_PATH}/interaction/${interaction.uid}` },
    async findAccount(_ctx, sub) {
      const account = decodeAccount(sub);
      if (!account) return undefined;
      return {
        accountId: sub,
        claims: async () => ({ sub, email: account.email, email_verified: true, name: account.name }),
      };
    },
    // A first-party client: grant the requested scopes without a consent screen.
    async loadExistingGrant(ctx) {
      const session = ctx.oidc.session;
      const client = ctx.oidc.client;
      if (!session?.accountId || !client) return undefined;
      const grantId = session.grantIdFor(client.clientId);
      if (grantId) {
        const found = await ctx.oidc.provider.Grant.find(grantId);
        if (found) return found;
      }
      const grant = new ctx.oidc.provider.Grant({ clientId: client.clientId, accountId: session.accountId });
      grant.addOIDCScope('openid email profile');
      await grant.save();
      return grant;
    },
    renderError(ctx, out) {
      ctx.type = 'html';
      ctx.body = `<!doctype html><title>Sign-in error</title><h1>Sign-in error</h1><p>${escapeHtml(String(out.error_description ?? out.error))}</p><p><a href="/login">Back to sign in</a></p>`;
    },
  };
  const provider = new Provider(issuer, configuration);
  provider.proxy = options.trustProxy;
  const callback = provider.callback();

  await app.register(async (scope) => {
    scope.addHook('onRequest', refuseUnlessLoopbackHost);
    // The provider reads its own request bodies; Fastify must leave them unread.
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', (_request, _payload, done) => done(null));

    const handle = (request: FastifyRequest, reply: FastifyReply) => {
      reply.hijack();
      const raw = request.raw as typeof request.raw & { originalUrl?: string };
      raw.originalUrl = raw.url;
      raw.url = (raw.url ?? '/').slice(DEV_ISSUER_PATH.length) || '/';
      callback(raw, reply.raw);
    };
    scope.all(`${DEV_ISSUER_PATH}/*`, { schema: { hide: true } }, handle);
  });

  await app.register(async (scope) => {
    scope.addHook('onRequest', refuseUnlessLoopbackHost);
    // The sign-in page is a plain HTML form: the only place Freshlist reads form-encoded bodies.
    await scope.register(formbody, { bodyLimit: 16 * 1024 });
    const action = (uid: string) => `${DEV_ISSUER_PATH}/interaction/${uid}`;
    const params = z.object({ uid: z.string().min(1).max(200) });

    scope.get(`${DEV_ISSUER_PATH}-assets/dev-sign-in.css`, { schema: { hide: true } }, async (_request, reply) => {
      return reply.type('text/css').send(DEV_PAGE_CSS);
    });

    scope.get(`${DEV_ISSUER_PATH}/interaction/:uid`, { schema: { params } }, async (request, reply) => {
      const { uid } = request.params as z.infer<typeof params>;
      try {
        await provider.interactionDetails(request.raw, reply.raw);
      } catch {
        return reply
          .code(400)
          .type('text/html')
          .send(signInPage({ action: '/login', error: 'This sign-in has expired. Please start again.' }));
      }
      return reply.type('text/html').send(signInPage({ action: action(uid) }));
    });

    scope.post(`${DEV_ISSUER_PATH}/interaction/:uid`, { schema: { params } }, async (request, reply) => {
      const { uid } = request.params as z.infer<typeof params>;
      const body = signInBody.safeParse(request.body);
      if (!body.success) {
        return reply
          .code(400)
          .type('text/html')
          .send(signInPage({ action: action(uid), error: 'Please enter a valid email address.' }));
      }
      const name = body.data.name || body.data.email.split('@')[0] || body.data.email;
      reply.hijack();
      try {
        await provider.interactionFinished(
          request.raw,
          reply.raw,
          { login: { accountId: encodeAccount({ email: body.data.email, name }) } },
          { mergeWithLastSubmission: false },
        );
      } catch (err) {
        request.log.warn({ err }, 'development sign-in could not finish');
        reply.raw.statusCode = 400;
        reply.raw.setHeader('content-type', 'text/html; charset=utf-8');
        reply.raw.end(signInPage({ action: '/login', error: 'This sign-in has expired. Please start again.' }));
      }
    });
  });
}
