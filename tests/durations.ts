import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

/** Each test file's time in a full run, by project and path: committed, so a fresh clone knows it too. */
export const DURATIONS_FILE = 'tests/durations.json';

export const durationKey = (project: string, moduleId: string) => `${project}:${path.relative(process.cwd(), moduleId)}`;

/** The recorded durations (empty when the file is missing or unreadable: the sequencer falls back). */
export function recordedDurations(): Map<string, number> {
  if (!existsSync(DURATIONS_FILE)) return new Map();
  try {
    return new Map(Object.entries(JSON.parse(readFileSync(DURATIONS_FILE, 'utf8')) as Record<string, number>));
  } catch {
    return new Map();
  }
}
