import { LIST_MESSAGES } from '../../../core/list-messages';

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

const CSS = `body{font-family:system-ui,sans-serif;background:#f6f8f6;margin:0;padding:2rem 1rem;color:#1b1f1d;line-height:1.5}
main{background:#fff;padding:1.5rem 2rem;border-radius:12px;border:1px solid #dde3df;max-width:32rem;margin:10vh auto}
h1{font-size:1.4rem;margin:0 0 .5rem}.brand{color:#1f7a4d;font-weight:700;text-decoration:none}
a.button{display:inline-block;margin-top:1rem;padding:.6rem 1.2rem;background:#1f7a4d;color:#fff;border-radius:8px;text-decoration:none}`;

/**
 * The page an old 'go to page' link shows once its post was removed (410 Gone): what happened and
 * the way to the profile, where the newest lists are. Served by the server, since the link opens in
 * a new tab straight from the open route; no scripts.
 */
export function removedPostPage(handle: string): string {
  const who = `@${escapeHtml(handle)}`;
  const profile = `/${encodeURIComponent(handle)}`;
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex"><title>${escapeHtml(LIST_MESSAGES.removed)} · Freshlist</title><style>${CSS}</style></head>
<body><main><p><a class="brand" href="/">Freshlist</a></p>
<h1>${escapeHtml(LIST_MESSAGES.removed)}</h1>
<p>${who} removed this version of a list. Their profile has their latest lists.</p>
<a class="button" href="${profile}">See ${who}'s lists</a></main></body></html>`;
}

/**
 * The page an open link shows once its author's handle was removed (410 Gone): the list is public
 * no more, and nothing names the handle, which someone else may hold by now.
 */
export function goneListPage(): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex"><title>${escapeHtml(LIST_MESSAGES.gone)} · Freshlist</title><style>${CSS}</style></head>
<body><main><p><a class="brand" href="/">Freshlist</a></p>
<h1>${escapeHtml(LIST_MESSAGES.gone)}</h1>
<p>The business that shared it is no longer on Freshlist.</p>
<a class="button" href="/explore">Explore businesses</a></main></body></html>`;
}
