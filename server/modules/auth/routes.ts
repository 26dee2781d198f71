import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiErrorSchema, meResponseSchema, safeRedirectPath } from '../../../core/api';
import { type Config, isLocalDevelopmentServer } from '../../config';
import { type LoginTransaction, OidcClient, SignInError } from './oidc-client';
import { authService } from './service';

const LOGIN_COOKIE = 'freshlist_login';
const LOGIN_COOKIE_PATH = '/api/auth';
const CALLBACK_PATH = '/api/auth/callback';
/** Per address: generous for a household or office behind one address, useless for scripted sign-ins. */
const SIGN_IN_RATE_LIMIT = { rateLimit: { max: 30, timeWindow: '1 minute' } };

const loginTransactionSchema = z.object({
  state: z.string(),
  nonce: z.string(),
  verifier: z.string(),
  redirect: z.string(),
  popup: z.boolean(),
});

/** Where the browser lands after the provider: the web app's page that closes a popup or moves on. */
function completionPath(redirect: string, popup: boolean, failed: boolean, signedUp = false): string {
  const params = new URLSearchParams({ redirect });
  if (popup) params.set('popup', '1');
  if (failed) params.set('error', '1');
  // Tells the browser this was a first sign-in, for the sign_up analytics event.
  if (signedUp) params.set('new', '1');
  return `/login/complete?${params}`;
}

export async function authRoutes(app: FastifyInstance, { config }: { config: Config }) {
  const redirectUri = `${config.publicUrl}${CALLBACK_PATH}`;
  let client: OidcClient;
  if (config.oidc) {
    client = new OidcClient({ ...config.oidc, redirectUri, prompt: 'select_account' });
  } else {
    // loadConfig already refuses this; a hand-built config must not reach the development provider either.
    if (config.env === 'production') throw new Error('The development identity provider cannot run with NODE_ENV=production.');
    if (!isLocalDevelopmentServer(config)) {
      throw new Error(
        'The development identity provider runs only on a local server (HOST on loopback, a localhost PUBLIC_URL).',
      );
    }
    const clientSecret = randomBytes(24).toString('base64url');
    // Loaded only here: oidc-provider and its dependencies take ~40 MB that production never needs.
    const { DEV_CLIENT_ID, DEV_ISSUER_PATH, mountDevProvider } = await import('./dev-provider');
    await mountDevProvider(app, {
      publicUrl: config.publicUrl,
      redirectUri,
      clientSecret,
      trustProxy: config.trustProxy !== false,
    });
    client = new OidcClient({
      issuer: `${config.publicUrl}${DEV_ISSUER_PATH}`,
      clientId: DEV_CLIENT_ID,
      clientSecret,
      redirectUri,
      prompt: 'login',
      requireVerifiedEmail: true,
      inProcess: app,
    });
  }
  const service = authService(app.db, config);
  const cookieOptions = {
    path: LOGIN_COOKIE_PATH,
    httpOnly: true,
    sameSite: 'lax' as const,
    secure: config.env === 'production',
    signed: true,
    maxAge: 10 * 60,
  };
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/auth/login',
    {
      config: SIGN_IN_RATE_LIMIT,
      schema: {
        querystring: z.object({ redirect: z.string().max(2000).optional(), popup: z.enum(['0', '1']).optional() }),
      },
    },
    async (request, reply) => {
      const redirect = safeRedirectPath(request.query.redirect);
      const popup = request.query.popup === '1';
      try {
        const { url, transaction } = await client.start(redirect, popup);
        reply.setCookie(LOGIN_COOKIE, JSON.stringify(transaction), cookieOptions);
        return reply.redirect(url, 302);
      } catch (err) {
        request.log.error({ err }, 'sign-in could not start: identity provider unreachable');
        return reply.redirect(completionPath(redirect, popup, true), 302);
      }
    },
  );

  r.get(
    CALLBACK_PATH,
    { config: SIGN_IN_RATE_LIMIT, schema: { querystring: z.record(z.string(), z.union([z.string(), z.array(z.string())])) } },
    async (request, reply) => {
      const unsigned = request.unsignCookie(request.cookies[LOGIN_COOKIE] ?? '');
      reply.clearCookie(LOGIN_COOKIE, { path: LOGIN_COOKIE_PATH });
      let transaction: LoginTransaction | undefined;
      try {
        transaction = unsigned.valid && unsigned.value ? loginTransactionSchema.parse(JSON.parse(unsigned.value)) : undefined;
      } catch {
        transaction = undefined;
      }
      if (!transaction) {
        request.log.warn('sign-in callback without a valid sign-in cookie');
        return reply.redirect(completionPath('/dashboard', false, true), 302);
      }
      try {
        const callbackUrl = new URL(request.url, config.publicUrl);
        const identity = await client.finish(callbackUrl, transaction);
        const { userId, created } = await service.signIn(identity);
        // A fresh session id at every sign-in: a token planted before sign-in never becomes valid.
        await app.sessions.end(request, reply);
        await app.sessions.start(reply, userId);
        return reply.redirect(completionPath(transaction.redirect, transaction.popup, false, created), 302);
      } catch (err) {
        request.log.warn({ err: err instanceof SignInError ? err.message : err }, 'sign-in failed');
        return reply.redirect(completionPath(transaction.redirect, transaction.popup, true), 302);
      }
    },
  );

  r.post(
    '/api/auth/logout',
    { config: { visitors: true }, schema: { response: { 204: z.null(), 403: apiErrorSchema } } },
    async (request, reply) => {
      await app.sessions.end(request, reply);
      return reply.code(204).send(null);
    },
  );

  r.get('/api/auth/me', { schema: { response: { 200: meResponseSchema } } }, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    return { user: request.user };
  });
}
