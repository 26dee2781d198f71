import { readFileSync } from 'node:fs';
import pg from 'pg';

/** Linux reports process times in clock ticks of 1/100 s (USER_HZ) on every common build. */
const TICKS_PER_SECOND = 100;

/** User plus system CPU seconds a process (or one of its threads) has used so far; null where /proc cannot tell. */
export function processCpuSeconds(pid: number, thread?: number): number | null {
  try {
    const stat = readFileSync(thread === undefined ? `/proc/${pid}/stat` : `/proc/${pid}/task/${thread}/stat`, 'utf8');
    // The command name may hold spaces and parentheses: fields are counted after its closing ')'.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND;
  } catch {
    return null;
  }
}

/** CPU seconds used so far, by process id; null when the meter cannot see them. */
export type CpuSample = Map<number, number> | null;

export interface CpuMeter {
  sample(): Promise<CpuSample>;
  close(): Promise<void>;
}

/**
 * CPU seconds used between two samples: a process first seen in `after` started in between, so
 * all of its time counts; one gone by `after` took its time with it (a pool closing an idle
 * connection), which the samples taken right around a busy run keep rare.
 */
export function cpuBetween(before: CpuSample, after: CpuSample): number | null {
  if (!before || !after) return null;
  let total = 0;
  for (const [pid, seconds] of after) total += seconds - (before.get(pid) ?? 0);
  return total;
}

/** The server process's own CPU time. */
export function processMeter(pid: number): CpuMeter {
  return {
    sample: async () => {
      const seconds = processCpuSeconds(pid);
      return seconds === null ? null : new Map([[pid, seconds]]);
    },
    close: async () => {},
  };
}

/** The CPU time of a process's main thread alone: its event loop, without its worker threads, GC helpers or libuv's pool. */
export function mainThreadMeter(pid: number): CpuMeter {
  return {
    sample: async () => {
      const seconds = processCpuSeconds(pid, pid);
      return seconds === null ? null : new Map([[pid, seconds]]);
    },
    close: async () => {},
  };
}

/**
 * The CPU time of the PostgreSQL backends serving one database (the server's pool and its LISTEN
 * connection), read from /proc: PostgreSQL must run on this machine. Other databases on the same
 * server (other people's tests) are not counted.
 */
export async function databaseMeter(databaseUrl: string): Promise<CpuMeter> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  return {
    async sample() {
      const { rows } = await client.query<{ pid: number }>(
        'select pid from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()',
      );
      const sample = new Map<number, number>();
      for (const { pid } of rows) {
        const seconds = processCpuSeconds(pid);
        if (seconds === null) return null;
        sample.set(pid, seconds);
      }
      return sample;
    },
    close: () => client.end(),
  };
}

/**
 * Runs `work` while another process, started with `args` and sharing nothing with the measured
 * one, does its own work: the host's share of a latency change, told apart from the measured
 * server's own. Resolves with what `work` gave and the cores the other process really took.
 */
export async function besideProcess<T>(args: string[], work: () => Promise<T>): Promise<{ result: T; cores: number | null }> {
  const { spawn } = await import('node:child_process');
  const other = spawn(process.execPath, args, { stdio: 'ignore' });
  try {
    await new Promise((resolve) => setTimeout(resolve, 500));
    const [before, started] = [processCpuSeconds(other.pid as number), performance.now()];
    const result = await work();
    const after = processCpuSeconds(other.pid as number);
    const took = before === null || after === null ? null : (after - before) / ((performance.now() - started) / 1000);
    return { result, cores: took === null ? null : Math.round(took * 100) / 100 };
  } finally {
    other.kill();
  }
}

/** `besideProcess` with a process that burns about `cores` of a core in pieces of 3 ms. */
export function besideCpuLoad<T>(cores: number, work: () => Promise<T>): Promise<{ result: T; cores: number | null }> {
  const period = Math.round(3 / cores);
  return besideProcess(
    ['-e', `setInterval(() => { const t = performance.now(); while (performance.now() - t < 3); }, ${period})`],
    work,
  );
}
