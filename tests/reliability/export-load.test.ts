import { execFileSync, spawn } from 'node:child_process';
import { once } from 'node:events';
import { readFileSync, rmSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { migrateToLatest, openDatabase } from '../../server/plugins/db';
import { aChatForm, aUser, manySubmissions, type TestUser } from '../fixtures/factories';
import { joinLane } from '../fixtures/lanes';
import { recordFigures } from './figures';
import { type ServerProcess, startServerProcess, tempDataDir } from './server-process';

/**
 * Issue 33: the largest response downloads (20,000 responses of 10 answers, 4,000 of 50, as
 * .xlsx and CSV) used to hold the event loop for seconds and take the process past 1 GB. Now,
 * while one runs, /healthz answers with p99 under 50 ms and the server's memory grows by less
 * than 100 MB; the files arrive whole.
 */
const HEALTH_EVERY_MS = 20;
const HEALTH_P99_MS = 50;
const RSS_GROWTH_MB = 100;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] ?? 0;

function rssMb(pid: number): number {
  const match = /^VmRSS:\s+(\d+)\s+kB/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return match ? Number(match[1]) / 1024 : 0;
}

/**
 * A bare node:http server in its own process answering /healthz: the machine's own noise, measured
 * in the same moments as the app (other suites share the 2-core machine, so a quiet moment before
 * the downloads says little about the moments during them).
 */
async function startReference(): Promise<{ url: string; pid: number; stop(): void }> {
  const child = spawn(
    process.execPath,
    [
      '-e',
      "require('node:http').createServer((q, s) => s.end('ok')).listen(0, '127.0.0.1', function () { console.log(this.address().port); })",
    ],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  const [port] = (await once(child.stdout!, 'data')) as [Buffer];
  return { url: `http://127.0.0.1:${port.toString().trim()}`, pid: child.pid!, stop: () => child.kill() };
}

/**
 * The measuring processes (the app, the reference and this one), every thread of each, run ahead of
 * the other suites on the machine while they measure (real-time round-robin, `chrt`), so the figures
 * are what the downloads do to the app, not what the browser suites beside it do (ADR 0134).
 * Raising a priority needs root (as CI runs); elsewhere the measurement runs as it is.
 */
function aheadOfOtherWork(pids: number[]): () => void {
  const chrt = (args: string[]) => {
    try {
      execFileSync('chrt', args, { stdio: 'ignore' });
    } catch {
      // Not permitted, or the process has ended: measured as it is.
    }
  };
  for (const pid of pids) chrt(['--rr', '--all-tasks', '--pid', '10', String(pid)]);
  return () => {
    for (const pid of pids) chrt(['--other', '--all-tasks', '--pid', '0', String(pid)]);
  };
}

async function timedHealth(url: string): Promise<number> {
  const started = performance.now();
  const res = await fetch(`${url}/healthz`);
  await res.arrayBuffer();
  expect(res.status).toBe(200);
  return performance.now() - started;
}

/** Health checks of the app and of the reference, side by side, every HEALTH_EVERY_MS until `until` resolves. */
async function probeHealth(
  urls: { app: string; reference: string },
  until: Promise<unknown>,
  each: () => void,
): Promise<{ app: number[]; reference: number[] }> {
  let stop = false;
  void until.finally(() => {
    stop = true;
  });
  const ms = { app: [] as number[], reference: [] as number[] };
  while (!stop) {
    const [app, reference] = await Promise.all([timedHealth(urls.app), timedHealth(urls.reference)]);
    ms.app.push(app);
    ms.reference.push(reference);
    each();
    await sleep(HEALTH_EVERY_MS);
  }
  return ms;
}

const sentence = (i: number, j: number) => `Answer ${i} to question ${j}: two boxes of tomatoes, delivered on Tuesday`;

joinLane('load');

describe('/healthz and memory while the largest response downloads run', () => {
  const dataDir = tempDataDir();
  let server: ServerProcess;
  let owner: TestUser;
  let reference: Awaited<ReturnType<typeof startReference>>;
  const forms: Array<{ id: string; responses: number; questions: number }> = [];

  beforeAll(async () => {
    const database = await openDatabase({ dataDir });
    try {
      await migrateToLatest(database.db);
      owner = await aUser(database.db, { handle: 'big-forms' });
      for (const [responses, questions] of [
        [20_000, 10],
        [4_000, 50],
      ] as const) {
        const fields = Array.from({ length: questions }, (_, j) => `Question ${j + 1}`);
        const id = await aChatForm(database.db, owner, { questions: fields.map((field) => ({ field, lines: [`${field}?`] })) });
        for (let done = 0; done < responses; done += 2_000) {
          await manySubmissions(
            database.db,
            id,
            Math.min(2_000, responses - done),
            (i) => Object.fromEntries(fields.map((field, j) => [field, sentence(done + i, j)])),
            // A response a minute, as a busy form gets them.
            (i) => Date.UTC(2026, 0, 1) + (done + i) * 60_000,
          );
        }
        forms.push({ id, responses, questions });
      }
    } finally {
      await database.close();
    }
    server = await startServerProcess({ storage: { kind: 'pglite', dataDir } });
    reference = await startReference();
  }, 600_000);
  afterAll(async () => {
    reference?.stop();
    await server?.kill('SIGTERM');
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('answers /healthz within 50 ms at p99 and grows by less than 100 MB', async () => {
    const pid = server.child.pid!;
    const restorePriorities = aheadOfOtherWork([pid, reference.pid, process.pid]);
    onTestFinished(restorePriorities);
    // Warm up: the first request of a kind loads code that later ones reuse.
    await (await fetch(`${server.url}/healthz`)).arrayBuffer();
    const small = await fetch(`${server.url}/api/forms/${forms[1]!.id}/responses`, { headers: { cookie: owner.cookie } });
    expect(small.status).toBe(200);
    await small.arrayBuffer();
    const baseline = rssMb(pid);

    let peak = baseline;
    let finished!: () => void;
    const done = new Promise<void>((resolve) => {
      finished = resolve;
    });
    const probe = probeHealth({ app: server.url, reference: reference.url }, done, () => {
      peak = Math.max(peak, rssMb(pid));
    });

    const files: Array<{ form: (typeof forms)[number]; kind: 'xlsx' | 'csv'; body: Uint8Array }> = [];
    for (const form of forms) {
      for (const kind of ['xlsx', 'csv'] as const) {
        const res = await fetch(`${server.url}/api/forms/${form.id}/responses.${kind}`, { headers: { cookie: owner.cookie } });
        expect(res.status).toBe(200);
        files.push({ form, kind, body: new Uint8Array(await res.arrayBuffer()) });
      }
    }
    finished();
    const health = await probe;

    // Checked once the clock has stopped: reading 15 MB here would delay this process's own health checks.
    const sizes: Record<string, number> = {};
    for (const { form, kind, body } of files) {
      sizes[`${form.responses}x${form.questions}.${kind}`] = body.byteLength;
      if (kind === 'xlsx') expect([...body.subarray(0, 2)]).toEqual([0x50, 0x4b]);
      else expect(new TextDecoder().decode(body).trimEnd().split('\r\n')).toHaveLength(form.responses + 1);
    }

    const sorted = [...health.app].sort((a, b) => a - b);
    const p99 = percentile(sorted, 0.99);
    const referenceP99 = percentile(
      [...health.reference].sort((a, b) => a - b),
      0.99,
    );
    const growth = peak - baseline;
    recordFigures('export-load', {
      healthzReferenceP99Ms: Math.round(referenceP99),
      healthChecks: sorted.length,
      healthzP50Ms: Math.round(percentile(sorted, 0.5)),
      healthzP99Ms: Math.round(p99),
      healthzMaxMs: Math.round(sorted.at(-1) ?? 0),
      rssBaselineMb: Math.round(baseline),
      rssGrowthMb: Math.round(growth),
      ...Object.fromEntries(Object.entries(sizes).map(([k, v]) => [`bytes ${k}`, v])),
    });
    expect(sorted.length).toBeGreaterThan(50);
    // What the downloads add to the machine's own noise, the reference's p99 in the same moments
    // (on a quiet machine a few ms).
    expect(p99 - referenceP99).toBeLessThan(HEALTH_P99_MS);
    expect(growth).toBeLessThan(RSS_GROWTH_MB);
  }, 600_000);
});
