import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * nginx in front of child servers, configured by the recipe operators copy
 * (deploy/nginx/freshlist.conf, docs/operations.md): the test runs that file, with only its ports
 * and cache folder changed, as this user, in the foreground, logging to stderr.
 */
export const RECIPE_FILE = join(import.meta.dirname, '../../deploy/nginx/freshlist.conf');

const NGINX_PATHS = ['/usr/sbin/nginx', '/usr/local/sbin/nginx', '/usr/local/nginx/sbin/nginx'];

export function nginxBinary(): string | null {
  const onPath = spawnSync('sh', ['-c', 'command -v nginx'], { encoding: 'utf8' }).stdout.trim();
  return [onPath, ...NGINX_PATHS].find((path) => path !== '' && existsSync(path)) ?? null;
}

/** Why nginx cannot run here, or null when it can. */
export function nginxProblem(): string | null {
  const binary = nginxBinary();
  if (!binary) return 'nginx is not installed (Debian: apt-get install nginx)';
  const version = spawnSync(binary, ['-v'], { encoding: 'utf8' });
  return version.status === 0 ? null : `${binary} -v failed: ${version.stderr}`;
}

/** The recipe's values the test replaces; each must be found, so a changed recipe fails here, not silently. */
const RECIPE_DEFAULTS = {
  firstWeb: 'server 127.0.0.1:3001;',
  secondWeb: 'server 127.0.0.1:3002;',
  listen: 'listen 80;',
  cacheDir: 'proxy_cache_path /var/cache/nginx/freshlist ',
} as const;

export function renderRecipe(options: { webPorts: [number, number]; port: number; cacheDir: string }): string {
  let text = readFileSync(RECIPE_FILE, 'utf8');
  const replace = (from: string, to: string) => {
    if (!text.includes(from)) throw new Error(`${RECIPE_FILE} no longer contains "${from}": update nginx-process.ts`);
    text = text.replace(from, to);
  };
  replace(RECIPE_DEFAULTS.firstWeb, `server 127.0.0.1:${options.webPorts[0]};`);
  replace(RECIPE_DEFAULTS.secondWeb, `server 127.0.0.1:${options.webPorts[1]};`);
  replace(RECIPE_DEFAULTS.listen, `listen 127.0.0.1:${options.port};`);
  replace(RECIPE_DEFAULTS.cacheDir, `proxy_cache_path ${options.cacheDir} `);
  return text;
}

/** The seconds the recipe keeps a visitor's page (its `proxy_cache_valid 200 …s`). */
export function recipeCacheSeconds(): number {
  const match = /proxy_cache_valid 200 (\d+)s;/.exec(readFileSync(RECIPE_FILE, 'utf8'));
  if (!match?.[1]) throw new Error(`${RECIPE_FILE} has no "proxy_cache_valid 200 …s"`);
  return Number(match[1]);
}

/** The main file around the recipe: what /etc/nginx/nginx.conf and the package's folders give a root install. */
function mainConfig(dir: string, recipe: string): string {
  const runAs = process.getuid?.() === 0 ? 'user root;' : '';
  return `${runAs}
daemon off;
worker_processes 1;
pid ${dir}/nginx.pid;
error_log stderr warn;
events { worker_connections 512; }
http {
  access_log off;
  client_body_temp_path ${dir}/body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
  include ${recipe};
}
`;
}

export interface NginxProcess {
  url: string;
  child: ChildProcess;
  output(): string;
  stop(): Promise<void>;
}

const READY_TIMEOUT_MS = 30_000;

/** Starts nginx with the recipe in `dir` and waits until it answers a request (any status). */
export async function startNginx(options: { webPorts: [number, number]; port: number; dir: string }): Promise<NginxProcess> {
  const binary = nginxBinary();
  if (!binary) throw new Error('nginx is not installed');
  const cacheDir = join(options.dir, 'cache');
  mkdirSync(cacheDir, { recursive: true });
  const recipe = join(options.dir, 'freshlist.conf');
  writeFileSync(recipe, renderRecipe({ ...options, cacheDir }));
  const main = join(options.dir, 'nginx.conf');
  writeFileSync(main, mainConfig(options.dir, recipe));
  const child = spawn(binary, ['-p', options.dir, '-c', main, '-e', 'stderr'], { stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout.on('data', (d: Buffer) => (output += d));
  child.stderr.on('data', (d: Buffer) => (output += d));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const url = `http://127.0.0.1:${options.port}`;
  const nginx: NginxProcess = {
    url,
    child,
    output: () => output,
    stop: async () => {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
  const deadline = Date.now() + READY_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`nginx exited at start:\n${output}`);
    try {
      await (await fetch(`${url}/healthz`)).body?.cancel();
      return nginx;
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  await nginx.stop();
  throw new Error(`nginx did not answer within ${READY_TIMEOUT_MS} ms:\n${output}`);
}
