import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

/**
 * The one server file that reaches into web/ (biome.json says so): the render of the public pages
 * (docs/decisions/0108, 0119), from the server build `npm run build` makes (`vite build --ssr`,
 * dist/server/render-page.js). Only its type comes from the source.
 */
export type WebRender = typeof import('../../web/app/render-page');

export const SERVER_BUILD = resolve(import.meta.dirname, '../../dist/server/render-page.js');

/** Whether this is a Vitest worker, whose own transform loads the components' source, style imports and all. */
const inVitest = () => '__vitest_worker__' in globalThis;

/**
 * The render, or null when there is none to load (not built): pages are then left to the
 * browser, as every page was before they were rendered on the server. Under Vitest, always the
 * source itself: the API tests need no build step and never test an old build (docs/decisions/0119).
 */
export async function loadWebRender(build = SERVER_BUILD): Promise<WebRender | null> {
  if (inVitest()) return import('../../web/app/render-page');
  if (existsSync(build)) return (await import(pathToFileURL(build).href)) as WebRender;
  return null;
}
