import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import webpush from 'web-push';
import { z } from 'zod';

/** Web push's VAPID keys (docs/configuration.md, docs/decisions/0214), merged into server/config.ts's schema. */
export const pushEnv = {
  VAPID_PUBLIC_KEY: z
    .string()
    .regex(/^[A-Za-z0-9_-]{86,88}$/, 'must be a base64url P-256 public key')
    .optional(),
  VAPID_PRIVATE_KEY: z
    .string()
    .regex(/^[A-Za-z0-9_-]{42,44}$/, 'must be a base64url P-256 private key')
    .optional(),
  VAPID_SUBJECT: z
    .string()
    .regex(/^(mailto:|https:\/\/)/, 'must be a mailto: or https:// address to reach the operator')
    .optional(),
};

export interface PushSettings {
  publicKey: string;
  privateKey: string;
  subject: string;
}

type Parsed = z.output<z.ZodObject<typeof pushEnv>>;

/**
 * The keys, or a one-line message naming the variable. Production requires all three on a process
 * that sends alerts (as SMTP_URL); elsewhere
 * missing keys are made once and kept in DATA_DIR/vapid-keys.json (so subscriptions survive a
 * restart), or per process under NODE_ENV=test.
 */
export function pushSettings(
  e: Parsed,
  env: 'development' | 'production' | 'test',
  dataDir: string,
  publicUrl: string,
  sendsAlerts: boolean,
): PushSettings | null | string {
  if (e.VAPID_PUBLIC_KEY && e.VAPID_PRIVATE_KEY) {
    return { publicKey: e.VAPID_PUBLIC_KEY, privateKey: e.VAPID_PRIVATE_KEY, subject: e.VAPID_SUBJECT ?? subjectOf(publicUrl) };
  }
  // A process that sends no alerts (ROLE=web, EMAIL_POLL_MS=0) may run without: it offers no push.
  if (env === 'production' && !sendsAlerts && !e.VAPID_PUBLIC_KEY && !e.VAPID_PRIVATE_KEY) return null;
  if (env === 'production') {
    return 'VAPID_PUBLIC_KEY: VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY and VAPID_SUBJECT are required when NODE_ENV=production (npx web-push generate-vapid-keys)';
  }
  if (e.VAPID_PUBLIC_KEY || e.VAPID_PRIVATE_KEY) return 'VAPID_PRIVATE_KEY: VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY go together';
  const subject = e.VAPID_SUBJECT ?? subjectOf(publicUrl);
  if (env === 'test') return { ...webpush.generateVAPIDKeys(), subject };
  const file = join(dataDir, 'vapid-keys.json');
  if (existsSync(file)) {
    const kept = JSON.parse(readFileSync(file, 'utf8')) as { publicKey: string; privateKey: string };
    return { ...kept, subject };
  }
  const keys = webpush.generateVAPIDKeys();
  mkdirSync(dataDir, { recursive: true });
  writeFileSync(file, JSON.stringify(keys), { mode: 0o600 });
  return { ...keys, subject };
}

/** A local server's subject: its own address (push services want a way to reach the sender). */
const subjectOf = (publicUrl: string) => (publicUrl.startsWith('https://') ? publicUrl : 'mailto:push@localhost.invalid');
