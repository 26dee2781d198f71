/**
 * No source file over 300 lines (ADR 0080): Biome has no such rule, so `npm run lint` runs this
 * after biome and tsc. Test files are exempt: a test file reads as a list of cases.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';

const MAX_LINES = 300;
const ROOTS = ['core', 'server', 'web', 'db', 'scripts', 'bench', 'tests'];
const ROOT = join(import.meta.dirname, '..');

/** Files allowed over the limit for now, each with the reason. Remove an entry once its file is split. */
const EXCEPTIONS: Record<string, string> = {};

const isSource = (name: string) => /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) && !name.endsWith('.d.ts');

function* sourceFiles(dir: string): Generator<string> {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name.startsWith('.')) continue;
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* sourceFiles(path);
    else if (isSource(entry.name)) yield path;
  }
}

const lineCount = (path: string) => readFileSync(path, 'utf8').replace(/\n$/, '').split('\n').length;

const tooLong = ROOTS.flatMap((root) => [...sourceFiles(join(ROOT, root))])
  .map((path) => ({ file: relative(ROOT, path).split('\\').join('/'), lines: lineCount(path) }))
  .filter(({ file, lines }) => lines > MAX_LINES && !(file in EXCEPTIONS));

for (const { file, lines } of tooLong) console.error(`${file}: ${lines} lines (at most ${MAX_LINES}; split it by job)`);
if (tooLong.length > 0) process.exit(1);
