// Draws QR codes and cards in a worker thread (docs/decisions/0087). Plain JavaScript on purpose:
// it loads the same under tsx, vitest and bare Node, with no TypeScript loader in the thread.
import QRCode from 'qrcode';

/** Loaded on the first card: the renderer is a native module most workers never use. */
let resvg;

/**
 * One drawing, described by ./qr.ts (DrawTask): a QR code as PNG or SVG, or an SVG drawn as PNG.
 * @param {{ kind: 'qr-png' | 'qr-svg', data: string, options: object } | { kind: 'svg-png', svg: string, options: object }} task
 * @returns {Promise<Uint8Array | string>}
 */
export default async function draw(task) {
  switch (task.kind) {
    case 'qr-png':
      return QRCode.toBuffer(task.data, { ...task.options, type: 'png' });
    case 'qr-svg':
      return QRCode.toString(task.data, { ...task.options, type: 'svg' });
    case 'svg-png': {
      resvg ??= await import('@resvg/resvg-js');
      return new resvg.Resvg(task.svg, task.options).render().asPng();
    }
    default:
      throw new Error(`unknown drawing: ${task.kind}`);
  }
}
