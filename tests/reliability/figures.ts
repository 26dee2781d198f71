import { appendFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';

const FILE = join(process.cwd(), 'test-results', 'reliability-figures.jsonl');

/** Records what a suite measured (writes checked, requests fuzzed …) for the run's summary. */
export function recordFigures(suite: string, figures: Record<string, number | string>): void {
  mkdirSync(join(process.cwd(), 'test-results'), { recursive: true });
  appendFileSync(FILE, `${JSON.stringify({ suite, at: new Date().toISOString(), ...figures })}\n`);
  process.stdout.write(
    `[figures] ${suite}: ${Object.entries(figures)
      .map(([k, v]) => `${k}=${v}`)
      .join(' ')}\n`,
  );
}
