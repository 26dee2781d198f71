import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { publicTermsAnswerSchema } from '../core/delivery-terms-api';
import { type ListPage, listPageSchema } from '../core/list-page';
import { listPaths, localDate } from '../core/list-text';
import type { PreloadedAnswer } from '../core/preloaded';
import { termsPath } from '../core/terms-path';
import { loadConfig } from '../server/config';
import { listLinkPreviewTags } from '../server/modules/lists/link-preview';
import { listPageData } from '../server/modules/lists/page';
import { termsService } from '../server/modules/profiles/terms-service';
import { openDatabase } from '../server/plugins/db';
import { acceptsGzip, PageBytes } from '../server/plugins/page-bytes';
import { answerOf, scriptJson } from '../server/plugins/pages';
import { WEB_ROOT } from '../server/plugins/web';
import { loadWebRender } from '../server/plugins/web-render';
import { shellPages } from '../server/plugins/web-shell';

/**
 * A reference for the bench, not the app (issue 39, docs/decisions/0224): `node:http` with no
 * framework rendering a list's own page as the app's page loader does (server/modules/lists/routes.ts),
 * through the app's own functions: the same statements (listPageData, the business's terms), the
 * same React render and shell, the same gzip and tag. It leaves out the framework: routing, hooks,
 * schemas, the render's rate limit, the read cache. Run by bench/list-page-cold.ts with
 * DATABASE_URL or DATA_DIR, and PORT.
 */
const web = await loadWebRender();
if (!web) throw new Error('the server render is not built: run `npm run build`');
const { renderPage, renderedPageModule } = web;

const config = loadConfig({ PUBLIC_URL: 'http://127.0.0.1', LOG_LEVEL: 'silent' });
const database = await openDatabase({
  databaseUrl: process.env.DATABASE_URL,
  dataDir: process.env.DATA_DIR ?? 'unused',
  listen: false,
});
const terms = termsService(database.db);
const shell = shellPages(WEB_ROOT);
const origin = new URL(config.publicUrl).origin;
const LIST_PATH = /^\/([^/]+)\/lists\/([^/?]+)$/;

function send(response: ServerResponse, status: number, headers: Record<string, string | number>, body?: Buffer | string) {
  response.writeHead(status, { ...headers, 'content-length': body === undefined ? 0 : Buffer.byteLength(body) });
  response.end(body);
}

async function listPage(request: IncomingMessage, response: ServerResponse, handle: string, slug: string) {
  const now = Date.now();
  const answer = await answerOf(listPageSchema, () => listPageData(database.db, handle, slug, null));
  if (!answer.ok) return send(response, answer.status, {});
  const page = answer.body as ListPage;
  const answers: Record<string, PreloadedAnswer> = { [listPaths.page(handle, slug)]: answer };
  if (!page.list.locked)
    answers[termsPath(handle)] = await answerOf(publicTermsAnswerSchema, () => terms.publicTerms(handle, now));
  const preloaded = { origin, answers };
  const head = listLinkPreviewTags(page, config.publicUrl, localDate(new Date(now)));
  const root = await renderPage(request.url ?? '/', 'list', preloaded);
  const bytes = PageBytes.plain(shell.page(head, root, scriptJson(preloaded), renderedPageModule('list')));
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

const OK = '{"status":"ok"}';
createServer((request, response) => {
  const url = request.url ?? '/';
  const list = LIST_PATH.exec(url);
  const answer =
    url === '/healthz'
      ? Promise.resolve(send(response, 200, { 'content-type': 'application/json; charset=utf-8' }, OK))
      : list
        ? listPage(request, response, decodeURIComponent(list[1]!), decodeURIComponent(list[2]!))
        : Promise.resolve(send(response, 404, {}));
  answer.catch(() => send(response, 500, {}));
}).listen(Number(process.env.PORT), '127.0.0.1');
