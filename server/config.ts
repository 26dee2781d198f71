import { randomBytes } from 'node:crypto';
import { z } from 'zod';
import type { LinkPolicy } from '../core/link';
import { type LinkCheckSettings, linkCheckEnv, linkCheckSettings } from './config-link-check';
import { type TrustProxy, trustProxyEnv } from './config-proxy';
import { type PushSettings, pushEnv, pushSettings } from './config-push';
import { type JobSettings, jobSettings, rolesEnv } from './config-roles';
import { emailList, hostList, MAIL_FROM_PATTERN, mailFrom, optionalString, providerList } from './config-values';

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

const envSchema = z.object({
  NODE_ENV: z
    .enum(['development', 'production', 'test'], { error: 'must be development, production or test' })
    .default('development'),
  PORT: z.coerce
    .number({ error: 'must be a port number' })
    .int('must be a whole number')
    .min(0, 'must be 0 to 65535')
    .max(65535, 'must be 0 to 65535')
    .default(3000),
  HOST: optionalString,
  PUBLIC_URL: optionalString.pipe(
    z
      .url({ protocol: /^https?$/, error: 'must be an http(s) URL such as https://freshlist.example' })
      .refine(isBareOrigin, 'must be an origin only (no user, path, query or fragment), such as https://freshlist.example')
      .optional(),
  ),
  DATA_DIR: z.string().min(1, 'must not be empty').default('./data'),
  DATABASE_URL: optionalString.pipe(z.url({ protocol: /^postgres(ql)?$/, error: 'must be a postgres:// URL' }).optional()),
  SESSION_SECRET: optionalString.pipe(z.string().min(32, 'must be at least 32 characters').optional()),
  OIDC_ISSUER: optionalString.pipe(z.url({ error: 'must be the provider issuer URL' }).optional()),
  OIDC_CLIENT_ID: optionalString,
  OIDC_CLIENT_SECRET: optionalString,
  ADMIN_EMAILS: emailList,
  OWNER_EMAIL: optionalString.pipe(z.email({ error: 'must be an email address' }).optional()),
  LOG_LEVEL: z.enum(LOG_LEVELS, { error: `must be one of ${LOG_LEVELS.join(', ')}` }).default('info'),
  LOG_SLOW_MS: z.coerce
    .number({ error: 'must be a whole number of milliseconds' })
    .int('must be a whole number of milliseconds')
    .min(0, 'must be 0 or more')
    .default(1000),
  READ_CACHE_ENTRIES: z.coerce
    .number({ error: 'must be a whole number' })
    .int('must be a whole number')
    .min(0, 'must be 0 or more')
    .max(1_000_000, 'must be at most 1000000')
    .default(5000),
  OIDC_REQUIRE_EMAIL_VERIFIED: z.enum(['true', 'false'], { error: 'must be true or false' }).default('true'),
  REDIS_URL: optionalString.pipe(z.url({ protocol: /^rediss?$/, error: 'must be a redis:// URL' }).optional()),
  LINK_PROVIDERS: providerList,
  LINK_BLOCKED_HOSTS: hostList,
  SMTP_URL: optionalString.pipe(
    z
      .url({ protocol: /^smtps?$/, error: 'must be an smtp:// or smtps:// URL such as smtp://user:pass@mail.example:587' })
      .optional(),
  ),
  MAIL_FROM: optionalString.pipe(
    z.string().regex(MAIL_FROM_PATTERN, 'must be an address such as Freshlist <hello@freshlist.example>').optional(),
  ),
  SUPPORT_EMAIL: optionalString.pipe(z.email({ error: 'must be an email address such as help@freshlist.example' }).optional()),
  EMAIL_POLL_MS: z.coerce
    .number({ error: 'must be a whole number of milliseconds' })
    .int('must be a whole number of milliseconds')
    .min(0, 'must be 0 (no worker) or more')
    .max(3_600_000, 'must be at most 3600000')
    .optional(),
  EMAIL_LEASE_MS: z.coerce
    .number({ error: 'must be a whole number of milliseconds' })
    .int('must be a whole number of milliseconds')
    .min(1000, 'must be at least 1000')
    .max(86_400_000, 'must be at most 86400000')
    .default(300_000),
  EMAIL_INSTANT_INTERVAL_MS: z.coerce
    .number({ error: 'must be a whole number of milliseconds' })
    .int('must be a whole number of milliseconds')
    .min(1000, 'must be at least 1000')
    .max(86_400_000, 'must be at most 86400000')
    .default(3_600_000),
  EMAIL_DIGEST_HOUR: z.coerce
    .number({ error: 'must be an hour from 0 to 23 (UTC)' })
    .int('must be an hour from 0 to 23 (UTC)')
    .min(0, 'must be an hour from 0 to 23 (UTC)')
    .max(23, 'must be an hour from 0 to 23 (UTC)')
    .default(7),
  ...linkCheckEnv,
  ...pushEnv,
  ...rolesEnv,
  ...trustProxyEnv,
  GTM_ID: optionalString.pipe(
    z
      .string()
      .regex(/^GTM-[A-Z0-9]+$/, 'must look like GTM-XXXXXXX')
      .optional(),
  ),
});

export interface OidcSettings {
  issuer: string;
  clientId: string;
  clientSecret: string | undefined;
  /** Sign in only when the provider says the email is verified (false for providers that never say). */
  requireVerifiedEmail: boolean;
}

export interface MailSettings {
  /** Null: no SMTP server; outside production mails go to the development mailbox (/dev/mailbox). */
  smtpUrl: string | null;
  from: { name: string; address: string };
  /** Where people write for help (SUPPORT_EMAIL): every mail's Reply-To, and named where a mail says to ask. */
  supportEmail: string | undefined;
  /** How often each process's worker looks for due mail; 0: no worker runs (tests drive it by hand). */
  pollMs: number;
  /** How long a worker's claim on a mail lasts; a mail whose worker died goes out again after it. */
  leaseMs: number;
  /** A handle's instant list mails are at least this far apart (an hour). */
  instantIntervalMs: number;
  /** Digests go out after this hour (UTC) for the day or week that ended at midnight UTC. */
  digestHourUtc: number;
}

export interface Config {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  /** The development sign-in and /dev/mailbox may run (isLocalDevelopmentServer). */
  localDevelopment: boolean;
  publicUrl: string;
  /** Host name of PUBLIC_URL: the "{host}" of the link rules. */
  siteHost: string;
  dataDir: string;
  databaseUrl: string | undefined;
  sessionSecret: string;
  /** Null: the built-in development identity provider serves sign-in. */
  oidc: OidcSettings | null;
  adminEmails: string[];
  ownerEmail: string | undefined;
  logLevel: (typeof LOG_LEVELS)[number];
  /** At info and above, a response that takes at least this long is logged (a 5xx always is). */
  logSlowMs: number;
  /** How many reads (sessions, feed pages, profiles) the server keeps in memory; 0 keeps none. */
  readCacheEntries: number;
  /** Whose X-Forwarded-* headers are believed: none, these proxies, or this many hops (ADR 0213). */
  trustProxy: TrustProxy;
  redisUrl: string | undefined;
  gtmId: string | undefined;
  /** The upload link rules' lists (LINK_PROVIDERS, LINK_BLOCKED_HOSTS), served to the browser too. */
  linkPolicy: LinkPolicy;
  mail: MailSettings;
  /** Fetching the files behind links (docs/decisions/0150). */
  linkCheck: LinkCheckSettings;
  push: PushSettings | null;
  /** This process's role and how its worker polls the job queue (ADR 0203). */
  jobs: JobSettings;
}

export class ConfigError extends Error {}

/** A loopback name or address as a listening HOST or a URL's host name reads it. */
export function isLoopbackHost(host: string): boolean {
  const name = host.toLowerCase().replace(/^\[(.*)\]$/, '$1');
  return name === 'localhost' || name.endsWith('.localhost') || name === '::1' || /^127(\.\d{1,3}){3}$/.test(name);
}

/**
 * The one answer to "is this a local development server?" (docs/decisions/0130): not production,
 * listening on loopback only, and reached at a localhost PUBLIC_URL. Development conveniences
 * that would hand out accounts or mail to anyone (the any-email sign-in, /dev/mailbox, the
 * provider host map) run only when this is true.
 */
export function isLocalDevelopmentServer(server: { env: Config['env']; host: string; publicUrl: string }): boolean {
  if (server.env === 'production') return false;
  // 'localhost.' and '*.localhost' may resolve off the machine when listening; only the plain names count there.
  const listensOnLoopback = server.host === 'localhost' || server.host === '::1' || /^127(\.\d{1,3}){3}$/.test(server.host);
  return listensOnLoopback && isLoopbackHost(new URL(server.publicUrl).hostname);
}

/** True when a URL is just an origin: no user info, no path beyond '/', no query, no fragment. */
function isBareOrigin(text: string): boolean {
  // Zod runs this check after a failed URL check too: that one already names the problem.
  if (!URL.canParse(text)) return true;
  const url = new URL(text);
  return !url.username && !url.password && url.pathname === '/' && !text.includes('?') && !text.includes('#');
}

/** HTTPS, or plain HTTP to this machine only (the benchmark runs production on 127.0.0.1). */
const secureOrLoopback = (text: string) => {
  const url = new URL(text);
  return url.protocol === 'https:' || isLoopbackHost(url.hostname);
};

const notLocal = (host: string, publicUrl: string) =>
  `HOST=${host} with PUBLIC_URL=${publicUrl} is not a local server (local: HOST=127.0.0.1 and PUBLIC_URL=http://localhost:PORT)`;

/** Production needs a real origin and provider; anything not local needs real sign-in and mail (docs/decisions/0130). */
function checkDeployment(e: z.infer<typeof envSchema>, host: string, publicUrl: string): void {
  const production = e.NODE_ENV === 'production';
  if (production && !e.PUBLIC_URL) {
    throw new ConfigError(
      'PUBLIC_URL: is required when NODE_ENV=production (the https origin people use, e.g. https://freshlist.example)',
    );
  }
  if (production && !secureOrLoopback(publicUrl)) {
    throw new ConfigError('PUBLIC_URL: must be an https:// URL when NODE_ENV=production');
  }
  if (production && e.OIDC_ISSUER && !secureOrLoopback(e.OIDC_ISSUER)) {
    throw new ConfigError('OIDC_ISSUER: must be an https:// URL when NODE_ENV=production');
  }
  const local = isLocalDevelopmentServer({ env: e.NODE_ENV, host, publicUrl });
  if (!production && !local && !e.OIDC_ISSUER) {
    throw new ConfigError(`OIDC_ISSUER: is required: ${notLocal(host, publicUrl)}, and the development sign-in runs only there`);
  }
  if (!production && !local && !e.SMTP_URL) {
    throw new ConfigError(`SMTP_URL: is required: ${notLocal(host, publicUrl)}, and the development mailbox runs only there`);
  }
}

/** Parses the environment once; a bad value throws one line naming the variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const name = String(issue?.path[0] ?? 'environment');
    throw new ConfigError(`${name}: ${issue?.message ?? 'is invalid'}`);
  }
  const e = parsed.data;
  const production = e.NODE_ENV === 'production';

  if (production && !e.SESSION_SECRET) {
    throw new ConfigError('SESSION_SECRET: is required when NODE_ENV=production (at least 32 characters)');
  }
  const oidcParts = [e.OIDC_ISSUER, e.OIDC_CLIENT_ID];
  if (oidcParts.some(Boolean) && !oidcParts.every(Boolean)) {
    throw new ConfigError(`${e.OIDC_ISSUER ? 'OIDC_CLIENT_ID' : 'OIDC_ISSUER'}: OIDC_ISSUER and OIDC_CLIENT_ID go together`);
  }
  if (production && !e.OIDC_ISSUER) {
    throw new ConfigError('OIDC_ISSUER: is required when NODE_ENV=production (the development sign-in is never enabled there)');
  }

  if (production && !e.MAIL_FROM) {
    throw new ConfigError('MAIL_FROM: is required when NODE_ENV=production (e.g. Freshlist <hello@freshlist.example>)');
  }

  // A web process sends no mail (ADR 0203), nor does one with EMAIL_POLL_MS=0; any other would leave it queued unseen.
  if (production && !e.SMTP_URL && e.ROLE !== 'web' && e.EMAIL_POLL_MS !== 0) {
    throw new ConfigError('SMTP_URL: is required when NODE_ENV=production (unless ROLE=web or EMAIL_POLL_MS=0: no mail is sent)');
  }

  const publicUrl = (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, '');
  const siteHost = new URL(publicUrl).hostname;
  const host = e.HOST ?? (production ? '0.0.0.0' : 'localhost');
  checkDeployment(e, host, publicUrl);
  const linkCheck = linkCheckSettings(e, e.NODE_ENV, isLocalDevelopmentServer({ env: e.NODE_ENV, host, publicUrl }));
  if (typeof linkCheck === 'string') throw new ConfigError(linkCheck);
  const push = pushSettings(e, e.NODE_ENV, e.DATA_DIR, publicUrl, e.ROLE !== 'web' && e.EMAIL_POLL_MS !== 0);
  if (typeof push === 'string') throw new ConfigError(push);
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host,
    localDevelopment: isLocalDevelopmentServer({ env: e.NODE_ENV, host, publicUrl }),
    publicUrl,
    siteHost,
    dataDir: e.DATA_DIR,
    databaseUrl: e.DATABASE_URL,
    // Outside production a per-process secret is safe: it only signs the short-lived sign-in cookie.
    sessionSecret: e.SESSION_SECRET ?? randomBytes(32).toString('base64url'),
    oidc:
      e.OIDC_ISSUER && e.OIDC_CLIENT_ID
        ? {
            issuer: e.OIDC_ISSUER,
            clientId: e.OIDC_CLIENT_ID,
            clientSecret: e.OIDC_CLIENT_SECRET,
            requireVerifiedEmail: e.OIDC_REQUIRE_EMAIL_VERIFIED === 'true',
          }
        : null,
    adminEmails: e.ADMIN_EMAILS,
    ownerEmail: e.OWNER_EMAIL?.toLowerCase(),
    logLevel: e.LOG_LEVEL,
    logSlowMs: e.LOG_SLOW_MS,
    readCacheEntries: e.READ_CACHE_ENTRIES,
    trustProxy: e.TRUST_PROXY,
    redisUrl: e.REDIS_URL,
    gtmId: e.GTM_ID,
    linkPolicy: { siteHost, providers: e.LINK_PROVIDERS, blocked: e.LINK_BLOCKED_HOSTS },
    mail: {
      smtpUrl: e.SMTP_URL ?? null,
      from: mailFrom(e.MAIL_FROM ?? `Freshlist <noreply@${siteHost}>`),
      supportEmail: e.SUPPORT_EMAIL,
      // Tests deliver by hand (app.mailer.deliverDue()); a server polls every 5 seconds.
      pollMs: e.EMAIL_POLL_MS ?? (e.NODE_ENV === 'test' ? 0 : 5000),
      leaseMs: e.EMAIL_LEASE_MS,
      instantIntervalMs: e.EMAIL_INSTANT_INTERVAL_MS,
      digestHourUtc: e.EMAIL_DIGEST_HOUR,
    },
    linkCheck,
    push,
    jobs: jobSettings(e, e.NODE_ENV),
  };
}
