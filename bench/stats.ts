export interface Distribution {
  n: number;
  p50: number;
  p95: number;
  p99: number;
  mean: number;
}

/** Nearest-rank percentiles of samples in milliseconds. */
export function distribution(samples: number[]): Distribution {
  if (samples.length === 0) return { n: 0, p50: Number.NaN, p95: Number.NaN, p99: Number.NaN, mean: Number.NaN };
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))]!;
  return {
    n: sorted.length,
    p50: at(0.5),
    p95: at(0.95),
    p99: at(0.99),
    mean: sorted.reduce((a, b) => a + b, 0) / sorted.length,
  };
}

export interface MeasureOptions {
  requests: number;
  /** Stop early after this long, once at least minSamples were taken. */
  budgetMs: number;
  minSamples?: number;
  warmup?: number;
}

/**
 * Times `run` back to back. `run` may return its own duration (e.g. the database's execution
 * time from EXPLAIN ANALYZE); otherwise the wall time of the call counts.
 */
export async function measure(run: () => Promise<number | undefined>, options: MeasureOptions): Promise<number[]> {
  const minSamples = options.minSamples ?? 20;
  for (let i = 0; i < (options.warmup ?? 5); i++) await run();
  const samples: number[] = [];
  const deadline = performance.now() + options.budgetMs;
  while (samples.length < options.requests) {
    const t0 = performance.now();
    const reported = await run();
    samples.push(reported ?? performance.now() - t0);
    if (samples.length >= minSamples && performance.now() > deadline) break;
  }
  return samples;
}
