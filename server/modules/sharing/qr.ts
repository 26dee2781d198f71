import { join } from 'node:path';
import type { ResvgRenderOptions } from '@resvg/resvg-js';
import QRCode from 'qrcode';
import { QR_CARD_HEIGHT, QR_CARD_WIDTH, type QrFormat } from '../../../core/sharing';
import { printableText } from '../../../core/text';

/**
 * 'M' restores about 15% of the code: enough for a scuffed counter sticker, while a profile URL
 * still fits a coarse grid that phones read from a distance.
 */
const ERROR_CORRECTION = 'M' as const;
/** The quiet zone, in modules; the standard asks for 4, phones manage with 2 on a white card. */
const MARGIN = 2;

const FONT_DIR = join(import.meta.dirname, 'fonts');
/** Bundled rather than system fonts: the card looks the same on every machine, fonts installed or not. */
const FONT_FILES = [join(FONT_DIR, 'DejaVuSans.ttf'), join(FONT_DIR, 'DejaVuSans-Bold.ttf')];

export interface QrImage {
  body: Buffer | string;
  contentType: string;
}

/** A drawing for ./draw-worker.mjs: only plain data crosses to the worker thread. */
export type DrawTask =
  | { kind: 'qr-png' | 'qr-svg'; data: string; options: QRCode.QRCodeToBufferOptions }
  | { kind: 'svg-png'; svg: string; options: ResvgRenderOptions };

export const contentTypes: Record<DrawTask['kind'], string> = {
  'qr-png': 'image/png',
  'qr-svg': 'image/svg+xml; charset=utf-8',
  'svg-png': 'image/png',
};

/** The QR code of `data` as a square image `size` pixels wide. */
export function qrTask(data: string, size: number, format: QrFormat): DrawTask {
  return {
    kind: format === 'svg' ? 'qr-svg' : 'qr-png',
    data,
    options: { errorCorrectionLevel: ERROR_CORRECTION, margin: MARGIN, width: size },
  };
}

const escapeXml = (text: string) =>
  text.replace(/[<>&'"]/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[c] ?? c);

/** Shortens text to `max` characters with an ellipsis, counting characters, not UTF-16 units. */
function clip(text: string, max: number): string {
  const chars = [...text];
  return chars.length > max ? `${chars.slice(0, max - 1).join('')}…` : text;
}

/** The QR modules as one SVG path in module units: one square per dark module. */
function qrPath(data: string): { d: string; size: number } {
  const { modules } = QRCode.create(data, { errorCorrectionLevel: ERROR_CORRECTION });
  let d = '';
  for (let row = 0; row < modules.size; row++) {
    for (let col = 0; col < modules.size; col++) {
      if (modules.get(row, col)) d += `M${col} ${row}h1v1h-1z`;
    }
  }
  return { d, size: modules.size };
}

/** A font size that keeps a line of `length` characters inside `width` pixels. */
function fitFontSize(length: number, width: number, max: number, charWidthEm: number): number {
  return Math.max(14, Math.min(max, Math.floor(width / (Math.max(length, 1) * charWidthEm))));
}

export interface CardContent {
  handle: string;
  displayName: string;
  /** The URL the QR code opens. */
  url: string;
  /** The business's logo as PNG bytes (issue 15 §3): drawn beside the handle and name. */
  logoPng?: Buffer | null;
}

/** The handle and display name: centred under the QR code, or beside the logo when there is one. */
function nameLines(handle: string, displayName: string, logoPng: Buffer | null | undefined): string {
  const W = QR_CARD_WIDTH;
  const handleText = `@${handle}`;
  // A control character makes the SVG unreadable to the renderer (a 500): names stored before the rule still draw.
  const shown = printableText(displayName).trim() || handle;
  if (!logoPng) {
    const name = clip(shown, 40);
    const handleSize = fitFontSize(handleText.length, W - 80, 46, 0.62);
    const nameSize = fitFontSize([...name].length, W - 80, 30, 0.6);
    return `<text x="${W / 2}" y="606" text-anchor="middle" font-family="DejaVu Sans" font-weight="bold" font-size="${handleSize}" fill="#1b1f1d">${escapeXml(handleText)}</text>
  <text x="${W / 2}" y="652" text-anchor="middle" font-family="DejaVu Sans" font-size="${nameSize}" fill="#5b6660">${escapeXml(name)}</text>`;
  }
  const textX = 176;
  const width = W - textX - 40;
  const name = clip(shown, 30);
  const handleSize = fitFontSize(handleText.length, width, 40, 0.62);
  const nameSize = fitFontSize([...name].length, width, 26, 0.6);
  const logo = `data:image/png;base64,${logoPng.toString('base64')}`;
  return `<clipPath id="logo"><rect x="52" y="560" width="104" height="104" rx="16"/></clipPath>
  <rect x="48" y="556" width="112" height="112" rx="20" fill="#ffffff" stroke="#dde3df" stroke-width="2"/>
  <image href="${logo}" x="52" y="560" width="104" height="104" preserveAspectRatio="xMidYMid meet" clip-path="url(#logo)"/>
  <text x="${textX}" y="604" font-family="DejaVu Sans" font-weight="bold" font-size="${handleSize}" fill="#1b1f1d">${escapeXml(handleText)}</text>
  <text x="${textX}" y="646" font-family="DejaVu Sans" font-size="${nameSize}" fill="#5b6660">${escapeXml(name)}</text>`;
}

/** The widest address line, in characters, at the smallest size a printed card stays readable at (16 px). */
const ADDRESS_LINE_CHARS = 54;

/**
 * The card's address in full, on as many lines as it takes (#31: a clipped one nobody could type):
 * broken after a '/' or a '-', a part longer than a line cut where it must.
 */
export function addressLines(address: string, max = ADDRESS_LINE_CHARS): string[] {
  const parts = address.split(/(?<=[/-])/).flatMap((part) => part.match(new RegExp(`.{1,${max}}`, 'gu')) ?? []);
  const lines: string[] = [];
  for (const part of parts) {
    const last = lines.length - 1;
    if (last >= 0 && [...(lines[last] ?? '')].length + [...part].length <= max) lines[last] += part;
    else lines.push(part);
  }
  return lines;
}

/** The printable counter sticker (spec 9: 600x800) as SVG: product mark, QR, logo, @handle, display name, address. */
export function cardSvg({ handle, displayName, url, logoPng }: CardContent): string {
  const W = QR_CARD_WIDTH;
  const H = QR_CARD_HEIGHT;
  const qr = qrPath(url);
  const qrBox = 380;
  const qrX = (W - qrBox) / 2;
  const qrY = 150;
  const quiet = MARGIN * (qrBox / (qr.size + MARGIN * 2));
  const scale = (qrBox - 2 * quiet) / qr.size;
  const address = addressLines(url.replace(/^https?:\/\//, ''));
  const addressSize = fitFontSize(Math.max(...address.map((line) => [...line].length)), W - 80, 22, 0.6);
  // The green band grows upwards by a line for each line the address takes beyond one.
  const lineGap = Math.round(addressSize * 1.15);
  const band = H - 112 - (address.length - 1) * lineGap;
  const addressText = address
    .map(
      (line, i) =>
        `<text x="${W / 2}" y="${H - 72 - (address.length - 1 - i) * lineGap}" text-anchor="middle" font-family="DejaVu Sans" font-weight="bold" font-size="${addressSize}" fill="#ffffff">${escapeXml(line)}</text>`,
    )
    .join('\n  ');

  return `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}">
  <rect width="${W}" height="${H}" fill="#ffffff"/>
  <clipPath id="edge"><rect x="12" y="12" width="${W - 24}" height="${H - 24}" rx="28"/></clipPath>
  <rect x="12" y="12" width="${W - 24}" height="${H - 24}" rx="28" fill="#f6f8f6"/>
  <g transform="translate(${W / 2 - 118} 52)">
    <rect width="48" height="48" rx="10.5" fill="#1f7a4d"/>
    <path transform="scale(0.75)" d="M20 46V18h24v7H28v5h13v7H28v9z" fill="#ffffff"/>
    <text x="62" y="37" font-family="DejaVu Sans" font-weight="bold" font-size="34" fill="#1f7a4d">Freshlist</text>
  </g>
  <text x="${W / 2}" y="132" text-anchor="middle" font-family="DejaVu Sans" font-size="20" fill="#5b6660">Scan to see our latest list</text>
  <rect x="${qrX}" y="${qrY}" width="${qrBox}" height="${qrBox}" rx="16" fill="#ffffff" stroke="#dde3df" stroke-width="2"/>
  <path transform="translate(${qrX + quiet} ${qrY + quiet}) scale(${scale})" d="${qr.d}" fill="#1b1f1d" shape-rendering="crispEdges"/>
  ${nameLines(handle, displayName, logoPng)}
  <rect x="12" y="${band}" width="${W - 24}" height="${H - 12 - band}" fill="#1f7a4d" clip-path="url(#edge)"/>
  ${addressText}
  <text x="${W / 2}" y="${H - 40}" text-anchor="middle" font-family="DejaVu Sans" font-size="16" fill="#d7efe2">Follow us on Freshlist</text>
  <rect x="12" y="12" width="${W - 24}" height="${H - 24}" rx="28" fill="none" stroke="#1f7a4d" stroke-width="4"/>
</svg>`;
}

/** The card as a PNG drawing; the SVG is made here (about a millisecond), the pixels in the worker. */
export function cardTask(content: CardContent): DrawTask {
  return {
    kind: 'svg-png',
    svg: cardSvg(content),
    options: {
      font: { fontFiles: FONT_FILES, loadSystemFonts: false, defaultFontFamily: 'DejaVu Sans' },
      fitTo: { mode: 'original' },
    },
  };
}
