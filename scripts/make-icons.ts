/**
 * Draws the home-screen icons in web/public from the product mark (the favicon's "F").
 * Run after changing the mark: `npx tsx scripts/make-icons.ts`.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Resvg } from '@resvg/resvg-js';

const GREEN = '#1f7a4d';
const F = 'M20 46V18h24v7H28v5h13v7H28v9z';
const out = join(import.meta.dirname, '../web/public');

/** `rounded`: the favicon's own shape; otherwise full-bleed, for platforms that apply their own mask. */
function icon(size: number, rounded: boolean, safeZone = 1): Buffer {
  const inset = (64 * (1 - safeZone)) / 2;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 64 64">
  <rect width="64" height="64" rx="${rounded ? 14 : 0}" fill="${GREEN}"/>
  <path transform="translate(${inset} ${inset}) scale(${safeZone})" d="${F}" fill="#fff"/>
</svg>`;
  return new Resvg(svg, { fitTo: { mode: 'width', value: size } }).render().asPng();
}

writeFileSync(join(out, 'icon-192.png'), icon(192, true));
writeFileSync(join(out, 'icon-512.png'), icon(512, true));
// Maskable icons may be cropped to a circle: keep the mark inside the central 80%.
writeFileSync(join(out, 'icon-maskable-512.png'), icon(512, false, 0.8));
writeFileSync(join(out, 'apple-touch-icon.png'), icon(180, false));
