import { z } from 'zod';

/** What a process does (ADR 0203): web answers requests only, worker runs background jobs only, all does both. */
export const ROLES = ['web', 'worker', 'all'] as const;
export type Role = (typeof ROLES)[number];

/** The roles' environment (docs/configuration.md), merged into server/config.ts's schema. */
export const rolesEnv = {
  ROLE: z.enum(ROLES, { error: `must be one of ${ROLES.join(', ')}` }).default('all'),
  JOBS_POLL_MS: z.coerce
    .number({ error: 'must be a whole number of milliseconds' })
    .int('must be a whole number of milliseconds')
    .refine((ms) => ms === 0 || ms >= 500, 'must be 0 (tests run jobs by hand) or at least 500')
    .max(60_000, 'must be at most 60000')
    .optional(),
  JOBS_CONCURRENCY: z.coerce
    .number({ error: 'must be a whole number of jobs' })
    .int('must be a whole number of jobs')
    .min(1, 'must be at least 1')
    .max(8, 'must be at most 8 (the database pool has 10 connections)')
    .default(4),
  JOBS_LEASE_S: z.coerce
    .number({ error: 'must be a whole number of seconds' })
    .int('must be a whole number of seconds')
    .min(2, 'must be at least 2')
    .max(3600, 'must be at most 3600')
    .default(300),
};

export interface JobSettings {
  role: Role;
  /** How often a worker asks the queue for jobs; 0: no worker polls (tests run them by hand). */
  pollMs: number;
  /** How long a job taken by a worker is its own; after it (the worker died) the job runs again. */
  leaseS: number;
  /**
   * Jobs of one queue a worker runs at once, each on its own connection and transaction (PGlite has
   * one connection: it runs them one by one). Handlers already meet others running beside them:
   * any number of workers take jobs from one queue (ADR 0203).
   */
  concurrency: number;
}

type Parsed = z.output<z.ZodObject<typeof rolesEnv>>;

export function jobSettings(e: Parsed, env: 'development' | 'production' | 'test'): JobSettings {
  return {
    role: e.ROLE,
    pollMs: e.JOBS_POLL_MS ?? (env === 'test' ? 0 : 1000),
    leaseS: e.JOBS_LEASE_S,
    concurrency: e.JOBS_CONCURRENCY,
  };
}

/** Whether this process runs background work: checks, readings, mail and jobs (never a web-only one). */
export const runsBackground = (role: Role) => role !== 'web';
