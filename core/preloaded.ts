/**
 * What the server rendered a public page with (docs/decisions/0108), so the browser's first render
 * shows the same thing and hydrates without asking the API again. Each answer is keyed by the API
 * path the page would have fetched: a page asks for it by the same path its api.ts builds.
 */
export interface Preloaded {
  /** The site's origin as the server knows it (PUBLIC_URL), so both renders show the same address. */
  origin: string;
  answers: Record<string, PreloadedAnswer>;
}

/** An API answer: its body, or its error (a 404 page renders too). */
export type PreloadedAnswer = { ok: true; body: unknown } | { ok: false; status: number; message: string };

/** The id of the JSON script the server writes after the page's HTML. */
export const PRELOADED_SCRIPT_ID = 'preloaded';
