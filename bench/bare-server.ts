import { createHash } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { postPageSchema, profileSchema } from '../core/post';
import { loadConfig } from '../server/config';
import { feedService } from '../server/modules/feed/service';
import { linkPreviewTags } from '../server/modules/profiles/link-preview';
import { publicProfilesService } from '../server/modules/profiles/public-service';
import { openDatabase } from '../server/plugins/db';
import { acceptsGzip, PageBytes } from '../server/plugins/page-bytes';
import { answerOf, scriptJson } from '../server/plugins/pages';
import { SESSION_IDLE_MS } from '../server/plugins/session';
import { WEB_ROOT } from '../server/plugins/web';
import { loadWebRender } from '../server/plugins/web-render';
import { shellPages } from '../server/plugins/web-shell';

/**
 * A reference for the bench, not the app (issue 28, docs/decisions/0118): `node:http` with no
 * framework doing the same work as the app's cold profile page and cold feed, through the app's own
 * functions: the same statement (publicProfilesService.handlePages, feedService.pageWithSession), the same
 * React render and shell, the same gzip and tag. What it leaves out is the framework: routing, hooks,
 * schemas, the read cache, the session plugin (and the session's last-seen write). The app's
 * requests/s divided by this server's is "the framework's cost". Run by bench/bare-reference.ts
 * with DATABASE_URL and PORT.
 */
const web = await loadWebRender();
if (!web) throw new Error('the server render is not built: run `npm run build`');
const { renderPage, renderedPageModule } = web;

const config = loadConfig({ PUBLIC_URL: 'http://127.0.0.1', LOG_LEVEL: 'silent' });
const database = await openDatabase({ databaseUrl: process.env.DATABASE_URL, dataDir: 'unused', listen: false });
const profiles = publicProfilesService(database.db);
const feed = feedService(database.db);
const shell = shellPages(WEB_ROOT);
const origin = new URL(config.publicUrl).origin;
const COOKIE = '__Host-freshlist_session=';

function send(response: ServerResponse, status: number, headers: Record<string, string | number>, body?: Buffer | string) {
  response.writeHead(status, { ...headers, 'content-length': body === undefined ? 0 : Buffer.byteLength(body) });
  response.end(body);
}

async function profilePage(request: IncomingMessage, response: ServerResponse, handle: string) {
  const page = await profiles.handlePages(handle);
  if (!page) return send(response, 302, { location: '/' });
  const path = `/api/profiles/${encodeURIComponent(handle)}`;
  const preloaded = {
    origin,
    answers: {
      [path]: await answerOf(profileSchema, async () => page.profile),
      [`${path}/posts`]: await answerOf(postPageSchema, async () => page.posts),
    },
  };
  const head = linkPreviewTags(page.face, 'profile', config.publicUrl);
  const root = await renderPage(request.url ?? '/', 'profile', preloaded);
  const bytes = PageBytes.plain(shell.page(head, root, scriptJson(preloaded), renderedPageModule('profile')));
  const gzip = acceptsGzip(request.headers['accept-encoding']);
  send(
    response,
    200,
    {
      'content-type': 'text/html; charset=utf-8',
      vary: 'accept-encoding',
      etag: bytes.tag(),
      ...(gzip ? { 'content-encoding': 'gzip' } : {}),
    },
    gzip ? bytes.gzip() : bytes.plain(),
  );
}

async function feedPage(request: IncomingMessage, response: ServerResponse) {
  const cookie = request.headers.cookie ?? '';
  const start = cookie.indexOf(COOKIE);
  const token = start < 0 ? '' : cookie.slice(start + COOKIE.length).split(';')[0]!;
  const lookup = { sessionId: createHash('sha256').update(token).digest('hex'), now: Date.now(), idleMs: SESSION_IDLE_MS };
  const { session, page } = await feed.pageWithSession(lookup, null);
  if (!session || !page) return send(response, 401, {});
  send(response, 200, { 'content-type': 'application/json; charset=utf-8' }, JSON.stringify(page));
}

const OK = '{"status":"ok"}';
createServer((request, response) => {
  const url = request.url ?? '/';
  const answer =
    url === '/healthz'
      ? Promise.resolve(send(response, 200, { 'content-type': 'application/json; charset=utf-8' }, OK))
      : url === '/api/feed'
        ? feedPage(request, response)
        : profilePage(request, response, decodeURIComponent(url.slice(1)));
  answer.catch(() => send(response, 500, {}));
}).listen(Number(process.env.PORT), '127.0.0.1');
